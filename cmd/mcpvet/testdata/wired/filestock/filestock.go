// Package filestock is the Store the shop runs with: each reservation
// appends a line to a file.
package filestock

import (
	"context"
	"fmt"
	"os"
)

// Store appends reservations to a file.
type Store struct{ Path string }

// Reserve appends one line.
func (s *Store) Reserve(ctx context.Context, item string) error {
	f, err := os.OpenFile(s.Path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = fmt.Fprintln(f, item)
	return err
}
