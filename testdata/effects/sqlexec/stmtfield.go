package sqlexec

import "database/sql"

// Store keeps its prepared statements in fields, prepared by OpenStore: a
// statement's Exec is judged by the text the package prepares into the
// field.
type Store struct {
	db     *sql.DB
	upsert *sql.Stmt
	insert *sql.Stmt
}

func OpenStore(db *sql.DB) (*Store, error) {
	s := &Store{db: db}
	var err error
	s.upsert, err = db.Prepare(`INSERT INTO kv(k, v) VALUES (?, ?) ON CONFLICT(k) DO UPDATE SET v = excluded.v`)
	if err != nil {
		return nil, err
	}
	s.insert, err = db.Prepare(`INSERT INTO log(line) VALUES (?)`)
	return s, err
}

// Put clears a stale row and upserts: both converge, so its effect is
// the first, the DELETE.
func (s *Store) Put(k, v string) error { // want Put:`effect\(SQL write: \(\*database/sql.DB\).Exec\)`
	if _, err := s.db.Exec(`DELETE FROM stale WHERE k = ?`, k); err != nil {
		return err
	}
	_, err := s.upsert.Exec(k, v)
	return err
}

// Log clears a stale row and inserts: the INSERT adds a row on every
// repeat, and is its effect.
func (s *Store) Log(line string) error { // want Log:`effect\(SQL write: \(\*database/sql.Stmt\).Exec\)`
	if _, err := s.db.Exec(`DELETE FROM stale WHERE k = ?`, line); err != nil {
		return err
	}
	_, err := s.insert.Exec(line)
	return err
}

// Close drops the statements: a nil statement runs nothing.
func (s *Store) Close() {
	s.upsert.Close()
	s.upsert, s.insert = nil, nil
}
