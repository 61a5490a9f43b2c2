// Package mapdefs is a hand-written MCP server whose tools/list writes
// each tool definition as a map literal, in a function the case calls,
// and whose tools/call dispatches by a switch on the tool's name.
package mapdefs

import (
	"encoding/json"
	"fmt"
	"os"
)

type response struct {
	ID     any `json:"id"`
	Result any `json:"result"`
}

// Server holds the queue directory.
type Server struct{ dir string }

// Handle answers one request.
func (s *Server) Handle(id any, method string, params json.RawMessage) (any, error) {
	switch method {
	case "tools/list":
		return s.listTools(id), nil
	case "tools/call":
		return s.callTool(params)
	}
	return nil, fmt.Errorf("method not found: %s", method)
}

func (s *Server) listTools(id any) any {
	tools := []map[string]any{
		{
			"name":        "enqueue_job",
			"description": "Queue a job",
			"inputSchema": map[string]any{"type": "object"},
		},
		{
			"name":        "reset_queue",
			"inputSchema": map[string]any{"type": "object"},
			"annotations": map[string]any{"idempotentHint": true},
		},
		{
			"name":        "queue_length",
			"inputSchema": map[string]any{"type": "object"},
			"annotations": map[string]any{"readOnlyHint": true},
		},
	}
	return response{ID: id, Result: map[string]any{"tools": tools}}
}

func (s *Server) callTool(params json.RawMessage) (string, error) {
	var req struct {
		Name      string         `json:"name"`
		Arguments map[string]any `json:"arguments"`
	}
	if err := json.Unmarshal(params, &req); err != nil {
		return "", err
	}
	switch req.Name {
	case "enqueue_job":
		f, err := os.OpenFile(s.dir+"/queue", os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o644) // want `tool "enqueue_job" is not idempotent but writes a file`
		if err != nil {
			return "", err
		}
		defer f.Close()
		_, err = f.WriteString(fmt.Sprint(req.Arguments["job"]) + "\n")
		return "ok", err
	case "reset_queue":
		// ok: annotated idempotent in its definition, and an overwrite.
		return "ok", os.WriteFile(s.dir+"/queue", nil, 0o644)
	case "queue_length":
		b, err := os.ReadFile(s.dir + "/queue")
		return fmt.Sprint(len(b)), err
	}
	return "", fmt.Errorf("unknown tool %q", req.Name)
}
