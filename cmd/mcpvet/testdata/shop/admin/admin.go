// Package admin registers the shop's tools for its staff.
package admin

import (
	"context"

	"example.com/shop/ledger"
	"example.com/shop/mcptool"
)

var led = &ledger.Ledger{Path: "ledger.txt"}

// Tools are the staff's tools.
var Tools = []mcptool.ServerTool{
	{Tool: mcptool.Tool{Name: "refund", Annotations: mcptool.Annotations{IdempotentHint: mcptool.Ptr(false)}},
		Handler: refund},
}

func refund(ctx context.Context, args map[string]any) (string, error) {
	account, _ := args["account"].(string)
	return "refunded", led.Append(ctx, account, -100) // expect: dedupekey
}
