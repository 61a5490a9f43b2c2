package mcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/dedupekey/deftable"
	"example.com/dedupekey/store"
)

// serveDefs registers package deftable's tools in a loop, each through a
// literal that calls the definition's handler: ledger_insert writes,
// ledger_count, written beside it in the same function, only reads; so
// do ledger_add and ledger_tally, made by unexported constructors.
func serveDefs(s *server.MCPServer, led *store.Ledger) {
	for _, d := range append(deftable.Defs(led), deftable.DefsMade(led)...) {
		s.AddTool(mcp.NewTool(d.Name), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `tool "ledger_insert" is not idempotent but` `tool "ledger_add" is not idempotent but`
			out, err := d.Handler(ctx, req.GetArguments())
			if err != nil {
				return nil, err
			}
			return mcp.NewToolResultText(out), nil
		})
	}
}
