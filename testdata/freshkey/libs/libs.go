// Package libs retries with cenkalti/backoff and avast/retry-go.
package libs

import (
	"context"

	"github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
	"github.com/google/uuid"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Backoff makes the key inside the operation.
func Backoff(ctx context.Context, cs *mcp.ClientSession) error { // want Backoff:"keyParams\\(made idempotency_key\\)"
	err := backoff.Retry(func() error {
		key := uuid.NewString() // want `idempotency key "idempotency_key" is made anew on every attempt of backoff.Retry: the server sees each retry as a new operation`
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"idempotency_key": key}})
		return err
	}, backoff.NewExponentialBackOff())
	return err
}

// BackoffStable makes the key before backoff.Retry.
func BackoffStable(ctx context.Context, cs *mcp.ClientSession) error { // want BackoffStable:"keyParams\\(made idempotency_key\\)"
	key := uuid.NewString()
	return backoff.Retry(func() error {
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"idempotency_key": key}}) // ok: stable
		return err
	}, backoff.NewExponentialBackOff())
}

// RetryGo makes the key inline in the closure of retry.Do.
func RetryGo(ctx context.Context, cs *mcp.ClientSession) error { // want RetryGo:"keyParams\\(made idempotency_key\\)"
	return retry.Do(func() error {
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"idempotency_key": uuid.NewString()}}) // want `idempotency key "idempotency_key" is made anew on every attempt of retry.Do`
		return err
	}, retry.Attempts(3), retry.Context(ctx))
}

// RetryGoWithData makes the key in a closure stored first.
func RetryGoWithData(ctx context.Context, cs *mcp.ClientSession) (*mcp.CallToolResult, error) { // want RetryGoWithData:"keyParams\\(made idempotency_key\\)"
	op := func() (*mcp.CallToolResult, error) {
		return cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"idempotency_key": uuid.NewString()}}) // want `idempotency key "idempotency_key" is made anew`
	}
	return retry.DoWithData(op, retry.Attempts(3))
}

// RetryGoStable makes the key before retry.Do.
func RetryGoStable(ctx context.Context, cs *mcp.ClientSession) error { // want RetryGoStable:"keyParams\\(made idempotency_key\\)"
	key := uuid.NewString()
	return retry.Do(func() error {
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"idempotency_key": key}}) // ok: stable
		return err
	})
}
