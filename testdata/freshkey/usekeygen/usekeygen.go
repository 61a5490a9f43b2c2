// Package usekeygen uses keygen's functions across the package boundary.
package usekeygen

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/freshkey/keygen"
)

// Imported makes the key with a fresh function of another package.
func Imported(ctx context.Context, cs *mcp.ClientSession) error { // want Imported:"keyParams\\(made idempotency_key\\)"
	var err error
	for i := 0; i < 3; i++ {
		key := keygen.NewKey() // want `idempotency key "idempotency_key" is made anew on every attempt of this retry loop`
		if _, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"idempotency_key": key}}); err == nil {
			return nil
		}
	}
	return err
}

// Token uses a fresh function with an error result.
func Token(ctx context.Context, cs *mcp.ClientSession) error { // want Token:"keyParams\\(made idempotencyToken\\)"
	var err error
	for i := 0; i < 3; i++ {
		tok, terr := keygen.RandomToken() // want `idempotency key "idempotencyToken" is made anew`
		if terr != nil {
			return terr
		}
		if _, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"idempotencyToken": tok}}); err == nil {
			return nil
		}
	}
	return err
}

// Method uses a fresh method.
func Method(ctx context.Context, cs *mcp.ClientSession, g *keygen.Gen) error { // want Method:"keyParams\\(2:idempotency_key; made idempotency_key\\)"
	var err error
	for i := 0; i < 3; i++ {
		if _, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"idempotency_key": g.Next()}}); err == nil { // want `idempotency key "idempotency_key" is made anew`
			return nil
		}
	}
	return err
}

// Stable uses functions that return the same key on every attempt.
func Stable(ctx context.Context, cs *mcp.ClientSession, order, key string) error {
	var err error
	for i := 0; i < 3; i++ {
		k1 := keygen.OrderKey(order) // ok: stable
		k2 := keygen.Fallback(key)   // ok: the caller's key
		if _, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"idempotency_key": k1, "dedupe_key": k2}}); err == nil {
			return nil
		}
	}
	return err
}

// RequestID sends the ID of a request another package's constructor
// makes on every attempt: the constructor made the ID.
func RequestID(ctx context.Context, cs *mcp.ClientSession) error { // want RequestID:"keyParams\\(made request_id\\)"
	var err error
	for i := 0; i < 3; i++ {
		id := keygen.NewRequest("body").ID // want `idempotency key "request_id" is made anew on every attempt`
		if _, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"request_id": id}}); err == nil {
			return nil
		}
	}
	return err
}

// RequestIDStable makes the request once.
func RequestIDStable(ctx context.Context, cs *mcp.ClientSession) error { // want RequestIDStable:"keyParams\\(made request_id\\)"
	var err error
	req := keygen.NewRequest("body") // ok: made once
	for i := 0; i < 3; i++ {
		if _, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"request_id": req.ID}}); err == nil {
			return nil
		}
	}
	return err
}

// Ticket sends the key of a ticket another package's constructor makes
// on every attempt, through a helper of its own.
func Ticket(ctx context.Context, cs *mcp.ClientSession) error { // want Ticket:"keyParams\\(made idempotency_key\\)"
	var err error
	for i := 0; i < 3; i++ {
		if _, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"idempotency_key": keygen.NewTicket().Key}}); err == nil { // want `idempotency key "idempotency_key" is made anew on every attempt`
			return nil
		}
	}
	return err
}

// TicketPerOrder gives each order's ticket: the same one on every
// attempt.
func TicketPerOrder(ctx context.Context, cs *mcp.ClientSession, tickets *keygen.Tickets, order string) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"idempotency_key": tickets.For(order).Key}}); err == nil { // ok: kept per order
			return nil
		}
	}
	return err
}

// Filled fills the key's bytes through the package's filler on every
// attempt.
func Filled(ctx context.Context, cs *mcp.ClientSession) error { // want Filled:"keyParams\\(made idempotency_key\\)"
	var err error
	for i := 0; i < 3; i++ {
		b := make([]byte, 16)
		keygen.Fill(b) // want `idempotency key "idempotency_key" is made anew`
		if _, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"idempotency_key": fmt.Sprintf("%x", b)}}); err == nil {
			return nil
		}
	}
	return err
}

// Zeroed clears the key's bytes: the same key on every attempt.
func Zeroed(ctx context.Context, cs *mcp.ClientSession) error {
	var err error
	for i := 0; i < 3; i++ {
		b := make([]byte, 16)
		keygen.Zero(b)
		if _, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"idempotency_key": fmt.Sprintf("%x", b)}}); err == nil {
			return nil
		}
	}
	return err
}
