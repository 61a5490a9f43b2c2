// Package payments is a project's own layer over its payment client:
// ChargeNew makes the charge's key itself on every call, ChargeWith
// sends the key its caller gives it.
package payments

import (
	"context"

	"example.com/dedupekey/cloud"
	"example.com/dedupekey/ids"
)

// ChargeNew charges under a new key.
func ChargeNew(ctx context.Context, c *cloud.Client, amount int) error {
	return c.ChargeWithKey(ctx, ids.New(), amount)
}

// ChargeWith charges under the caller's key.
func ChargeWith(ctx context.Context, c *cloud.Client, key string, amount int) error {
	return c.ChargeWithKey(ctx, key, amount)
}
