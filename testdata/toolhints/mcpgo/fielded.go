package mcpgo

import (
	"context"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// A table of definitions whose read-only flag a helper turns into an
// option, appended only when the flag is set: each element decides it.
type fieldedDef struct {
	name     string
	readOnly bool
	handler  server.ToolHandlerFunc
}

var fieldedDefs = []fieldedDef{
	{name: "fielded_add", handler: fieldedAdd},
	{name: "fielded_peek", readOnly: true, handler: fieldedPeek},
}

func fieldedAdd(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, os.WriteFile("add.txt", nil, 0o644) // ok: not annotated read-only
}

func fieldedPeek(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, os.WriteFile("peek.txt", nil, 0o644) // want `tool "fielded_peek" is annotated read-only`
}

func fieldedTool(d fieldedDef) mcp.Tool {
	opts := []mcp.ToolOption{mcp.WithDescription(d.name)}
	if d.readOnly {
		opts = append(opts, mcp.WithReadOnlyHintAnnotation(true))
	}
	return mcp.NewTool(d.name, opts...)
}

func RegisterFielded(s *server.MCPServer) {
	for _, d := range fieldedDefs {
		s.AddTool(fieldedTool(d), d.handler)
	}
}
