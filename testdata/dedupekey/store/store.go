// Package store commits side effects on behalf of handlers in other
// packages: its facts must reach them.
package store

import (
	"context"
	"database/sql"
	"net/http"
	"os"
	"strings"
)

type Ledger struct {
	Path string
	db   *sql.DB
	seen map[string]bool
}

// Append writes a ledger line: a file append.
func (l *Ledger) Append(account string, amount int) error {
	f, err := os.OpenFile(l.Path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.WriteString(account + "\n")
	return err
}

// Record reaches the effect through another function of this package.
func (l *Ledger) Record(account string) error { return l.Append(account, 1) }

// Insert is an SQL write.
func (l *Ledger) Insert(ctx context.Context, account string) error {
	_, err := l.db.ExecContext(ctx, "INSERT INTO charges(account) VALUES ($1)", account)
	return err
}

// Count only reads.
func (l *Ledger) Count(ctx context.Context) (int, error) {
	var n int
	err := l.db.QueryRowContext(ctx, "SELECT count(*) FROM charges").Scan(&n)
	return n, err
}

// Seen reports whether a key was used: a key-checking helper.
func (l *Ledger) Seen(args map[string]any) bool {
	k, _ := args["idempotency_key"].(string)
	return l.seen[k]
}

// Notify POSTs to a webhook.
func Notify(ctx context.Context, url string) error {
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

// Fetch only GETs.
func Fetch(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Log writes to stderr: output, not an effect.
func Log(msg string) { os.Stderr.WriteString(msg + "\n") }

// Scratch writes only to a temporary file.
func Scratch(data []byte) error {
	f, err := os.CreateTemp("", "scratch")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	_, err = f.Write(data)
	return err
}

// ChargeOnce writes, but reads its key first: a keyed handler helper.
func ChargeOnce(l *Ledger, args map[string]any) error {
	if l.Seen(args) {
		return nil
	}
	return l.Append("a", 1)
}
