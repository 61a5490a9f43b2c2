// Package mcpgo registers tools with mcp-go, for the tool inventory.
package mcpgo

import (
	"context"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func Register(s *server.MCPServer) {
	// Removes a file; declared destructive.
	s.AddTool(mcp.NewTool("purge", mcp.WithDestructiveHintAnnotation(true)),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, os.Remove(req.GetString("path", ""))
		})

	// Reads only; not annotated: a candidate.
	s.AddTool(mcp.NewTool("status"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("ok"), nil
	})

	// Reads only; annotated read-only: no candidate.
	s.AddTool(mcp.NewTool("status_ro", mcp.WithReadOnlyHintAnnotation(true)), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("ok"), nil
	})
}
