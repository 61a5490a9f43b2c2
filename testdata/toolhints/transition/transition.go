// Package transition registers tools annotated idempotent whose writes
// are guarded transitions of an order's state (orders): a retry is
// refused by the guard, or answered from the state it finds, and
// repeats nothing. Where the guard does not stop a retry (the state does
// not move, a flag bypasses it, it stands in a branch), the write
// repeats.
package transition

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/toolhints/transition/orders"
)

type In struct {
	OrderID string `json:"order_id"`
	Force   bool   `json:"force"`
}

var idem = &mcp.ToolAnnotations{IdempotentHint: true}

func Register(s *mcp.Server, svc *orders.Service) {
	// ok: placed → cancelled, refused unless placed.
	mcp.AddTool(s, &mcp.Tool{Name: "cancel_order", Annotations: idem}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, svc.Cancel(ctx, in.OrderID)
	})

	// ok: a closed order is answered as it is.
	mcp.AddTool(s, &mcp.Tool{Name: "close_order", Annotations: idem}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		_, err := svc.Close(ctx, in.OrderID)
		return nil, nil, err
	})

	mcp.AddTool(s, &mcp.Tool{Name: "charge_order", Annotations: idem}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, svc.Charge(ctx, in.OrderID) // want `tool "charge_order" is annotated idempotent but writes to an SQL database`
	})

	mcp.AddTool(s, &mcp.Tool{Name: "ship_order", Annotations: idem}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, svc.Ship(ctx, in.OrderID, in.Force) // want `tool "ship_order" is annotated idempotent but writes to an SQL database`
	})

	mcp.AddTool(s, &mcp.Tool{Name: "reopen_order", Annotations: idem}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, svc.Reopen(ctx, in.OrderID, in.Force) // want `tool "reopen_order" is annotated idempotent but writes to an SQL database`
	})
}
