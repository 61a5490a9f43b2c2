// Package wrap implements the server's interfaces by forwarding to sdk.
package wrap

import (
	"context"

	"example.com/sdk"
)

type Outbox struct{ c *sdk.Client }

func (o *Outbox) Post(ctx context.Context, msg string) error { // want Post:`effect\(SQL write: .* via \(\*sdk.Client\).Send\)`
	return o.c.Send(ctx, msg)
}

type RealQueue struct{ c *sdk.Client }

func (q *RealQueue) Send(ctx context.Context, msg string) error { // want Send:`effect\(SQL write`
	return q.c.Send(ctx, msg)
}

func (q *RealQueue) Len() int { return 0 }

// MemQueue is the in-memory twin.
type MemQueue struct{ msgs []string }

func (q *MemQueue) Send(ctx context.Context, msg string) error {
	q.msgs = append(q.msgs, msg)
	return nil
}

func (q *MemQueue) Len() int { return len(q.msgs) }
