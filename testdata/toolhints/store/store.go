// Package store commits side effects on behalf of handlers in other
// packages: its facts must reach them.
package store

import (
	"context"
	"net/http"
	"os"
	"strings"
)

type Ledger struct{ Path string }

// Append writes a ledger line: a file append, not idempotent.
func (l *Ledger) Append(account string) error {
	f, err := os.OpenFile(l.Path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.WriteString(account + "\n")
	return err
}

// Save overwrites the whole file: idempotent by nature.
func (l *Ledger) Save(data []byte) error { return os.WriteFile(l.Path, data, 0o644) }

// AppendOnce dedupes on the key it is given.
func (l *Ledger) AppendOnce(idempotencyKey, account string) error {
	if l.seen(idempotencyKey) {
		return nil
	}
	return l.Append(account)
}

func (l *Ledger) seen(string) bool { return false }

// Query POSTs a query: a read by design (its name).
func Query(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(`{"mode":"read"}`))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Send POSTs a change.
func Send(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader("{}"))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Put replaces a remote object: an HTTP PUT.
func Put(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, url, strings.NewReader("{}"))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Read only reads.
func Read(path string) ([]byte, error) { return os.ReadFile(path) }
