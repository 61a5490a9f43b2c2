// Package regtools fills the global registry of package registry.
package regtools

import (
	"context"
	"fmt"

	"example.com/dedupekey/registry"
	"example.com/dedupekey/store"
)

var led = &store.Ledger{Path: "ledger"}

// RegisterLedger adds the ledger's tools: one writes, one reads.
func RegisterLedger() {
	registry.Global.Register(&registry.Def{Name: "reg_append", Handler: appendEntry})
	registry.Global.Register(&registry.Def{Name: "reg_total", Handler: func(ctx context.Context, args map[string]any) (string, error) {
		n, err := led.Count(ctx)
		return fmt.Sprint(n), err
	}})
}

func appendEntry(ctx context.Context, args map[string]any) (string, error) {
	account, _ := args["account"].(string)
	return "", led.Append(account, 1)
}
