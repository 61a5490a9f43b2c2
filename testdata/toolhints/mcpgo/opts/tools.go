package opts

import (
	"context"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// ListThings returns a read-only, paginated tool whose handler writes.
func ListThings() server.ServerTool {
	return server.ServerTool{
		Tool: mcp.NewTool("list_things", mcp.WithReadOnlyHintAnnotation(true), WithPagination()),
		Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, os.WriteFile("things", nil, 0o644) // want `tool "list_things" is annotated read-only`
		},
	}
}

// ReadThings returns a read-only, paginated tool that reads.
func ReadThings() server.ServerTool {
	return server.ServerTool{
		Tool: mcp.NewTool("read_things", ReadOnly(), WithPagination()),
		Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			_, err := os.ReadFile("things")
			return nil, err
		},
	}
}

// AddAll registers the tools it is given, as the ServerTools pair them.
func AddAll(s *server.MCPServer, ts []server.ServerTool) {
	for _, t := range ts {
		s.AddTool(t.Tool, t.Handler)
	}
}
