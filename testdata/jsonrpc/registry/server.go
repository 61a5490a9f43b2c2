// Package registry is a hand-written MCP server whose tools are values
// of an interface, kept in a map by name and dispatched by tools/call.
package registry

import (
	"database/sql"
	"encoding/json"
	"fmt"

	"example.com/jsonrpc/registry/handlers"
)

// Tool is what the server dispatches to.
type Tool interface {
	Name() string
	Execute(args map[string]any) (string, error)
}

// Server maps tool names to tools.
type Server struct {
	tools map[string]Tool
}

// New registers every tool.
func New(base string, db *sql.DB) *Server {
	s := &Server{tools: make(map[string]Tool)}
	s.tools["send_message"] = handlers.NewSendMessageTool(base) // want `tool "send_message" is not idempotent but sends an HTTP POST`
	s.tools["list_messages"] = handlers.NewListMessagesTool(base)
	s.tools["archive_message"] = handlers.NewArchiveTool(db) // want `tool "archive_message" is not idempotent but writes to an SQL database`
	return s
}

// Message is a JSON-RPC message.
type Message struct {
	ID     any             `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

// Handle answers one message.
func (s *Server) Handle(msg *Message) (any, error) {
	switch msg.Method {
	case "tools/list":
		var list []map[string]any
		for _, t := range s.tools {
			list = append(list, map[string]any{"name": t.Name()})
		}
		return map[string]any{"tools": list}, nil
	case "tools/call":
		return s.handleToolCall(msg)
	}
	return nil, fmt.Errorf("method not found: %s", msg.Method)
}

func (s *Server) handleToolCall(msg *Message) (any, error) {
	var params struct {
		Name      string         `json:"name"`
		Arguments map[string]any `json:"arguments"`
	}
	if err := json.Unmarshal(msg.Params, &params); err != nil {
		return nil, err
	}
	tool, ok := s.tools[params.Name]
	if !ok {
		return nil, fmt.Errorf("tool not found: %s", params.Name)
	}
	return tool.Execute(params.Arguments)
}
