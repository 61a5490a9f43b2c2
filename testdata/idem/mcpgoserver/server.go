// Package mcpgoserver registers a charge tool that appends to a ledger
// before it reads any key, on mcp-go servers with and without the idem
// middleware in front of their tools.
package mcpgoserver

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/mcpvet/mcpvet/idem"
	"github.com/mcpvet/mcpvet/idem/mcpgo"

	"example.com/idem/ledger"
)

func charge(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := ledger.Append(req.GetString("account", ""), req.GetInt("amount", 0)); err != nil { // want `tool "charge" is not idempotent but writes a file`
		return nil, err
	}
	return mcp.NewToolResultText("charged"), nil
}

// Plain is the positive twin of Installed: no middleware.
func Plain() *server.MCPServer {
	s := server.NewMCPServer("charge", "v0")
	s.AddTool(mcp.NewTool("charge"), charge)
	return s
}

// Installed: mcpgo.Install puts the middleware in front of every tool.
func Installed(store idem.Store) *server.MCPServer {
	s := server.NewMCPServer("charge", "v0")
	mcpgo.Install(s, store, nil)
	s.AddTool(mcp.NewTool("charge_installed"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if err := ledger.Append(req.GetString("account", ""), 1); err != nil { // ok: behind the idem middleware
			return nil, err
		}
		return mcp.NewToolResultText("charged"), nil
	})
	return s
}

// Used adds the middleware with s.Use, and its tools as ServerTool values.
func Used(store idem.Store) *server.MCPServer {
	s := server.NewMCPServer("charge", "v0")
	g := idem.NewGuard(store, nil)
	s.Use(mcpgo.Middleware(g))
	s.AddTools(server.ServerTool{Tool: mcp.NewTool("charge_used"), Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if err := ledger.Append(req.GetString("account", ""), 1); err != nil { // ok: behind the idem middleware
			return nil, err
		}
		return mcp.NewToolResultText("charged"), nil
	}})
	return s
}

// Option adds the middleware as a server option.
func Option(store idem.Store) *server.MCPServer {
	g := idem.NewGuard(store, nil)
	s := server.NewMCPServer("charge", "v0", server.WithToolCapabilities(false), server.WithToolHandlerMiddleware(mcpgo.Middleware(g)))
	s.AddTool(mcp.NewTool("charge_option"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if err := ledger.Append(req.GetString("account", ""), 1); err != nil { // ok: behind the idem middleware
			return nil, err
		}
		return mcp.NewToolResultText("charged"), nil
	})
	return s
}

// OtherOption adds a middleware that is not idem's.
func OtherOption(logging server.ToolHandlerMiddleware) *server.MCPServer {
	s := server.NewMCPServer("charge", "v0", server.WithToolHandlerMiddleware(logging))
	s.AddTool(mcp.NewTool("charge_logged"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if err := ledger.Append(req.GetString("account", ""), 1); err != nil { // want `tool "charge_logged" is not idempotent`
			return nil, err
		}
		return mcp.NewToolResultText("charged"), nil
	})
	return s
}
