// Package ledger is the side effect behind the demo's charge tools: an
// append-only JSON-lines file of charges, plus an in-memory index of the
// idempotency keys it has seen.
//
// It lives in its own package, away from the MCP handlers, on purpose: the
// handlers only call Append, and mcpvet has to learn from this package that
// Append writes a file.
package ledger

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sync"
	"time"
)

// Entry is one line of the ledger.
type Entry struct {
	// Key is the caller's idempotency key, if the tool took one.
	Key     string    `json:"key,omitempty"`
	Tool    string    `json:"tool"`
	Account string    `json:"account"`
	Amount  int       `json:"amount"`
	At      time.Time `json:"at"`
}

// Ledger is an append-only file of entries. It is safe for concurrent use.
type Ledger struct {
	path string

	mu      sync.Mutex
	count   int
	balance map[string]int   // account -> sum of amounts
	byKey   map[string]Entry // idempotency key -> first entry with that key
}

// Open loads the ledger at path. A missing file is an empty ledger; the file
// is created by the first Append.
func Open(path string) (*Ledger, error) {
	l := &Ledger{
		path:    path,
		balance: make(map[string]int),
		byKey:   make(map[string]Entry),
	}
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return l, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()

	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		if len(sc.Bytes()) == 0 {
			continue
		}
		var e Entry
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, line, err)
		}
		l.index(e)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return l, nil
}

// Path returns the file the ledger writes to.
func (l *Ledger) Path() string { return l.path }

// Append writes e as a new line at the end of the ledger file. Once Append
// returns nil the entry is on disk: nothing that happens to the caller
// afterwards (a cancelled context, a dropped connection, a killed process)
// takes it back.
func (l *Ledger) Append(e Entry) error {
	if e.At.IsZero() {
		e.At = time.Now().UTC()
	}
	line, err := json.Marshal(e)
	if err != nil {
		return err
	}
	line = append(line, '\n')

	l.mu.Lock()
	defer l.mu.Unlock()
	f, err := os.OpenFile(l.path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(line); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	l.index(e)
	return nil
}

// Lookup returns the first entry recorded under the idempotency key.
func (l *Ledger) Lookup(key string) (Entry, bool) {
	if key == "" {
		return Entry{}, false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	e, ok := l.byKey[key]
	return e, ok
}

// Count returns the number of entries in the ledger.
func (l *Ledger) Count() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.count
}

// Balance returns the sum of the amounts charged to account.
func (l *Ledger) Balance(account string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.balance[account]
}

// index records e in the in-memory views. l.mu must be held (or l not yet shared).
func (l *Ledger) index(e Entry) {
	l.count++
	l.balance[e.Account] += e.Amount
	if e.Key != "" {
		if _, seen := l.byKey[e.Key]; !seen {
			l.byKey[e.Key] = e
		}
	}
}
