// Package toolserver builds its tools with toolkit, groups them with
// toolgroups and registers them: a write tool registered through three
// layers of the project's own, across packages.
package toolserver

import (
	"context"

	"example.com/dedupekey/store"
	"example.com/dedupekey/toolgroups"
	"example.com/dedupekey/toolkit"
)

var led = &store.Ledger{Path: "ledger"}

func fetchPayment() toolkit.Tool {
	return toolkit.NewTool("fetch_payment", func(ctx context.Context, args map[string]any) (string, error) {
		n, err := led.Count(ctx) // ok: a read
		return string(rune(n)), err
	})
}

func capturePayment() toolkit.Tool {
	return toolkit.NewTool("capture_payment", func(ctx context.Context, args map[string]any) (string, error) {
		return "", led.Append("capture", 1) // want `tool "capture_payment" is not idempotent`
	})
}

func listRefunds() toolkit.Tool {
	return toolkit.NewTool("list_refunds", func(ctx context.Context, args map[string]any) (string, error) {
		return "", led.Append("audit", 1) // ok for dedupekey: registered read-only (toolhints reports it)
	})
}

func listMethods() toolkit.Tool {
	return toolkit.NewTool("list_methods", func(ctx context.Context, args map[string]any) (string, error) {
		n, err := led.Count(ctx) // ok: a read
		return string(rune(n)), err
	})
}

func revokeToken() toolkit.Tool {
	return toolkit.NewTool("revoke_token", func(ctx context.Context, args map[string]any) (string, error) {
		return "", led.Append("revoke", 1) // want `tool "revoke_token" is not idempotent`
	})
}

func newSet(readOnly bool) *toolgroups.Set {
	set := toolgroups.NewSet(readOnly)
	payments := toolgroups.NewGroup("payments").
		AddReadTools(fetchPayment()).
		AddWriteTools(capturePayment())
	refunds := toolgroups.NewGroup("refunds").AddReadTools(listRefunds())
	// Added to a group already made, by a chain of its own.
	payments.AddReadTools(listMethods()).AddWriteTools(revokeToken())
	set.Add(payments)
	set.Add(refunds)
	return set
}

// Serve registers the tools.
func Serve(readOnly bool) {
	srv := toolkit.NewServer("payments")
	set := newSet(readOnly)
	set.RegisterTools(srv)
}
