// Package pgstore is an idem.Store in PostgreSQL, through database/sql and
// github.com/jackc/pgx/v5. It is the store for several replicas of a
// server: the key is the table's primary key, and a call claims it with
// one INSERT ... ON CONFLICT DO NOTHING (or, after a failure, one
// conditional UPDATE), so that of two replicas racing on one key exactly
// one runs the handler.
//
//	store, err := pgstore.Open(ctx, "postgres://idem@db/app", nil)
//	if err != nil { ... }
//	defer store.Close()
//	gosdk.Install(server, store, nil)
package pgstore

import (
	"context"
	"database/sql"
	"fmt"
	"hash/fnv"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver

	"github.com/mcpvet/mcpvet/idem"
	"github.com/mcpvet/mcpvet/idem/internal/sqlstore"
)

// Options configures a Store. The zero value is usable.
type Options struct {
	// Table is the table name, optionally schema-qualified (default
	// "idem_records").
	Table string
	// SkipMigrate does not create the table (it must exist).
	SkipMigrate bool
}

// Store is an idem.Store in PostgreSQL. It is safe for concurrent use.
type Store struct {
	*sqlstore.Store
	owned bool
}

var _ idem.Store = (*Store)(nil)

var dialect = sqlstore.Dialect{
	Name:     "postgres",
	Numbered: true,
	BlobType: "BYTEA",
	Migrate: func(ctx context.Context, db *sql.DB, stmts []string) error {
		// CREATE TABLE IF NOT EXISTS is not safe against itself: two
		// replicas starting at once can both try to create the table.
		// A transaction-scoped advisory lock serializes them.
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		defer tx.Rollback()
		h := fnv.New64a()
		h.Write([]byte("mcpvet/idem migrate " + stmts[0]))
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(h.Sum64())); err != nil {
			return err
		}
		for _, s := range stmts {
			if _, err := tx.ExecContext(ctx, s); err != nil {
				return err
			}
		}
		return tx.Commit()
	},
}

// Open connects to PostgreSQL (dsn as pgx accepts it: a postgres:// URL or
// "host=... dbname=..."), checks the connection, and creates the table.
// opts may be nil.
func Open(ctx context.Context, dsn string, opts *Options) (*Store, error) {
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, fmt.Errorf("idem/postgres: %w", err)
	}
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("idem/postgres: connecting: %w", err)
	}
	s, err := New(ctx, db, opts)
	if err != nil {
		db.Close()
		return nil, err
	}
	s.owned = true
	return s, nil
}

// New returns a Store on an open PostgreSQL database (any database/sql
// driver), and creates the table unless opts.SkipMigrate. Close does not
// close db. opts may be nil.
func New(ctx context.Context, db *sql.DB, opts *Options) (*Store, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	s, err := sqlstore.New(ctx, db, dialect, o.Table, o.SkipMigrate)
	if err != nil {
		return nil, err
	}
	return &Store{Store: s}, nil
}

// Close closes the database if Open opened it.
func (s *Store) Close() error {
	if s.owned {
		return s.DB().Close()
	}
	return nil
}
