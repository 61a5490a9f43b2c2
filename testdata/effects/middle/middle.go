// Package middle reaches effects through upstream. // want package:"hidden\\(dbReader, memReader\\)"
package middle

import (
	"context"
	"database/sql"

	"example.com/effects/upstream"
)

type Store struct{ db *sql.DB }

func (s *Store) Save(ctx context.Context) error { // want Save:`effect\(SQL write: \(\*database/sql.DB\).ExecContext via upstream.Insert\)`
	return upstream.Insert(ctx, s.db)
}

func (s *Store) save2(ctx context.Context) error { // want save2:`effect\(SQL write: .* via \(\*middle.Store\).Save\)`
	return s.Save(ctx)
}

func ViaAlias() error { // want ViaAlias:`effect\(file write: os.WriteFile via upstream.Alias\)`
	return upstream.Alias("x", nil, 0)
}

func Pure(ctx context.Context) ([]byte, error) { // ok: reads only
	return upstream.ReadConfig()
}

// Checked reads a key, then writes: the effect fact says the key is checked.
func Checked(ctx context.Context, s *Store, args map[string]any) error { // want Checked:`effect`
	if upstream.KeyOf(args) == "" {
		return nil
	}
	return s.Save(ctx)
}

// Saver is implemented by *Store only: calls through it commit its effect.
type Saver interface {
	Save(ctx context.Context) error
}

// Reader has an implementation without effect beside one with: unknown.
type Reader interface {
	Load(ctx context.Context) error
}

type memReader struct{}

func (memReader) Load(ctx context.Context) error { return nil }

type dbReader struct{ s *Store }

func (d dbReader) Load(ctx context.Context) error { return d.s.Save(ctx) } // want Load:`effect`
