// Package layeruse builds tool values of an imported layer type.
package layeruse

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"

	"example.com/dedupekey/layerreg"
	"example.com/dedupekey/store"
)

var led = &store.Ledger{Path: "ledger"}

var Defs = []layerreg.Def{
	{Name: "x_create", Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Insert(ctx, "x") // want `tool "x_create" is not idempotent and its handler commits an SQL write`
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
