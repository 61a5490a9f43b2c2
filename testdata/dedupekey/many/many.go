// Package many registers its tools through one helper called more times
// than the engine follows a helper's callers up: each call is still one
// registration, judged with its own name and handler.
package many

import (
	"context"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type srv struct {
	s     *server.MCPServer
	tools map[string]mcp.Tool
}

// add registers the tool of that name, if the server defines it.
func (m *srv) add(name string, h server.ToolHandlerFunc) {
	if tool, ok := m.tools[name]; ok {
		m.s.AddTool(tool, h)
	}
}

func read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

func appendNote(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	f, err := os.OpenFile("notes.log", os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644) // want `tool "add_note" is not idempotent but writes a file`
	if err != nil {
		return nil, err
	}
	defer f.Close()
	_, err = f.WriteString(req.GetString("note", "") + "\n")
	return nil, err
}

// Register makes ten registrations through the helper.
func Register(s *server.MCPServer) {
	m := &srv{s: s, tools: map[string]mcp.Tool{
		"read_1": mcp.NewTool("read_1"), "read_2": mcp.NewTool("read_2"), "read_3": mcp.NewTool("read_3"),
		"read_4": mcp.NewTool("read_4"), "read_5": mcp.NewTool("read_5"), "read_6": mcp.NewTool("read_6"),
		"read_7": mcp.NewTool("read_7"), "read_8": mcp.NewTool("read_8"), "read_9": mcp.NewTool("read_9"),
		"add_note": mcp.NewTool("add_note"),
	}}
	m.add("read_1", read)
	m.add("read_2", read)
	m.add("read_3", read)
	m.add("read_4", read)
	m.add("read_5", read)
	m.add("read_6", read)
	m.add("read_7", read)
	m.add("read_8", read)
	m.add("read_9", read)
	m.add("add_note", appendNote)
}
