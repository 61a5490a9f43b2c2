// Package handler imports the interfaces only; main wires the
// implementations in. Under go vet this package is analyzed with its own
// dependencies' facts: the implementations are not seen, and the call is
// pending until a package that sees them (main) resolves it.
package handler

import (
	"context"

	"example.com/effects/iface/app"
)

func Notify(ctx context.Context, o app.Outbox) error { // want Notify:`effect\(pending interface call: app.Outbox.Post \[pending example.com/effects/iface/app.Outbox.Post\]\)`
	return o.Post(ctx, "hi")
}
