// Package sqlexec runs SQL through a transaction type of its own: the // want package:"hidden\\(liteDialect, mysqlDialect\\)"
// statement is its callers' (a parameter), built by a dialect interface
// whose implementations are beside it, or constant.
package sqlexec

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

type executor interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// Tx keeps the *sql.DB it was opened on as an executor of its own.
type Tx struct{ ex executor }

// Open begins a transaction and sets a pragma: neither writes.
func Open(ctx context.Context, db *sql.DB, ms int) (*Tx, error) {
	if _, err := db.ExecContext(ctx, "BEGIN;"); err != nil {
		return nil, err
	}
	if _, err := db.ExecContext(ctx, fmt.Sprintf("PRAGMA busy_timeout = %d;", ms)); err != nil {
		return nil, err
	}
	return &Tx{ex: db}, nil
}

// exec runs the statement each caller gives it.
func (t *Tx) exec(ctx context.Context, query string) error { // want exec:`effect\(SQL write: sqlexec.executor.ExecContext \[sql \$2\]\)`
	_, err := t.ex.ExecContext(ctx, query)
	return err
}

// Commit runs a constant COMMIT: no write.
func (t *Tx) Commit(ctx context.Context) error {
	return t.exec(ctx, "COMMIT;")
}

// Exec runs its caller's statement.
func (t *Tx) Exec(ctx context.Context, stmt string) error { // want Exec:`effect\(SQL write: sqlexec.executor.ExecContext \[sql \$2\]\)`
	return t.exec(ctx, stmt)
}

// Dialect renders statements for one database.
type Dialect interface {
	Use(db string) string
	Call(proc string, args ...string) string
}

type mysqlDialect struct{}

func (mysqlDialect) Use(db string) string { return fmt.Sprintf("USE %s;", db) }

func (mysqlDialect) Call(proc string, args ...string) string {
	return fmt.Sprintf("CALL %s(%s);", proc, strings.Join(args, ", "))
}

type liteDialect struct{}

func (liteDialect) Use(string) string { return "" }

func (liteDialect) Call(proc string, args ...string) string {
	return fmt.Sprintf("SELECT %s(%s);", strings.ToLower(proc), strings.Join(args, ", "))
}

// Switch selects a database and checks out a branch: both change only
// the session, in every dialect.
func Switch(ctx context.Context, t *Tx, d Dialect, db, branch string) error {
	if err := t.exec(ctx, d.Use(db)); err != nil {
		return err
	}
	return t.exec(ctx, d.Call("DOLT_CHECKOUT", branch))
}

// Branch creates a branch: a write in the dialect that CALLs it.
func Branch(ctx context.Context, t *Tx, d Dialect, name string) error { // want Branch:`effect\(SQL write: sqlexec.executor.ExecContext via \(\*sqlexec.Tx\).exec\)`
	return t.exec(ctx, d.Call("DOLT_BRANCH", name))
}

// Stage stages a table: a write whose repeat changes nothing more.
func Stage(ctx context.Context, t *Tx, d Dialect, table string) error { // want Stage:`effect\(SQL write: sqlexec.executor.ExecContext via \(\*sqlexec.Tx\).exec\)`
	return t.exec(ctx, d.Call("DOLT_ADD", table))
}

// DropTest deletes a row by a name given at run time: a write whose
// repeat deletes nothing more.
func DropTest(ctx context.Context, t *Tx, name string) error { // want DropTest:`effect\(SQL write: sqlexec.executor.ExecContext via \(\*sqlexec.Tx\).exec\)`
	query := fmt.Sprintf("DELETE FROM tests WHERE name = '%s'", name)
	return t.exec(ctx, query)
}

// LinkAll replaces a page's links: a prepared INSERT OR IGNORE, after a
// DELETE, in a transaction it commits. Each repeat leaves the same rows:
// its effect is the DELETE, idempotent, not the INSERT nor the commit,
// which would matter more if a repeat added rows.
func LinkAll(ctx context.Context, db *sql.DB, source string, targets []string) error { // want LinkAll:`effect\(SQL write: \(\*database/sql.Tx\).ExecContext\)`
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `DELETE FROM links WHERE source = ?`, source); err != nil {
		return err
	}
	stmt, err := tx.PrepareContext(ctx, `INSERT OR IGNORE INTO links(source, target) VALUES (?, ?)`)
	if err != nil {
		return err
	}
	defer stmt.Close()
	for _, t := range targets {
		if _, err := stmt.ExecContext(ctx, source, t); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// Hit counts a visit with a prepared INSERT: a repeat adds a row.
func Hit(ctx context.Context, db *sql.DB, page string) error { // want Hit:`effect\(SQL write: \(\*database/sql.Stmt\).ExecContext\)`
	stmt, err := db.PrepareContext(ctx, `INSERT INTO hits(page) VALUES (?)`)
	if err != nil {
		return err
	}
	defer stmt.Close()
	_, err = stmt.ExecContext(ctx, page)
	return err
}
