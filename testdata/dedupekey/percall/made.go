package percall

import (
	"context"
	"fmt"
	"time"

	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/cloud"
	"example.com/dedupekey/payments"
)

// chargeStamped sends a key made from the order and the clock: a new
// one on every call.
func chargeStamped(ctx context.Context, c *cloud.Client, in OrderIn) error {
	return c.Charge(ctx, &cloud.Input{IdempotencyKey: fmt.Sprintf("%s-%d", in.OrderID, time.Now().UnixNano()), Amount: in.Amount})
}

// chargeOrder sends the order id as the key.
func chargeOrder(ctx context.Context, c *cloud.Client, in OrderIn) error {
	return c.Charge(ctx, &cloud.Input{IdempotencyKey: in.OrderID, Amount: in.Amount})
}

// box keeps a charge's input in a field.
type box struct{ in *cloud.Input }

// RegisterMade registers handlers whose helper makes the key it sends
// (a per-call key the handler never sees), each beside a twin whose
// helper sends the client's.
func RegisterMade(srv *gosdk.Server, c *cloud.Client) {
	gosdk.AddTool(srv, &gosdk.Tool{Name: "pay_made_remote"}, func(ctx context.Context, req *gosdk.CallToolRequest, in PayIn) (*gosdk.CallToolResult, any, error) {
		return nil, nil, payments.ChargeNew(ctx, c, in.Amount) // want `the dedupe key that payments.ChargeNew sends for tool "pay_made_remote" is made anew on every call`
	})
	// ok: the helper sends the client's key.
	gosdk.AddTool(srv, &gosdk.Tool{Name: "pay_with_remote"}, func(ctx context.Context, req *gosdk.CallToolRequest, in PayKeyedIn) (*gosdk.CallToolResult, any, error) {
		return nil, nil, payments.ChargeWith(ctx, c, in.IdempotencyKey, in.Amount)
	})
	gosdk.AddTool(srv, &gosdk.Tool{Name: "pay_made_stamped"}, func(ctx context.Context, req *gosdk.CallToolRequest, in OrderIn) (*gosdk.CallToolResult, any, error) {
		return nil, nil, chargeStamped(ctx, c, in) // want `the dedupe key \(IdempotencyKey\) that percall.chargeStamped sends for tool "pay_made_stamped" is made anew`
	})
	// The input, keyed from the clock, kept in a field of a local struct.
	gosdk.AddTool(srv, &gosdk.Tool{Name: "pay_boxed"}, func(ctx context.Context, req *gosdk.CallToolRequest, in OrderIn) (*gosdk.CallToolResult, any, error) {
		b := box{in: &cloud.Input{IdempotencyKey: fmt.Sprintf("%s-%d", in.OrderID, time.Now().UnixNano()), Amount: in.Amount}} // want `the dedupe key \(IdempotencyKey\) of tool "pay_boxed" is made anew`
		return nil, nil, c.Charge(ctx, b.in)
	})
	// ok: the same with the order id as the key.
	gosdk.AddTool(srv, &gosdk.Tool{Name: "pay_boxed_order"}, func(ctx context.Context, req *gosdk.CallToolRequest, in OrderIn) (*gosdk.CallToolResult, any, error) {
		b := box{in: &cloud.Input{IdempotencyKey: in.OrderID, Amount: in.Amount}}
		return nil, nil, c.Charge(ctx, b.in)
	})
	// ok: the order id as the key, in the helper.
	gosdk.AddTool(srv, &gosdk.Tool{Name: "pay_made_order"}, func(ctx context.Context, req *gosdk.CallToolRequest, in OrderIn) (*gosdk.CallToolResult, any, error) {
		return nil, nil, chargeOrder(ctx, c, in)
	})
}
