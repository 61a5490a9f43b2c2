// Package sqlstore is the idem.Store over database/sql shared by
// sqlitestore and pgstore. The dialects differ in placeholders, column
// types and schema creation; the statements are otherwise the same
// (INSERT ... ON CONFLICT DO NOTHING RETURNING and a conditional UPDATE,
// which both SQLite 3.35+ and PostgreSQL 9.5+ have).
package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/mcpvet/mcpvet/idem"
)

// Dialect describes one database.
type Dialect struct {
	// Name is used in error messages.
	Name string
	// Numbered placeholders ($1, $2) instead of ?.
	Numbered bool
	// BlobType is the column type of the recorded result.
	BlobType string
	// Migrate creates the table and its index, given the CREATE
	// statements. It may take locks.
	Migrate func(ctx context.Context, db *sql.DB, stmts []string) error
}

// DefaultTable is the table name used when none is given.
const DefaultTable = "idem_records"

var tableRE = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]{0,62}\.)?[A-Za-z_][A-Za-z0-9_]{0,62}$`)

// Store is an idem.Store in a SQL table.
type Store struct {
	db *sql.DB
	d  Dialect
	t  string

	insert, rerun, finish, get, getTask, sweep, purge string
}

// New returns a Store on db in table (DefaultTable if empty), after
// creating the table unless skipMigrate.
func New(ctx context.Context, db *sql.DB, d Dialect, table string, skipMigrate bool) (*Store, error) {
	if table == "" {
		table = DefaultTable
	}
	if !tableRE.MatchString(table) {
		return nil, fmt.Errorf("idem/%s: bad table name %q (want [schema.]name of letters, digits and _)", d.Name, table)
	}
	s := &Store{db: db, d: d, t: table}
	s.prepare()
	if !skipMigrate {
		if err := d.Migrate(ctx, db, s.schema()); err != nil {
			return nil, fmt.Errorf("idem/%s: creating table %s: %w", d.Name, table, err)
		}
	}
	return s, nil
}

// DB returns the database handle.
func (s *Store) DB() *sql.DB { return s.db }

// Table returns the table name.
func (s *Store) Table() string { return s.t }

func (s *Store) schema() []string {
	index := strings.ReplaceAll(s.t, ".", "_") + "_status_updated"
	if i := strings.IndexByte(s.t, '.'); i >= 0 {
		index = s.t[i+1:] + "_status_updated"
	}
	return []string{
		fmt.Sprintf(`CREATE TABLE IF NOT EXISTS %s (
	idem_key    TEXT NOT NULL PRIMARY KEY,
	task_id     TEXT NOT NULL UNIQUE,
	tool        TEXT NOT NULL,
	fingerprint TEXT NOT NULL,
	status      TEXT NOT NULL CHECK (status IN ('running', 'done', 'failed')),
	attempt     INTEGER NOT NULL,
	result      %s,
	error_text  TEXT NOT NULL DEFAULT '',
	created_ns  BIGINT NOT NULL,
	updated_ns  BIGINT NOT NULL
)`, s.t, s.d.BlobType),
		fmt.Sprintf(`CREATE INDEX IF NOT EXISTS %s ON %s (status, updated_ns)`, index, s.t),
	}
}

// q numbers the placeholders of a statement written with ?.
func (s *Store) q(stmt string) string {
	if !s.d.Numbered {
		return stmt
	}
	var b strings.Builder
	n := 0
	for _, r := range stmt {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

const columns = `idem_key, task_id, tool, fingerprint, status, attempt, result, error_text, created_ns, updated_ns`

func (s *Store) prepare() {
	// No conflict target: a racing insert of the same key may first hit
	// the unique task_id (derived from the key), and in PostgreSQL a
	// conflict on an index other than the named one is an error.
	s.insert = s.q(`INSERT INTO ` + s.t + ` (` + columns + `)
VALUES (?, ?, ?, ?, 'running', 1, NULL, '', ?, ?)
ON CONFLICT DO NOTHING
RETURNING attempt`)
	s.rerun = s.q(`UPDATE ` + s.t + ` SET status = 'running', attempt = attempt + 1, result = NULL, error_text = '', updated_ns = ?
WHERE idem_key = ? AND status = 'failed' AND fingerprint = ?
RETURNING attempt, created_ns`)
	s.finish = s.q(`UPDATE ` + s.t + ` SET status = ?, result = ?, error_text = ?, updated_ns = ?
WHERE idem_key = ? AND attempt = ? AND status IN ('running', 'failed')`)
	s.get = s.q(`SELECT ` + columns + ` FROM ` + s.t + ` WHERE idem_key = ?`)
	s.getTask = s.q(`SELECT ` + columns + ` FROM ` + s.t + ` WHERE task_id = ?`)
	s.sweep = s.q(`UPDATE ` + s.t + ` SET status = 'failed', error_text = ?, updated_ns = ?
