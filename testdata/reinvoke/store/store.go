// Package store commits side effects on behalf of handlers in other
// packages: its facts must reach them.
package store

import (
	"context"
	"os"
)

type Orders struct{ Path string }

// Place appends an order line: not idempotent.
func (o *Orders) Place(ctx context.Context, item string) (string, error) {
	f, err := os.OpenFile(o.Path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return "", err
	}
	defer f.Close()
	_, err = f.WriteString(item + "\n")
	return item, err
}

// PlaceOnce dedupes on the key it is given.
func (o *Orders) PlaceOnce(ctx context.Context, idempotencyKey, item string) error {
	if o.seen(idempotencyKey) {
		return nil
	}
	_, err := o.Place(ctx, item)
	return err
}

func (o *Orders) seen(string) bool { return false }

// Price only reads.
func (o *Orders) Price(item string) (int, error) {
	_, err := os.ReadFile(o.Path)
	return len(item), err
}
