// Package remote declares handlers that the ignore package registers:
// a //mcpvet:idempotent directive on a handler travels with its fact.
package remote

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/store"
)

var led = &store.Ledger{Path: "ledger"}

type In struct{ Account string }

// Asserted is idempotent in ways mcpvet cannot see.
//
//mcpvet:idempotent upserts by primary key
func Asserted(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	return nil, nil, led.Insert(ctx, in.Account)
}

// Unasserted is its twin without the directive.
func Unasserted(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	return nil, nil, led.Insert(ctx, in.Account)
}

// ViaAsserted calls an asserted function: the directive speaks for
// Asserted only.
func ViaAsserted(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	return Asserted(ctx, req, in)
}