WHERE status = 'running' AND updated_ns < ?`)
	s.purge = s.q(`DELETE FROM ` + s.t + ` WHERE status IN ('done', 'failed') AND updated_ns < ?`)
}

func (s *Store) wrap(op string, err error) error {
	if err == nil || errors.Is(err, idem.ErrNotFound) || errors.Is(err, idem.ErrSuperseded) {
		return err
	}
	return fmt.Errorf("idem/%s: %s: %w", s.d.Name, op, err)
}

// Begin implements idem.Store.
func (s *Store) Begin(ctx context.Context, r idem.Record) (idem.Record, bool, error) {
	now := r.Created.UnixNano()
	// The insert wins if the key is new; the update if the key failed
	// before with the same arguments. Both are single statements, atomic
	// in both databases: of concurrent callers one gets a row back. A
	// record purged between the statements makes the loop go round again.
	for range 3 {
		var attempt int
		err := s.db.QueryRowContext(ctx, s.insert, r.Key, r.TaskID, r.Tool, r.Fingerprint, now, now).Scan(&attempt)
		if err == nil {
			return idem.Record{
				Key: r.Key, TaskID: r.TaskID, Tool: r.Tool, Fingerprint: r.Fingerprint,
				Status: idem.StatusRunning, Attempt: attempt,
				Created: time.Unix(0, now).UTC(), Updated: time.Unix(0, now).UTC(),
			}, true, nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return idem.Record{}, false, s.wrap("begin", err)
		}
		var created int64
		err = s.db.QueryRowContext(ctx, s.rerun, now, r.Key, r.Fingerprint).Scan(&attempt, &created)
		if err == nil {
			return idem.Record{
				Key: r.Key, TaskID: r.TaskID, Tool: r.Tool, Fingerprint: r.Fingerprint,
				Status: idem.StatusRunning, Attempt: attempt,
				Created: time.Unix(0, created).UTC(), Updated: time.Unix(0, now).UTC(),
			}, true, nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return idem.Record{}, false, s.wrap("begin", err)
		}
		rec, err := s.Get(ctx, r.Key)
		if errors.Is(err, idem.ErrNotFound) {
			continue
		}
		return rec, false, err
	}
	return idem.Record{}, false, fmt.Errorf("idem/%s: begin: the record of the key keeps disappearing", s.d.Name)
}

// Finish implements idem.Store.
func (s *Store) Finish(ctx context.Context, key string, attempt int, c idem.Completion) error {
	if c.Status != idem.StatusDone && c.Status != idem.StatusFailed {
		return fmt.Errorf("idem/%s: finish with status %q", s.d.Name, c.Status)
	}
	var result any
	if c.Status == idem.StatusDone {
		result = c.Result
		if result.([]byte) == nil {
			result = []byte{}
		}
	}
	res, err := s.db.ExecContext(ctx, s.finish, string(c.Status), result, c.Error, c.At.UnixNano(), key, attempt)
	if err != nil {
		return s.wrap("finish", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return s.wrap("finish", err)
	}
	if n == 0 {
		return idem.ErrSuperseded
	}
	return nil
}

func (s *Store) scan(row *sql.Row) (idem.Record, error) {
	var (
		r                idem.Record
		status           string
		result           []byte
		created, updated int64
	)
	err := row.Scan(&r.Key, &r.TaskID, &r.Tool, &r.Fingerprint, &status, &r.Attempt, &result, &r.Error, &created, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return idem.Record{}, idem.ErrNotFound
	}
	if err != nil {
		return idem.Record{}, err
	}
	r.Status = idem.Status(status)
	r.Result = result
	r.Created = time.Unix(0, created).UTC()
	r.Updated = time.Unix(0, updated).UTC()
	return r, nil
}

// Get implements idem.Store.
func (s *Store) Get(ctx context.Context, key string) (idem.Record, error) {
	r, err := s.scan(s.db.QueryRowContext(ctx, s.get, key))
	return r, s.wrap("get", err)
}

// GetTask implements idem.Store.
func (s *Store) GetTask(ctx context.Context, taskID string) (idem.Record, error) {
	r, err := s.scan(s.db.QueryRowContext(ctx, s.getTask, taskID))
	return r, s.wrap("get task", err)
}

// Sweep implements idem.Store.
func (s *Store) Sweep(ctx context.Context, cutoff, now time.Time) (int, error) {
	res, err := s.db.ExecContext(ctx, s.sweep, idem.SweptError, now.UnixNano(), cutoff.UnixNano())
	if err != nil {
		return 0, s.wrap("sweep", err)
	}
	n, err := res.RowsAffected()
	return int(n), s.wrap("sweep", err)
}

// Purge implements idem.Store.
func (s *Store) Purge(ctx context.Context, cutoff time.Time) (int, error) {
	res, err := s.db.ExecContext(ctx, s.purge, cutoff.UnixNano())
	if err != nil {
		return 0, s.wrap("purge", err)
	}
	n, err := res.RowsAffected()
	return int(n), s.wrap("purge", err)
}
