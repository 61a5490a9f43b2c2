// Package deftable declares its tools as values of its own type, made by
// one function with a handler literal each; package mcpgo registers them
// (deftable.go there). Each handler is judged by its own body: the
// function's effect is what all of its literals do.
package deftable

import (
	"context"
	"fmt"

	"example.com/dedupekey/store"
)

// Def is a tool as this package describes it.
type Def struct {
	Name    string
	Handler func(ctx context.Context, args map[string]any) (string, error)
}

// Defs returns the ledger's tools.
func Defs(led *store.Ledger) []Def {
	return []Def{
		{Name: "ledger_count", Handler: func(ctx context.Context, args map[string]any) (string, error) {
			n, err := led.Count(ctx)
			return fmt.Sprint(n), err
		}},
		{Name: "ledger_insert", Handler: func(ctx context.Context, args map[string]any) (string, error) {
			account, _ := args["account"].(string)
			return "", led.Insert(ctx, account)
		}},
	}
}

// DefsMade returns tools whose handlers unexported constructors make: an
// importer's closure names them by the constructor's name (anchored on
// DefsMade), and each is judged by its own body.
func DefsMade(led *store.Ledger) []Def {
	return []Def{
		{Name: "ledger_tally", Handler: tallyHandler(led)},
		{Name: "ledger_add", Handler: addHandler(led)},
	}
}

func tallyHandler(led *store.Ledger) func(ctx context.Context, args map[string]any) (string, error) {
	return func(ctx context.Context, args map[string]any) (string, error) {
		n, err := led.Count(ctx)
		return fmt.Sprint(n), err
	}
}

func addHandler(led *store.Ledger) func(ctx context.Context, args map[string]any) (string, error) {
	return func(ctx context.Context, args map[string]any) (string, error) {
		account, _ := args["account"].(string)
		return "", led.Insert(ctx, account)
	}
}
