// Package protocol is a server that speaks MCP's JSON-RPC itself, with
// no SDK: it answers tools/list from the tools registered with
// RegisterTool and dispatches tools/call to their handlers by name.
package protocol

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
)

// Tool is a tool definition as tools/list returns it.
type Tool struct {
	Name        string           `json:"name"`
	Description string           `json:"description,omitempty"`
	InputSchema map[string]any   `json:"inputSchema"`
	Annotations *ToolAnnotations `json:"annotations,omitempty"`
}

// ToolAnnotations are the hints of a tool.
type ToolAnnotations struct {
	ReadOnlyHint   bool `json:"readOnlyHint,omitempty"`
	IdempotentHint bool `json:"idempotentHint,omitempty"`
}

// ToolHandler runs a tool call.
type ToolHandler func(args map[string]any) (string, error)

// Server holds the registered tools.
type Server struct {
	tools    []Tool
	handlers map[string]ToolHandler
}

// NewServer returns a server with no tools.
func NewServer() *Server {
	return &Server{handlers: make(map[string]ToolHandler)}
}

// RegisterTool adds a tool and its handler.
func (s *Server) RegisterTool(tool Tool, handler ToolHandler) {
	s.tools = append(s.tools, tool)
	s.handlers[tool.Name] = handler
}

type request struct {
	ID     any            `json:"id"`
	Method string         `json:"method"`
	Params map[string]any `json:"params"`
}

// Serve answers requests read from r, one a line.
func (s *Server) Serve(r io.Reader, w io.Writer) error {
	sc := bufio.NewScanner(r)
	enc := json.NewEncoder(w)
	for sc.Scan() {
		var req request
		if err := json.Unmarshal(sc.Bytes(), &req); err != nil {
			return err
		}
		var result any
		var err error
		switch req.Method {
		case "tools/list":
			result = map[string]any{"tools": s.tools}
		case "tools/call":
			result, err = s.callTool(req.Params)
		default:
			err = fmt.Errorf("method not found: %s", req.Method)
		}
		if err != nil {
			result = map[string]any{"isError": true, "content": err.Error()}
		}
		if err := enc.Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": result}); err != nil {
			return err
		}
	}
	return sc.Err()
}

func (s *Server) callTool(params map[string]any) (any, error) {
	name, _ := params["name"].(string)
	args, _ := params["arguments"].(map[string]any)
	handler, ok := s.handlers[name]
	if !ok {
		return nil, fmt.Errorf("unknown tool %q", name)
	}
	text, err := handler(args)
	if err != nil {
		return nil, err
	}
	return map[string]any{"content": []map[string]any{{"type": "text", "text": text}}}, nil
}
