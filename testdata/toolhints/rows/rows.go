// Package rows registers a tool per row of a table through one literal
// written in the loop: each tool is judged by its own row's method.
package rows

import (
	"context"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type endpoint struct {
	name, method, path string
}

// Both rows are annotated read-only: get_items GETs and is right;
// touch_items POSTs.
var endpoints = []endpoint{
	{"get_items", http.MethodGet, "/items"},
	{"touch_items", http.MethodPost, "/items/touch"},
}

// Register adds a tool per endpoint.
func Register(s *server.MCPServer, base string) {
	for _, ep := range endpoints {
		s.AddTool(mcp.NewTool(ep.name, mcp.WithReadOnlyHintAnnotation(true)), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			r, err := http.NewRequestWithContext(ctx, ep.method, base+ep.path, nil)
			if err != nil {
				return nil, err
			}
			resp, err := http.DefaultClient.Do(r) // want `tool "touch_items" is annotated read-only but sends an HTTP POST`
			if err != nil {
				return nil, err
			}
			resp.Body.Close()
			return mcp.NewToolResultText(resp.Status), nil
		})
	}
}
