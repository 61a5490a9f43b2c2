// Package ignore exercises //mcpvet: directives.
package ignore

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/ignore/remote"
	"example.com/dedupekey/store"
)

var led = &store.Ledger{Path: "ledger"}

type In struct{ Account string }

func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "a"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		//mcpvet:ignore dedupekey the ledger dedupes by account and day
		return nil, nil, led.Append(in.Account, 1)
	})
	mcp.AddTool(s, &mcp.Tool{Name: "b"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, led.Append(in.Account, 1) //mcpvet:ignore dedupekey // want `tool "b" is not idempotent` `//mcpvet:ignore dedupekey needs a reason`
	})
	//mcpvet:ignore dedupekey nothing to suppress here // want `suppresses nothing`
	_ = 1

	//mcpvet:idempotent the handler writes with a unique constraint on (account, day)
	mcp.AddTool(s, &mcp.Tool{Name: "c"}, constrained)
	mcp.AddTool(s, &mcp.Tool{Name: "d"}, asserted)
	// ok: asserted on the handler, in its own package.
	mcp.AddTool(s, &mcp.Tool{Name: "e"}, remote.Asserted)
	mcp.AddTool(s, &mcp.Tool{Name: "f"}, remote.Unasserted)  // want `tool "f" is not idempotent`
	mcp.AddTool(s, &mcp.Tool{Name: "g"}, remote.ViaAsserted) // want `tool "g" is not idempotent`
}

func constrained(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	return nil, nil, led.Insert(ctx, in.Account) // ok: asserted idempotent at the registration
}

// asserted is idempotent in ways mcpvet cannot see.
//
//mcpvet:idempotent upserts by primary key
func asserted(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	return nil, nil, led.Insert(ctx, in.Account) // ok: asserted idempotent on the handler
}
