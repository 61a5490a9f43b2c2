// Package mw declares handler middleware used by another package.
package mw

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/dedupekey/store"
)

type Handler func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error)

// Trace is generic over the handler type.
func Trace[H ~func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error)](name string, h H) H {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		store.Log("start " + name)
		defer store.Log("end " + name)
		return h(ctx, req)
	}
}

// Adapt converts the package's handler type to mcp-go's.
func Adapt(h Handler) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return h(ctx, req)
	}
}

// Guard takes two functions: only its fact tells which is the handler.
func Guard(check func(context.Context) error, h server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if err := check(ctx); err != nil {
			return nil, err
		}
		return h(ctx, req)
	}
}

// Static is a factory: the function it takes is a logger, not a handler.
func Static(text string, log func(string)) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		log(text)
		return mcp.NewToolResultText(text), nil
	}
}

// Via calls the handler through a function that calls it: Via wraps h
// as Adapt does.
func Via(h server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return call(h, ctx, req)
	}
}

func call(h server.ToolHandlerFunc, ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return h(ctx, req)
}

// Keep stores the handler and answers from a constant: it calls nothing
// it is given.
func Keep(h server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return keep(h, ctx, req)
	}
}

var kept server.ToolHandlerFunc

func keep(h server.ToolHandlerFunc, ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	kept = h
	return mcp.NewToolResultText("kept"), nil
}
