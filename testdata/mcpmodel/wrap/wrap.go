// Package wrap declares middleware and factories. // want package:"mcppackage\\(sdk=true, tooltypes=false\\)"
//
// The model exports a WrapsHandler fact for each function that wraps a
// handler.
package wrap

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type Handler func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error)

func Trace[H ~func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error)](name string, h H) H { // want Trace:"wraps\\(param=1\\)"
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return h(ctx, req)
	}
}

func Adapt(h Handler) server.ToolHandlerFunc { // want Adapt:"wraps\\(param=0\\)"
	return server.ToolHandlerFunc(h)
}

func Guard(check func(context.Context) error, h server.ToolHandlerFunc) server.ToolHandlerFunc { // want Guard:"wraps\\(param=1\\)"
	wrapped := func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if err := check(ctx); err != nil {
			return nil, err
		}
		return h(ctx, req)
	}
	return wrapped
}

type Auth struct{ token string }

func (a *Auth) Require(h server.ToolHandlerFunc) server.ToolHandlerFunc { // want Require:"wraps\\(param=0\\)"
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if a.token == "" {
			return mcp.NewToolResultError("unauthorized"), nil
		}
		return h(ctx, req)
	}
}

// Not middleware: a factory taking a logger, a factory taking none, and a
// function choosing between two handlers.
func Static(text string, log func(string)) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		log(text)
		return mcp.NewToolResultText(text), nil
	}
}

func Echo() server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText(req.GetString("text", "")), nil
	}
}

func Either(cond bool, a, b server.ToolHandlerFunc) server.ToolHandlerFunc {
	if cond {
		return a
	}
	return b
}
