// Package usehelpers retries through a helper of another package and by
// recursion.
package usehelpers

import (
	"context"

	"github.com/google/uuid"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/freshkey/helpers"
)

// Closure makes the key in the closure the helper calls again.
func Closure(ctx context.Context, cs *mcp.ClientSession) error { // want Closure:"keyParams\\(made idempotency_key\\)"
	return helpers.WithRetry(ctx, func() error {
		key := uuid.NewString() // want `idempotency key "idempotency_key" is made anew on every attempt of helpers.WithRetry: the server sees each retry as a new operation`
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"idempotency_key": key}})
		return err
	})
}

// ClosureStable makes the key before calling the helper.
func ClosureStable(ctx context.Context, cs *mcp.ClientSession) error { // want ClosureStable:"keyParams\\(made idempotency_key\\)"
	key := uuid.NewString()
	return helpers.WithRetry(ctx, func() error {
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"idempotency_key": key}}) // ok: stable
		return err
	})
}

// Charger charges through a session.
type Charger struct{ cs *mcp.ClientSession }

// charge makes its own key: called again by WithRetry, it sends a new
// key on every attempt. No fix: the key would have to become a parameter.
func (c *Charger) charge() error { // want charge:"keyParams\\(made idempotency_key\\)"
	_, err := c.cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"idempotency_key": uuid.NewString()}}) // want `idempotency key "idempotency_key" is made anew on every attempt of helpers.WithRetry`
	return err
}

// Named hands a method to the helper.
func (c *Charger) Named(ctx context.Context) error {
	return helpers.WithRetry(ctx, c.charge)
}

// Recursive calls itself after a failure, with a new key each time. No
// fix: the key must come from the caller.
func Recursive(ctx context.Context, cs *mcp.ClientSession, tries int) error { // want Recursive:"keyParams\\(made idempotency_key\\)"
	key := uuid.NewString() // want `idempotency key "idempotency_key" is made anew on every attempt of the recursive retry of Recursive: the server sees each retry as a new operation`
	_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"idempotency_key": key}})
	if err != nil && tries > 0 {
		return Recursive(ctx, cs, tries-1)
	}
	return err
}

// RecursiveStable passes the key down.
func RecursiveStable(ctx context.Context, cs *mcp.ClientSession, key string, tries int) error { // want RecursiveStable:"keyParams\\(2:idempotency_key\\)"
	_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"idempotency_key": key}}) // ok: stable
	if err != nil && tries > 0 {
		return RecursiveStable(ctx, cs, key, tries-1)
	}
	return err
}

// RecursiveVia retries by calling itself through a helper of the
// package.
func RecursiveVia(ctx context.Context, cs *mcp.ClientSession, tries int) error { // want RecursiveVia:"keyParams\\(made idempotency_key\\)"
	key := uuid.NewString() // want `idempotency key "idempotency_key" is made anew on every attempt of the recursive retry of RecursiveVia`
	_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"idempotency_key": key}})
	if err != nil && tries > 0 {
		return retryVia(ctx, cs, tries-1)
	}
	return err
}

func retryVia(ctx context.Context, cs *mcp.ClientSession, tries int) error { // want retryVia:"keyParams\\(made idempotency_key\\)"
	return RecursiveVia(ctx, cs, tries)
}

// RecursiveViaStable passes its key down through the helper.
func RecursiveViaStable(ctx context.Context, cs *mcp.ClientSession, key string, tries int) error { // want RecursiveViaStable:"keyParams\\(2:idempotency_key\\)"
	_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"idempotency_key": key}}) // ok: stable
	if err != nil && tries > 0 {
		return retryViaStable(ctx, cs, key, tries-1)
	}
	return err
}

func retryViaStable(ctx context.Context, cs *mcp.ClientSession, key string, tries int) error { // want retryViaStable:"keyParams\\(2:idempotency_key\\)"
	return RecursiveViaStable(ctx, cs, key, tries)
}
