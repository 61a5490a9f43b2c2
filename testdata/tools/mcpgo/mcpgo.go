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

// RegisterLocal registers through a local function literal: each call
// of it is one registration, and the literal's own AddTool none.
func RegisterLocal(s *server.MCPServer, readOnly bool) {
	add := func(tool mcp.Tool, handler server.ToolHandlerFunc) {
		if readOnly && (tool.Annotations.ReadOnlyHint == nil || !*tool.Annotations.ReadOnlyHint) {
			return
		}
		s.AddTool(tool, handler)
	}
	add(mcp.NewTool("local_append", mcp.WithIdempotentHintAnnotation(false)), appendLine)
	add(mcp.NewTool("local_peek", mcp.WithReadOnlyHintAnnotation(true)), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("ok"), nil
	})
}

func appendLine(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	f, err := os.OpenFile("log", os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	_, err = f.WriteString(req.GetString("line", "") + "\n")
	return nil, err
}
