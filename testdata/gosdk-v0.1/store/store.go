// Package store commits side effects for the handlers.
package store

import (
	"context"
	"database/sql"
	"os"
)

type Ledger struct {
	Path string
	DB   *sql.DB
}

// Append is a file append.
func (l *Ledger) Append(account string) error {
	f, err := os.OpenFile(l.Path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.WriteString(account + "\n")
	return err
}

// Insert is an SQL write.
func (l *Ledger) Insert(ctx context.Context, account string) error {
	_, err := l.DB.ExecContext(ctx, "INSERT INTO charges(account) VALUES ($1)", account)
	return err
}
