// Package keygen makes keys; its fresh functions carry a FreshFunc fact.
package keygen

import (
	"crypto/rand"
	"encoding/hex"
	"time"

	"github.com/google/uuid"
)

// NewKey returns a new key.
func NewKey() string { // want NewKey:"freshFunc"
	return "k-" + uuid.NewString()
}

// RandomToken returns random hex, or an error.
func RandomToken() (string, error) { // want RandomToken:"freshFunc"
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

// TokenOf returns the results of another fresh function as they are.
func TokenOf() (string, error) { // want TokenOf:"freshFunc"
	return RandomToken()
}

// ErrOf returns the results of a function that is not fresh: no fact.
func ErrOf() (string, error) {
	return OrderKey("o"), nil
}

// Wrapped returns the result of another fresh function of the package.
func Wrapped(prefix string) string { // want Wrapped:"freshFunc"
	k := NewKey()
	return prefix + k
}

// Stamp returns the time in milliseconds.
func Stamp() (ms int64) { // want Stamp:"freshFunc"
	ms = time.Now().UnixMilli()
	return
}

// OrderKey derives a stable key from the order id: no fact.
func OrderKey(orderID string) string {
	return "order-" + orderID
}

// Fallback returns key, or a fresh one when key is empty: no fact, a
// fallback is made only when the caller has no key.
func Fallback(key string) string {
	if key == "" {
		key = uuid.NewString()
	}
	return key
}

// Request is a request with a fresh id: not a key maker, whatever its
// fields hold.
type Request struct {
	ID   string
	Body string
}

// NewRequest returns a request: no fact.
func NewRequest(body string) *Request {
	return &Request{ID: uuid.NewString(), Body: body}
}

// Ticket holds a key.
type Ticket struct{ Key string }

// NewTicket returns a ticket whose key a helper makes: no fact (it
// returns no key), but the key in it is new on every call.
func NewTicket() *Ticket { return &Ticket{Key: ticketKey()} }

func ticketKey() string { // want ticketKey:"freshFunc"
	return uuid.NewString()
}

// Tickets keeps one ticket per order.
type Tickets struct{ byOrder map[string]*Ticket }

// For returns the order's ticket, made on its first call.
func (t *Tickets) For(order string) *Ticket {
	if tk, ok := t.byOrder[order]; ok {
		return tk
	}
	tk := NewTicket()
	t.byOrder[order] = tk
	return tk
}

// Gen makes keys.
type Gen struct{ prefix string }

// Next returns a new key.
func (g *Gen) Next() string { // want Next:"freshFunc"
	return g.prefix + uuid.NewString()
}

// Fill fills b with random bytes: its callers' buffers are fresh.
func Fill(b []byte) { // want Fill:"freshFill\\(0\\)"
	_, _ = rand.Read(b)
}

// FillTail fills b through Fill, after a prefix it keeps.
func FillTail(prefix string, b []byte) { // want FillTail:"freshFill\\(1\\)"
	copy(b, prefix)
	Fill(b[len(prefix):])
}

// Zero clears b: no fact.
func Zero(b []byte) {
	clear(b)
}

func hexOf(b []byte) string { return hex.EncodeToString(b) }

func label(b []byte) string { return "token" }

// HexToken encodes random bytes through a helper of the package whose
// result derives from its argument.
func HexToken() string { // want HexToken:"freshFunc"
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hexOf(b)
}

// LabelToken passes random bytes to a helper that ignores them: no fact.
func LabelToken() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return label(b)
}
