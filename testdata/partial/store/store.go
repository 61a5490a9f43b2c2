// Package store is a vendored tree with a file missing: record.go, which
// declared Record, was not copied, so the package does not type-check.
// Ledger.Append still does; Ledger.Seen does not.
package store

import (
	"context"
	"fmt"
	"os"
)

// Ledger is an append-only file.
type Ledger struct{ Path string }

// Append writes one line.
func (l *Ledger) Append(ctx context.Context, account string, cents int64) error {
	f, err := os.OpenFile(l.Path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = fmt.Fprintf(f, "%s %d\n", account, cents)
	return err
}

// Seen reports whether the operation with this key was recorded.
func (l *Ledger) Seen(ctx context.Context, key string) bool {
	var r Record // declared in the missing record.go
	return r.Key == key
}
