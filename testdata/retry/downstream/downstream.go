// Package downstream calls the helpers of another package.
package downstream

import (
	"context"

	"example.com/retry/helpers"
)

func send(ctx context.Context) error { return nil }

func UseWithRetry(ctx context.Context) error {
	return helpers.WithRetry(ctx, func() error { // want "helper helpers.WithRetry"
		return send(ctx) // want "retried"
	})
}

func UseDo(ctx context.Context) (int, error) {
	return helpers.Do(func() (int, error) { // want "helper helpers.Do"
		return 1, send(ctx) // want "retried"
	})
}

func UseRetrier(ctx context.Context, r *helpers.Retrier) error {
	return r.Run(func(ctx context.Context) error { // want "helper helpers.Retrier.Run"
		return send(ctx) // want "retried"
	})
}

func UseOnce(ctx context.Context) error {
	return helpers.Once(ctx, func() error { // ok: Once is no helper
		return send(ctx)
	})
}
