// Package fix has the shapes the suggested fix handles, and those where it
// stays out.
package fix

import (
	"context"
	"fmt"
	"log"

	"github.com/cenkalti/backoff/v4"
	"github.com/google/uuid"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/freshkey/keygen"
)

func send(ctx context.Context, cs *mcp.ClientSession, args map[string]any) error {
	_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: args})
	return err
}

// BlankAfter: the key statement is followed by a blank line; moving it
// must not leave a blank line at the top of the block.
func BlankAfter(ctx context.Context, cs *mcp.ClientSession) error { // want BlankAfter:"keyParams\\(made idempotency_key\\)"
	var err error
	for i := 0; i < 3; i++ {
		key := uuid.NewString() // want `idempotency key "idempotency_key" is made anew`

		if err = send(ctx, cs, map[string]any{"idempotency_key": key}); err == nil {
			return nil
		}
	}
	return err
}

// Labeled: the key goes before the label; the comment above the loop
// stays attached to it.
func Labeled(ctx context.Context, cs *mcp.ClientSession) error { // want Labeled:"keyParams\\(made idempotency_key\\)"
	var err error
	// Try three times.
retry:
	for i := 0; i < 3; i++ {
		key := fmt.Sprintf("charge-%s", uuid.NewString()) // want `idempotency key "idempotency_key" is made anew`
		if err = send(ctx, cs, map[string]any{"idempotency_key": key}); err == nil {
			break retry
		}
	}
	return err
}

// Nested: the retry loop is in a branch; the key goes before the loop,
// with the branch's indentation.
func Nested(ctx context.Context, cs *mcp.ClientSession, retrying bool) error { // want Nested:"keyParams\\(made idempotency_key\\)"
	if retrying {
		for {
			var key = uuid.NewString() // want `idempotency key "idempotency_key" is made anew`
			if err := send(ctx, cs, map[string]any{"idempotency_key": key}); err == nil {
				return nil
			}
		}
	}
	return send(ctx, cs, nil)
}

// NameTaken: idempotencyKey is taken, so the inline key gets another name.
func NameTaken(ctx context.Context, cs *mcp.ClientSession, idempotencyKey string) error { // want NameTaken:"keyParams\\(made idempotencyKey\\)"
	var err error
	for i := 0; i < 3; i++ {
		if err = send(ctx, cs, map[string]any{"idempotencyKey": uuid.NewString(), "old": idempotencyKey}); err == nil { // want `idempotency key "idempotencyKey" is made anew`
			return nil
		}
	}
	return err
}

// UsesLoopVar: the key reads the attempt counter, which does not exist
// before the loop: no fix.
func UsesLoopVar(ctx context.Context, cs *mcp.ClientSession) error { // want UsesLoopVar:"keyParams\\(made idempotency_key\\)"
	var err error
	for i := 0; i < 3; i++ {
		key := fmt.Sprintf("%s-%d", uuid.NewString(), i) // want `idempotency key "idempotency_key" is made anew`
		if err = send(ctx, cs, map[string]any{"idempotency_key": key}); err == nil {
			return nil
		}
	}
	return err
}

// UsesAttemptLocal: the key reads a local of the attempt: no fix.
func UsesAttemptLocal(ctx context.Context, cs *mcp.ClientSession, order string) error { // want UsesAttemptLocal:"keyParams\\(2:idempotency_key; made idempotency_key\\)"
	var err error
	for i := 0; i < 3; i++ {
		prefix := "order-" + order
		key := prefix + uuid.NewString() // want `idempotency key "idempotency_key" is made anew`
		if err = send(ctx, cs, map[string]any{"idempotency_key": key}); err == nil {
			return nil
		}
	}
	return err
}

// Reordered: keygen.NewKey may have side effects and a log call runs
// before it: moving it would reorder them. No fix.
func Reordered(ctx context.Context, cs *mcp.ClientSession) error { // want Reordered:"keyParams\\(made idempotency_key\\)"
	var err error
	for i := 0; i < 3; i++ {
		log.Printf("attempt %d", i)
		key := keygen.NewKey() // want `idempotency key "idempotency_key" is made anew`
		if err = send(ctx, cs, map[string]any{"idempotency_key": key}); err == nil {
			return nil
		}
	}
	return err
}

// Conditional: the key is made in a branch of the attempt: no fix.
func Conditional(ctx context.Context, cs *mcp.ClientSession, keyed bool) error { // want Conditional:"keyParams\\(made idempotency_key\\)"
	var err error
	for i := 0; i < 3; i++ {
		args := map[string]any{}
		if keyed {
			key := uuid.NewString() // want `idempotency key "idempotency_key" is made anew`
			args["idempotency_key"] = key
		}
		if err = send(ctx, cs, args); err == nil {
			return nil
		}
	}
	return err
}

// Reassigned: the key is changed later in the attempt; one key shared by
// all attempts would change too. No fix.
func Reassigned(ctx context.Context, cs *mcp.ClientSession) error { // want Reassigned:"keyParams\\(made idempotency_key\\)"
	var err error
	for i := 0; i < 3; i++ {
		key := uuid.NewString() // want `idempotency key "idempotency_key" is made anew`
		key += "-x"
		if err = send(ctx, cs, map[string]any{"idempotency_key": key}); err == nil {
			return nil
		}
	}
	return err
}

// Redeclared: key is declared again after the loop in the same block:
// moving the statement would clash. No fix.
func Redeclared(ctx context.Context, cs *mcp.ClientSession) error { // want Redeclared:"keyParams\\(made idempotency_key\\)"
	var err error
	for i := 0; i < 3; i++ {
		key := uuid.NewString() // want `idempotency key "idempotency_key" is made anew`
		if err = send(ctx, cs, map[string]any{"idempotency_key": key}); err == nil {
			break
		}
	}
	key := "done"
	_ = key
	return err
}

// PerItemInRetry: keys made per item inside the attempt; an inline move
// would give all items one key. No fix, but still a fresh key per attempt.
func PerItemInRetry(ctx context.Context, cs *mcp.ClientSession, items []string) error { // want PerItemInRetry:"keyParams\\(made idempotency_key\\)"
	var err error
	for i := 0; i < 3; i++ {
		var batch []any
		for _, it := range items {
			batch = append(batch, map[string]any{"item": it, "idempotency_key": uuid.NewString()}) // want `idempotency key "idempotency_key" is made anew`
		}
		if err = send(ctx, cs, map[string]any{"batch": batch}); err == nil {
			return nil
		}
	}
	return err
}

// ClosureDefinedFirst: the operation is stored in a variable; the key goes
// before the closure.
func ClosureDefinedFirst(ctx context.Context, cs *mcp.ClientSession) error { // want ClosureDefinedFirst:"keyParams\\(made idempotency_key\\)"
	op := func() error {
		key := uuid.NewString() // want `idempotency key "idempotency_key" is made anew`
		return send(ctx, cs, map[string]any{"idempotency_key": key})
	}
	return backoff.Retry(op, backoff.NewExponentialBackOff())
}

// CommentAbove: comments directly above the loop stay with it.
func CommentAbove(ctx context.Context, cs *mcp.ClientSession) error { // want CommentAbove:"keyParams\\(made request_id\\)"
	var err error

	// Retry: the server may be restarting.
	// Three attempts are enough.
	for i := 0; i < 3; i++ {
		if err = send(ctx, cs, map[string]any{"request_id": uuid.NewString()}); err == nil { // want `idempotency key "request_id" is made anew`
			return nil
		}
	}
	return err
}
