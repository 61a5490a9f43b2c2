package libs

import (
	"context"

	backoff "github.com/cenkalti/backoff/v4"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// job keeps the operation a retry library runs in a field: the value-flow
// engine finds the literal.
type job struct {
	op func() error
}

// chargeJob returns the operation, made by a constructor.
func chargeJob(ctx context.Context, cs *mcp.ClientSession) func() error {
	return func() error {
		_, err := cs.CallTool(ctx, charge) // want `CallTool\("charge"\) is sent again by backoff.Retry`
		return err
	}
}

func OpInField(ctx context.Context, cs *mcp.ClientSession) error {
	j := job{op: func() error {
		_, err := cs.CallTool(ctx, charge) // want `CallTool\("charge"\) is sent again by backoff.Retry`
		return err
	}}
	return backoff.Retry(j.op, backoff.NewExponentialBackOff())
}

func OpInFieldPermanent(ctx context.Context, cs *mcp.ClientSession) error {
	j := job{op: func() error {
		if _, err := cs.CallTool(ctx, charge); err != nil { // ok: Permanent stops
			return backoff.Permanent(err)
		}
		return nil
	}}
	return backoff.Retry(j.op, backoff.NewExponentialBackOff())
}

func OpFromCtor(ctx context.Context, cs *mcp.ClientSession) error {
	return backoff.Retry(chargeJob(ctx, cs), backoff.NewExponentialBackOff())
}
