// Package ledger appends lines to a file: the side effect the shop's
// tools commit in another package.
package ledger

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
