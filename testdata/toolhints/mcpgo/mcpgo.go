// Package mcpgo registers tools with mark3labs/mcp-go.
package mcpgo

import (
	"context"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/toolhints/store"
)

var led = &store.Ledger{Path: "ledger"}

func appendLine(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, led.Append(req.GetString("account", "")) // want `tool "get_sentinel_mock" is annotated read-only but writes a file`
}

func overwrite(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, os.WriteFile("x", nil, 0o644) // want `tool "peek" is annotated read-only`
}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("get_sentinel_mock", mcp.WithReadOnlyHintAnnotation(true)), appendLine)
	s.AddTool(mcp.NewTool("peek", mcp.WithToolAnnotation(mcp.ToolAnnotation{ReadOnlyHint: mcp.ToBoolPtr(true)})), overwrite)

	// ok: read-only and reading.
	s.AddTool(mcp.NewTool("read", mcp.WithReadOnlyHintAnnotation(true)), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		_, err := store.Read("x")
		return nil, err
	})
	// ok: read-only and POSTing a query.
	s.AddTool(mcp.NewTool("query", mcp.WithReadOnlyHintAnnotation(true)), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, store.Query(ctx, "http://example.com/q")
	})

	s.AddTool(mcp.NewTool("clone", mcp.WithIdempotentHintAnnotation(true)), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		f, err := os.OpenFile("log", os.O_APPEND|os.O_WRONLY, 0) // want `tool "clone" is annotated idempotent but writes a file \(os.OpenFile\)`
		if err != nil {
			return nil, err
		}
		return nil, f.Close()
	})
	// ok: idempotent and overwriting.
	s.AddTool(mcp.NewTool("set", mcp.WithIdempotentHintAnnotation(true)), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, os.WriteFile("x", nil, 0o644)
	})
	// ok: idempotent, keyed by an argument named like a dedupe key.
	s.AddTool(mcp.NewTool("record", mcp.WithIdempotentHintAnnotation(true)), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		key, err := req.RequireString("idempotency_key")
		if err != nil {
			return nil, err
		}
		return nil, led.AppendOnce(key, "a")
	})
	// ok: NewTool defaults (not read-only, not idempotent).
	s.AddTool(mcp.NewTool("charge"), appendLine2)
	// ok: server.ServerTool with a read-only annotation and a reading handler.
	s.AddTools(server.ServerTool{Tool: mcp.NewTool("list", mcp.WithReadOnlyHintAnnotation(true)), Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("ok"), nil
	}})
}

func appendLine2(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, led.Append("x")
}
