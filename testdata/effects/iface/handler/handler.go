// Package handler imports the interfaces only; main wires the
// implementations in. Under go vet this package is analyzed with its own
// dependencies' facts: the implementations are not seen.
package handler

import (
	"context"

	"example.com/effects/iface/app"
)

func Notify(ctx context.Context, o app.Outbox) error { // ok: no implementation among the imports
	return o.Post(ctx, "hi")
}
