// Package keymade has functions that send a dedupe key they make
// themselves, anew on every call (their Effect facts say "makes"), each
// beside a twin that sends the key its caller gives it.
package keymade

import (
	"context"
	"crypto/rand"
	"fmt"
	"net/http"
	"strings"
	"time"
)

type Client struct{ Base string }

// post sends body with key as the Idempotency-Key header.
func (c *Client) post(ctx context.Context, key, body string) error { // want post:"^effect\\([^;]*\\)$"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Base+"/charges", strings.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ChargeNew makes the key from the clock.
func ChargeNew(ctx context.Context, c *Client, amount int) error { // want ChargeNew:"effect\\(.*; makes Idempotency-Key by time.Now\\)"
	return c.post(ctx, fmt.Sprint(time.Now().UnixNano()), fmt.Sprint(amount))
}

// ChargeWith sends its caller's key.
func ChargeWith(ctx context.Context, c *Client, key string, amount int) error { // want ChargeWith:"^effect\\([^;]*\\)$"
	return c.post(ctx, key, fmt.Sprint(amount))
}

// newKey returns a new key on every call.
func newKey() string { return "k-" + rand.Text() }

// ChargeLocal keeps a key of the package's fresh helper in a local.
func ChargeLocal(ctx context.Context, c *Client, amount int) error { // want ChargeLocal:"effect\\(.*; makes Idempotency-Key by keymade.newKey\\)"
	key := newKey()
	return c.post(ctx, key, fmt.Sprint(amount))
}

// ChargeOrder mixes the caller's order id with the clock: each call
// sends a new key all the same.
func ChargeOrder(ctx context.Context, c *Client, order string, amount int) error { // want ChargeOrder:"effect\\(.*; makes Idempotency-Key by time.Now\\)"
	return c.post(ctx, order+"-"+time.Now().String(), fmt.Sprint(amount))
}

// ChargeFor derives the key from the order id alone.
func ChargeFor(ctx context.Context, c *Client, order string, amount int) error { // want ChargeFor:"^effect\\([^;]*\\)$"
	return c.post(ctx, "order-"+order, fmt.Sprint(amount))
}

// ChargeNewVia commits ChargeNew's effect, and so makes its key.
func ChargeNewVia(ctx context.Context, c *Client) error { // want ChargeNewVia:"effect\\(.* via keymade.ChargeNew; makes Idempotency-Key by time.Now\\)"
	return ChargeNew(ctx, c, 1)
}

// ChargeWithVia gives ChargeWith its own key.
func ChargeWithVia(ctx context.Context, c *Client, key string) error { // want ChargeWithVia:"^effect\\([^;]*\\)$"
	return ChargeWith(ctx, c, key, 1)
}

// ChargeWithFresh gives ChargeWith a key it makes.
func ChargeWithFresh(ctx context.Context, c *Client) error { // want ChargeWithFresh:"effect\\(.*; makes Idempotency-Key by rand.Text\\)"
	return ChargeWith(ctx, c, rand.Text(), 1)
}

// entry is a record whose key is one of its fields.
type entry struct {
	Ref string
	At  time.Time
}

// record sends the entry's key.
func record(ctx context.Context, c *Client, e entry) error { // want record:"^effect\\([^;]*\\)$"
	return c.post(ctx, e.Ref, e.At.String())
}

// Stamped gives record its caller's key in an entry stamped with the
// clock: the key is the caller's, not made anew.
func Stamped(ctx context.Context, c *Client, key string) error { // want Stamped:"^effect\\([^;]*\\)$"
	return record(ctx, c, entry{Ref: key, At: time.Now()})
}
