// Package client retries tool calls. It imports a package of a module
// that could not be downloaded (example.invalid/gone): the checks run on
// the functions that type-check.
package client

import (
	"context"

	"example.invalid/gone/audit"
	"github.com/google/uuid"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Charge re-sends the call after a failure: reported.
func Charge(ctx context.Context, cs *mcp.ClientSession) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if _, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge"}); err == nil { // expect: readback
			return nil
		}
	}
	return err
}

// Pay sends a key made anew on every attempt: reported.
func Pay(ctx context.Context, cs *mcp.ClientSession) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		key := uuid.NewString() // expect: freshkey
		if _, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "pay", Arguments: map[string]any{"idempotency_key": key}}); err == nil {
			return nil
		}
	}
	return err
}

// ChargeAudited does not type-check (audit cannot be imported): audit.Status
// may read back the outcome, so nothing is reported.
func ChargeAudited(ctx context.Context, cs *mcp.ClientSession) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if audit.Status(ctx, "charge") {
			return nil
		}
		if _, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge"}); err == nil { // ok: the function does not type-check
			return nil
		}
	}
	return err
}
