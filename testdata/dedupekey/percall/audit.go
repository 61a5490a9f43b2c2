package percall

import (
	"context"

	"github.com/google/uuid"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/cloud"
)

type Audit struct {
	RequestID string // an audit id made per call, not a dedupe key
	Actor     string
}

func record(ctx context.Context, a *Audit, c *cloud.Client, amount int) error {
	return c.Charge(ctx, &cloud.Input{Amount: amount})
}

func RegisterAudit(srv *gosdk.Server, c *cloud.Client) {
	// A per-call request id for the audit trail is no key, and no key of
	// the client either: the ordinary finding, at the effect.
	gosdk.AddTool(srv, &gosdk.Tool{Name: "pay_audit"}, func(ctx context.Context, req *gosdk.CallToolRequest, in PayIn) (*gosdk.CallToolResult, any, error) {
		a := &Audit{RequestID: uuid.NewString(), Actor: "mcp"}
		return nil, nil, record(ctx, a, c, in.Amount) // want `tool "pay_audit" is not idempotent but`
	})
	// The effect reported (the first of two equally significant POSTs) is
	// sent without the per-call key made for the second: the ordinary
	// finding names it.
	gosdk.AddTool(srv, &gosdk.Tool{Name: "pay_later"}, func(ctx context.Context, req *gosdk.CallToolRequest, in PayIn) (*gosdk.CallToolResult, any, error) {
		if err := c.Charge(ctx, &cloud.Input{Amount: in.Amount}); err != nil { // want `tool "pay_later" is not idempotent but sends an HTTP [A-Z]+`
			return nil, nil, err
		}
		return nil, nil, c.ChargeWithKey(ctx, uuid.NewString(), in.Amount)
	})
}
