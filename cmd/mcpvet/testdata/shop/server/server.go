// Package server registers the shop's tools for customers.
package server

import (
	"context"

	"example.com/shop/ledger"
	"example.com/shop/mcptool"
)

var led = &ledger.Ledger{Path: "ledger.txt"}

// Tools are the shop's tools.
var Tools = []mcptool.ServerTool{
	{Tool: mcptool.Tool{Name: "charge", Annotations: mcptool.Annotations{IdempotentHint: mcptool.Ptr(false)}},
		Handler: charge},
	{Tool: mcptool.Tool{Name: "balance", Annotations: mcptool.Annotations{ReadOnlyHint: mcptool.Ptr(true)}},
		Handler: balance},
}

func charge(ctx context.Context, args map[string]any) (string, error) {
	account, _ := args["account"].(string)
	return "charged", led.Append(ctx, account, 100) // expect: dedupekey
}

func balance(ctx context.Context, args map[string]any) (string, error) {
	return "0", nil
}
