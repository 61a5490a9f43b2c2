// Package server registers tools with go-sdk. It imports store, which
// does not type-check, and a package of a module that could not be
// downloaded (example.invalid/gone): the checks run on what type-checks
// and stay silent in the functions that do not.
package server

import (
	"context"

	"example.invalid/gone/audit"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/partial/store"
)

type In struct {
	Account string `json:"account"`
	Key     string `json:"idempotency_key"`
}

var led = &store.Ledger{Path: "ledger.txt"}

// RegisterCharge type-checks: its finding is reported.
func RegisterCharge(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "charge"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, led.Append(ctx, in.Account, 100) // expect: dedupekey
	})
}

// RegisterChargeKeyed reads the key first: no finding, although Seen
// comes from a package that does not type-check.
func RegisterChargeKeyed(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "charge_keyed"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		if in.Key == "" || led.Seen(ctx, in.Key) {
			return nil, nil, nil
		}
		return nil, nil, led.Append(ctx, in.Account, 100)
	})
}

// RegisterRefund does not type-check (audit cannot be imported): whether
// audit.Once reads a dedupe key cannot be known, so it is not reported.
func RegisterRefund(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "refund"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		if !audit.Once(ctx, req) {
			return nil, nil, nil
		}
		return nil, nil, led.Append(ctx, in.Account, -100) // ok: the function does not type-check
	})
}

// RegisterBalance type-checks: a tool annotated read-only that writes.
func RegisterBalance(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "balance", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, led.Append(ctx, in.Account, 0) // expect: toolhints
	})
}
