// Package layeruse builds tool values of an imported layer type.
package layeruse

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/dedupekey/layerreg"
	"example.com/dedupekey/store"
)

var led = &store.Ledger{Path: "ledger"}

var Defs = []layerreg.Def{
	{Name: "x_create", Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Insert(ctx, "x") // want `tool "x_create" is not idempotent but writes to an SQL database`
	}},
	{Name: "x_put", Idempotent: true, Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Insert(ctx, "x") // ok: idempotent by the value
	}},
	{Name: "x_get", ReadOnly: true, Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Insert(ctx, "x") // ok for dedupekey: read-only by the value
	}},
}

var hooks = layerreg.Hooks{Name: "start", OnStart: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, led.Insert(ctx, "h") // ok: not a tool
}}

func create(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, led.Insert(ctx, "n") // want `tool "n_create" is not idempotent but writes to an SQL database`
}

func createKeyed(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.GetString("idempotency_key", "") == "" {
		return mcp.NewToolResultError("key required"), nil
	}
	return nil, led.Insert(ctx, "n") // ok: keyed
}

func list(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, led.Insert(ctx, "n") // ok: a setter of the other package is not followed
}

var Built = []layerreg.Def{
	layerreg.NewDef("n_create", create),
	layerreg.NewDef("n_keyed", createKeyed),
	layerreg.NewDef("n_list", list).WithReadOnly(),
}

// Serve hands both tables to the imported registration; hooks never
// reach one.
func Serve(s *server.MCPServer) {
	layerreg.Register(s, Defs)
	layerreg.Register(s, Built)
}
