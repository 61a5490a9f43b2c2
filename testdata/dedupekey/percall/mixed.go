package percall

import (
	"context"
	"fmt"
	"time"

	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/cloud"
)

type OrderIn struct {
	OrderID string `json:"order_id"`
	Amount  int    `json:"amount"`
}

func RegisterMixed(srv *gosdk.Server, c *cloud.Client) {
	// The client's order id mixed with the clock: a new key on every call.
	gosdk.AddTool(srv, &gosdk.Tool{Name: "pay_mixed"}, func(ctx context.Context, req *gosdk.CallToolRequest, in OrderIn) (*gosdk.CallToolResult, any, error) {
		key := fmt.Sprintf("%s-%d", in.OrderID, time.Now().UnixNano()) // want `the dedupe key of tool "pay_mixed" is made anew on every call`
		return nil, nil, c.ChargeWithKey(ctx, key, in.Amount)
	})
	// ok: a key derived from the client's order id alone is the same on a
	// retry.
	gosdk.AddTool(srv, &gosdk.Tool{Name: "pay_order"}, func(ctx context.Context, req *gosdk.CallToolRequest, in OrderIn) (*gosdk.CallToolResult, any, error) {
		key := fmt.Sprintf("order-%s", in.OrderID)
		return nil, nil, c.ChargeWithKey(ctx, key, in.Amount)
	})
	// The same mix in a key field of the downstream input.
	gosdk.AddTool(srv, &gosdk.Tool{Name: "pay_mixed_field"}, func(ctx context.Context, req *gosdk.CallToolRequest, in OrderIn) (*gosdk.CallToolResult, any, error) {
		return nil, nil, c.Charge(ctx, &cloud.Input{IdempotencyKey: in.OrderID + fmt.Sprint(time.Now().Unix()), Amount: in.Amount}) // want `the dedupe key \(IdempotencyKey\) of tool "pay_mixed_field" is made anew`
	})
	// ok: the order id as the downstream key.
	gosdk.AddTool(srv, &gosdk.Tool{Name: "pay_order_field"}, func(ctx context.Context, req *gosdk.CallToolRequest, in OrderIn) (*gosdk.CallToolResult, any, error) {
		return nil, nil, c.Charge(ctx, &cloud.Input{IdempotencyKey: in.OrderID, Amount: in.Amount})
	})
	// ok: the order id as the key, through a helper of this package that
	// passes it to the client's keyed method.
	gosdk.AddTool(srv, &gosdk.Tool{Name: "pay_order_helper"}, func(ctx context.Context, req *gosdk.CallToolRequest, in OrderIn) (*gosdk.CallToolResult, any, error) {
		return nil, nil, chargeKeyed(ctx, c, "order-"+in.OrderID, in.Amount)
	})
	// The same helper given a key made anew.
	gosdk.AddTool(srv, &gosdk.Tool{Name: "pay_mixed_helper"}, func(ctx context.Context, req *gosdk.CallToolRequest, in OrderIn) (*gosdk.CallToolResult, any, error) {
		key := fmt.Sprintf("%s-%d", in.OrderID, time.Now().UnixNano()) // want `the dedupe key of tool "pay_mixed_helper" is made anew on every call`
		return nil, nil, chargeKeyed(ctx, c, key, in.Amount)
	})
}

// chargeKeyed sends key as the charge's idempotency key.
func chargeKeyed(ctx context.Context, c *cloud.Client, key string, amount int) error {
	return c.ChargeWithKey(ctx, key, amount)
}
