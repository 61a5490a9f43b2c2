// Package mw holds handler middleware.
package mw

import (
	"context"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Observe logs each call.
func Observe(name string, h func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error)) func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		log.Printf("call %s", name)
		return h(ctx, req)
	}
}

// Audit records each call.
func Audit(name string, h server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := h(ctx, req)
		log.Printf("audit %s: %v", name, err)
		return res, err
	}
}

type resolver struct{ accounts map[string]string }

func (r *resolver) middleware(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if _, ok := r.accounts[req.GetString("account", "")]; !ok {
			return mcp.NewToolResultError("no such account"), nil
		}
		return next(ctx, req)
	}
}

// Resolver returns a middleware that resolves the account argument: a
// method value.
func Resolver(accounts map[string]string) func(server.ToolHandlerFunc) server.ToolHandlerFunc {
	r := &resolver{accounts: accounts}
	return r.middleware
}
