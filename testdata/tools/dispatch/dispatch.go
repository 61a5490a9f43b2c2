// Package dispatch registers tools whose handler runs one of several
// operations, chosen by an argument (a dispatcher): one row each in the
// inventory, with the effects of all operations.
package dispatch

import (
	"context"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type op struct {
	name string
	run  server.ToolHandlerFunc
}

func dispatcher(ops []op) server.ToolHandlerFunc {
	byName := make(map[string]op, len(ops))
	for _, o := range ops {
		byName[o.name] = o
	}
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		o, ok := byName[req.GetString("operation", "")]
		if !ok {
			return mcp.NewToolResultError("unknown operation"), nil
		}
		return o.run(ctx, req)
	}
}

func readNote(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	b, err := os.ReadFile(req.GetString("path", ""))
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(b)), nil
}

func appendNote(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	f, err := os.OpenFile(req.GetString("path", ""), os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	_, err = f.WriteString(req.GetString("text", ""))
	return nil, err
}

func statNote(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := os.Stat(req.GetString("path", "")); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("exists"), nil
}

// Register registers notes (one operation appends) and inspect (both
// read: a read-only candidate).
func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("notes"), dispatcher([]op{{"read", readNote}, {"append", appendNote}}))
	s.AddTool(mcp.NewTool("inspect"), dispatcher([]op{{"read", readNote}, {"stat", statNote}}))
}
