// Package demo runs the server without a backend: its ledger keeps the
// tickets in memory. Named as a demo package, it is not what the server
// runs in production, so it does not make a call through the interface
// unknown (store.MemNotes, an in-memory twin of an ordinary package,
// does).
package demo

import (
	"context"
	"sync"
)

type Tickets struct {
	mu   sync.Mutex
	next int
	open map[int]string
}

func (t *Tickets) Open(ctx context.Context, subject string) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.next++
	t.open[t.next] = subject
	return t.next, nil
}
