// Package db is shaped as sqlc generates it: queries through a DBTX
// interface that a *sql.DB or *sql.Tx implements, the one main wires in.
package db

import (
	"context"
	"database/sql"
)

// DBTX is what the queries run on.
type DBTX interface {
	ExecContext(context.Context, string, ...interface{}) (sql.Result, error)
	PrepareContext(context.Context, string) (*sql.Stmt, error)
	QueryContext(context.Context, string, ...interface{}) (*sql.Rows, error)
	QueryRowContext(context.Context, string, ...interface{}) *sql.Row
}

// New returns the queries on db.
func New(db DBTX) *Queries { return &Queries{db: db} }

// Queries are the generated queries.
type Queries struct{ db DBTX }

// Note is a row of notes.
type Note struct {
	ID   int64
	Body string
}

const createNote = `-- name: CreateNote :one
INSERT INTO notes (body) VALUES (?)
RETURNING id, body
`

// CreateNote inserts a note and returns it.
func (q *Queries) CreateNote(ctx context.Context, body string) (Note, error) {
	row := q.db.QueryRowContext(ctx, createNote, body)
	var n Note
	err := row.Scan(&n.ID, &n.Body)
	return n, err
}

const getNote = `-- name: GetNote :one
SELECT id, body FROM notes WHERE id = ?
`

// GetNote reads a note.
func (q *Queries) GetNote(ctx context.Context, id int64) (Note, error) {
	row := q.db.QueryRowContext(ctx, getNote, id)
	var n Note
	err := row.Scan(&n.ID, &n.Body)
	return n, err
}

const listNotes = `-- name: ListNotes :many
SELECT id, body FROM notes
`

// ListNotes reads every note.
func (q *Queries) ListNotes(ctx context.Context) ([]Note, error) {
	rows, err := q.db.QueryContext(ctx, listNotes)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Note
	for rows.Next() {
		var n Note
		if err := rows.Scan(&n.ID, &n.Body); err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, rows.Err()
}
