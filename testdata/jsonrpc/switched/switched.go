// Package switched is a hand-written MCP server that dispatches
// tools/call by a switch on the tool's name; the tool definitions it
// lists carry their hints in a map keyed by the wire names.
package switched

import (
	"encoding/json"
	"fmt"
	"os"
)

// Tool is a tool definition as tools/list returns it.
type Tool struct {
	Name        string         `json:"name"`
	InputSchema map[string]any `json:"inputSchema"`
	Annotations map[string]any `json:"annotations,omitempty"`
}

func idempotent() map[string]any {
	return map[string]any{"readOnlyHint": false, "idempotentHint": true}
}

// ListTools returns the tools.
func ListTools() []Tool {
	return []Tool{
		{Name: "append_note", InputSchema: map[string]any{"type": "object"}},
		{Name: "save_note", InputSchema: map[string]any{"type": "object"}, Annotations: idempotent()},
		{Name: "read_note", InputSchema: map[string]any{"type": "object"}, Annotations: map[string]any{"readOnlyHint": true, "idempotentHint": true}},
	}
}

// Server holds the notes directory.
type Server struct{ dir string }

// Handle answers one request.
func (s *Server) Handle(method string, params map[string]any) (any, error) {
	switch method {
	case "tools/list":
		return map[string]any{"tools": ListTools()}, nil
	case "tools/call":
		return s.callTool(params)
	}
	return nil, fmt.Errorf("method not found: %s", method)
}

func (s *Server) callTool(params map[string]any) (string, error) {
	name, _ := params["name"].(string)
	args, _ := params["arguments"].(map[string]any)
	path, _ := args["path"].(string)
	switch name {
	case "append_note":
		f, err := os.OpenFile(s.dir+"/"+path, os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o644) // want `tool "append_note" is not idempotent but writes a file`
		if err != nil {
			return "", err
		}
		defer f.Close()
		text, _ := args["text"].(string)
		_, err = f.WriteString(text + "\n")
		return "ok", err
	case "save_note":
		// ok: annotated idempotent in its definition, and an overwrite.
		text, _ := args["text"].(string)
		return "ok", os.WriteFile(s.dir+"/"+path, []byte(text), 0o644)
	case "read_note":
		b, err := os.ReadFile(s.dir + "/" + path)
		return string(b), err
	case "undefined_note":
		// ok: no definition of this name: its hints are unknown.
		return "ok", os.WriteFile(s.dir+"/"+path, nil, 0o644)
	}
	// A switch on another string is no dispatch of tools.
	switch mode, _ := args["mode"].(string); mode {
	case "touch":
		return "ok", os.WriteFile(s.dir+"/touched", nil, 0o644)
	}
	out, err := json.Marshal(params)
	return string(out), err
}
