// Package usewrap passes keys to wrappers of another package.
package usewrap

import (
	"context"
	"net/http"

	"github.com/google/uuid"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/freshkey/wrap"
)

// ViaFact passes a fresh key to a function that sends it as a header.
func ViaFact(c *http.Client, url string) error { // want ViaFact:"keyParams\\(made Idempotency\\-Key\\)"
	var err error
	for i := 0; i < 3; i++ {
		if err = wrap.Post(c, url, nil, uuid.NewString()); err == nil { // want `idempotency key "Idempotency-Key" is made anew on every attempt of this retry loop`
			return nil
		}
	}
	return err
}

// ViaFactTransitive passes a fresh key down two functions.
func ViaFactTransitive(ctx context.Context, cs *mcp.ClientSession) error { // want ViaFactTransitive:"keyParams\\(made idempotency_key\\)"
	var err error
	for i := 0; i < 3; i++ {
		k := uuid.NewString() // want `idempotency key "idempotency_key" is made anew`
		if err = wrap.ChargeTwice(ctx, cs, k); err == nil {
			return nil
		}
	}
	return err
}

// ViaFactStable passes a key made before the loop.
func ViaFactStable(c *http.Client, url string) error { // want ViaFactStable:"keyParams\\(made Idempotency\\-Key\\)"
	key := uuid.NewString()
	var err error
	for i := 0; i < 3; i++ {
		wrap.Log(uuid.NewString())                         // ok: not a key parameter
		if err = wrap.Post(c, url, nil, key); err == nil { // ok: stable
			return nil
		}
	}
	return err
}

// ChargeByName has a parameter named like a key; its body is not needed.
type ChargeByName func(ctx context.Context, amount int, idempotencyKey string) error

// Client has a method whose parameter is named like a key.
type Client interface {
	Transfer(ctx context.Context, amount int, idempotencyKey string) error
}

// ViaParamName passes a fresh key to an interface method whose parameter
// is named idempotencyKey.
func ViaParamName(ctx context.Context, c Client) error { // want ViaParamName:"keyParams\\(made idempotencyKey\\)"
	var err error
	for i := 0; i < 3; i++ {
		if err = c.Transfer(ctx, 100, uuid.New().String()); err == nil { // want `idempotency key "idempotencyKey" is made anew`
			return nil
		}
	}
	return err
}
