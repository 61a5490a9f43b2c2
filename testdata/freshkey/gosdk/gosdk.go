// Package gosdk has retry loops around go-sdk CallTool with keys in tool
// arguments, struct fields and _meta.
package gosdk

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ChargeArgs are typed tool arguments.
type ChargeArgs struct {
	Account string `json:"account"`
	Amount  int    `json:"amount"`
	Key     string `json:"idempotency_key"`
}

// KeyInLoop makes the key in a local of the loop body.
func KeyInLoop(ctx context.Context, cs *mcp.ClientSession, account string) error { // want KeyInLoop:"keyParams\\(made idempotency_key\\)"
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		key := uuid.NewString() // want `idempotency key "idempotency_key" is made anew on every attempt of this retry loop: the server sees each retry as a new operation`
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{
			Name:      "charge",
			Arguments: map[string]any{"account": account, "idempotency_key": key},
		})
		if err == nil {
			return nil
		}
		lastErr = err
	}
	return lastErr
}

// KeyBeforeLoop is the right way: one key for every attempt.
func KeyBeforeLoop(ctx context.Context, cs *mcp.ClientSession, account string) error { // want KeyBeforeLoop:"keyParams\\(made idempotency_key\\)"
	var lastErr error
	key := uuid.NewString() // ok: made once
	for attempt := 0; attempt < 3; attempt++ {
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{
			Name:      "charge",
			Arguments: map[string]any{"account": account, "idempotency_key": key},
		})
		if err == nil {
			return nil
		}
		lastErr = err
	}
	return lastErr
}

// InlineKey makes the key inline in the argument map.
func InlineKey(ctx context.Context, cs *mcp.ClientSession, account string) error { // want InlineKey:"keyParams\\(made idempotencyKey\\)"
	for {
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{
			Name:      "charge",
			Arguments: map[string]any{"account": account, "idempotencyKey": uuid.NewString()}, // want `idempotency key "idempotencyKey" is made anew`
		})
		if err == nil {
			return nil
		}
		if !errors.Is(err, context.DeadlineExceeded) {
			return err
		}
	}
}

// StableDerived derives the key from the order id: the same on every
// attempt.
func StableDerived(ctx context.Context, cs *mcp.ClientSession, orderID string) error { // want StableDerived:"keyParams\\(2:idempotency_key\\)"
	for range 3 {
		key := fmt.Sprintf("order-%s", orderID) // ok: stable
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{
			Name:      "charge",
			Arguments: map[string]any{"order": orderID, "idempotency_key": key},
		})
		if err == nil {
			return nil
		}
	}
	return errors.New("gave up")
}

// StructArgs sends typed arguments whose field has a key JSON tag.
func StructArgs(ctx context.Context, cs *mcp.ClientSession, account string) error { // want StructArgs:"keyParams\\(made idempotency_key\\)"
	var err error
	for i := 0; i < 3; i++ {
		args := ChargeArgs{Account: account, Amount: 1, Key: uuid.New().String()} // want `idempotency key "idempotency_key" is made anew on every attempt of this retry loop`
		if _, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: args}); err == nil {
			return nil
		}
	}
	return err
}

// StructArgsStable builds the arguments in the loop from a key made
// before it.
func StructArgsStable(ctx context.Context, cs *mcp.ClientSession, account string) error { // want StructArgsStable:"keyParams\\(made idempotency_key\\)"
	var err error
	key := uuid.New().String()
	for i := 0; i < 3; i++ {
		args := ChargeArgs{Account: account, Amount: 1, Key: key} // ok: stable
		if _, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: args}); err == nil {
			return nil
		}
	}
	return err
}

// MetaKey sends the key in _meta, assigned by index.
func MetaKey(ctx context.Context, cs *mcp.ClientSession) error { // want MetaKey:"keyParams\\(made idempotencyKey\\)"
	var err error
	for i := 0; i < 3; i++ {
		params := &mcp.CallToolParams{Name: "charge", Meta: mcp.Meta{}}
		params.Meta["idempotencyKey"] = fmt.Sprintf("k-%s", uuid.NewString()) // want `idempotency key "idempotencyKey" is made anew`
		if _, err = cs.CallTool(ctx, params); err == nil {
			return nil
		}
	}
	return err
}

// MetaLiteral sends the key in a _meta literal.
func MetaLiteral(ctx context.Context, cs *mcp.ClientSession, key string) error { // want MetaLiteral:"keyParams\\(made idempotency\\-key\\)"
	var err error
	for i := 0; i < 3; i++ {
		id := uuid.New() // want `idempotency key "idempotency-key" is made anew`
		params := &mcp.CallToolParams{Name: "charge", Meta: mcp.Meta{"idempotency-key": id.String()}}
		if _, err = cs.CallTool(ctx, params); err == nil {
			return nil
		}
	}
	return err
}

// MetaStable sends a key passed in by the caller.
func MetaStable(ctx context.Context, cs *mcp.ClientSession, key string) error { // want MetaStable:"keyParams\\(2:idempotencyKey\\)"
	var err error
	for i := 0; i < 3; i++ {
		params := &mcp.CallToolParams{Name: "charge", Meta: mcp.Meta{"idempotencyKey": key}} // ok: stable
		if _, err = cs.CallTool(ctx, params); err == nil {
			return nil
		}
	}
	return err
}

// LazyKey makes the key on the first attempt only.
func LazyKey(ctx context.Context, cs *mcp.ClientSession) error {
	var key string
	var err error
	for i := 0; i < 3; i++ {
		if key == "" {
			key = uuid.NewString() // ok: made once, lazily
		}
		if _, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"idempotency_key": key}}); err == nil {
			return nil
		}
	}
	return err
}

// PerItem makes one key per item: right, each item is its own operation.
func PerItem(ctx context.Context, cs *mcp.ClientSession, accounts []string) { // want PerItem:"keyParams\\(made idempotency_key\\)"
	for _, a := range accounts {
		key := uuid.NewString() // ok: one key per item
		if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"account": a, "idempotency_key": key}}); err != nil {
			continue
		}
	}
}

// TraceID sends a fresh trace id: not a dedupe key.
func TraceID(ctx context.Context, cs *mcp.ClientSession) error {
	var err error
	for i := 0; i < 3; i++ {
		params := &mcp.CallToolParams{Name: "charge", Meta: mcp.Meta{"traceId": uuid.NewString(), "correlation_id": uuid.NewString()}} // ok: not keys
		if _, err = cs.CallTool(ctx, params); err == nil {
			return nil
		}
	}
	return err
}

// Ignored is suppressed with a reason.
func Ignored(ctx context.Context, cs *mcp.ClientSession) error { // want Ignored:"keyParams\\(made idempotency_key\\)"
	var err error
	for i := 0; i < 3; i++ {
		//mcpvet:ignore freshkey the server dedupes on the account and amount, not the key
		key := uuid.NewString()
		if _, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"idempotency_key": key}}); err == nil {
			return nil
		}
	}
	return err
}
