// Package stock registers the shop's stock tools. Its handler reserves
// through the Store interface; which store is wired in, and so whether
// reserving commits an effect, only package cmd knows: the finding is
// reported there.
package stock

import (
	"context"

	"example.com/shop/mcptool"
)

// Store keeps the stock.
type Store interface {
	Reserve(ctx context.Context, item string) error
}

// Tools are the stock tools, reserving in s.
func Tools(s Store) []mcptool.ServerTool {
	return []mcptool.ServerTool{
		{Tool: mcptool.Tool{Name: "reserve", Annotations: mcptool.Annotations{IdempotentHint: mcptool.Ptr(false)}},
			Handler: func(ctx context.Context, args map[string]any) (string, error) {
				item, _ := args["item"].(string)
				return "reserved", s.Reserve(ctx, item)
			}},
	}
}
