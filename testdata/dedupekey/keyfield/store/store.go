// Package store logs notes, deduplicated by the request id the caller
// sets in the row.
package store

import (
	"context"
	"database/sql"
)

type Row struct {
	Note      string
	RequestID string
}

type Store struct{ db *sql.DB }

// Insert adds the row unless a row with its request id exists.
func (s *Store) Insert(ctx context.Context, r Row) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO notes (note, request_id) VALUES (?, ?)`, r.Note, r.RequestID)
	return err
}
