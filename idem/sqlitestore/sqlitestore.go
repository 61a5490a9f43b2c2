// Package sqlitestore is an idem.Store in an SQLite database file, through
// database/sql and the pure-Go driver modernc.org/sqlite (no cgo). It is
// the store for a single server: its records survive a restart of the
// server process, so a stdio server restarted by its client still knows
// the keys it saw (the seed's scenario 2). Several processes may share the
// file on one machine (SQLite locks it; writers wait up to the busy
// timeout); for replicas on several machines use pgstore.
//
//	store, err := sqlitestore.Open("idem.db", nil)
//	if err != nil { ... }
//	defer store.Close()
//	gosdk.Install(server, store, nil)
package sqlitestore

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver

	"github.com/mcpvet/mcpvet/idem"
	"github.com/mcpvet/mcpvet/idem/internal/sqlstore"
)

// Options configures a Store. The zero value is usable.
type Options struct {
	// Table is the table name (default "idem_records").
	Table string
	// BusyTimeout is how long a statement waits for a lock held by another
	// connection or process (default 10s).
	BusyTimeout time.Duration
	// SkipMigrate does not create the table (it must exist).
	SkipMigrate bool
}

// Store is an idem.Store in SQLite. It is safe for concurrent use.
type Store struct {
	*sqlstore.Store
	owned bool
}

var _ idem.Store = (*Store)(nil)

var dialect = sqlstore.Dialect{
	Name:     "sqlite",
	BlobType: "BLOB",
	Migrate: func(ctx context.Context, db *sql.DB, stmts []string) error {
		for _, s := range stmts {
			if _, err := db.ExecContext(ctx, s); err != nil {
				return err
			}
		}
		return nil
	},
}

// Open opens (creating if needed) the SQLite database file path, in WAL
// mode with a busy timeout, and creates the table. opts may be nil.
func Open(path string, opts *Options) (*Store, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if path == "" {
		return nil, fmt.Errorf("idem/sqlite: empty database path")
	}
	busy := o.BusyTimeout
	if busy <= 0 {
		busy = 10 * time.Second
	}
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busy.Milliseconds()))
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(FULL)")
	q.Set("_txlock", "immediate")
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q.Encode()
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("idem/sqlite: opening %s: %w", path, err)
	}
	// One connection: SQLite allows one writer at a time anyway, and a
	// single connection keeps the writers of this process from failing on
	// each other's locks.
	db.SetMaxOpenConns(1)
	s, err := New(db, &o)
	if err != nil {
		db.Close()
		return nil, err
	}
	s.owned = true
	return s, nil
}

// New returns a Store on an open SQLite database (opened with the driver
// "sqlite" of modernc.org/sqlite, or another SQLite driver for
// database/sql), and creates the table unless opts.SkipMigrate. Close does
// not close db. opts may be nil.
func New(db *sql.DB, opts *Options) (*Store, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
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
