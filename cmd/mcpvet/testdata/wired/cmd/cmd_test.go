package cmd

import (
	"context"
	"errors"
	"testing"

	"example.com/wired/stock"
)

// memStore is the tests' store: it keeps the stock in memory and
// commits nothing.
type memStore struct{ stock map[string]int }

func (m *memStore) Reserve(ctx context.Context, item string) error {
	if m.stock[item] == 0 {
		return errors.New("out of stock: " + item)
	}
	m.stock[item]--
	return nil
}

func TestReserve(t *testing.T) {
	m := &memStore{stock: map[string]int{"apple": 1}}
	tools := stock.Tools(m)
	if _, err := tools[0].Handler(context.Background(), map[string]any{"item": "apple"}); err != nil || m.stock["apple"] != 0 {
		t.Fatalf("reserve: %v %v", err, m.stock)
	}
}
