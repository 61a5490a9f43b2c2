// Package keys reads the client's dedupe key for handlers of other
// packages: Or falls back to a fresh key, OrOrder to the order id.
package keys

import (
	"cmp"

	"github.com/google/uuid"
)

// In is a tool's input with a client key.
type In struct {
	Key   string `json:"idempotency_key"`
	Order string `json:"order"`
}

// Or returns the client's key, or a new one when it sends none.
func Or(in In) string { // want Or:"freshFallback\\(line 19\\)"
	return cmp.Or(in.Key, uuid.NewString())
}

// OrOrder returns the client's key, or the order id: no fact.
func OrOrder(in In) string {
	return cmp.Or(in.Key, in.Order)
}
