// Package layeruse2 builds tool values of an imported layer type and sets
// a hint field on them afterwards: the hint is not resolved per value.
package layeruse2

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"

	"example.com/dedupekey/layerreg"
	"example.com/dedupekey/store"
)

var led = &store.Ledger{Path: "ledger"}

var Defs = []layerreg.Def{
	{Name: "late_ro", Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Insert(ctx, "x") // ok: ReadOnly is set below, not in the literal
	}},
}

func init() { Defs[0].ReadOnly = true }
