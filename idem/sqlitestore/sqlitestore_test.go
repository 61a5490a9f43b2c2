package sqlitestore_test

import (
	"path/filepath"
	"testing"

	"github.com/mcpvet/mcpvet/idem"
	"github.com/mcpvet/mcpvet/idem/sqlitestore"
	"github.com/mcpvet/mcpvet/idem/storetest"
)

// TestStore runs the store conformance tests on a real SQLite file; the
// replica and restart tests open the file again, as a second process or a
// restarted server would.
func TestStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) storetest.Backend {
		path := filepath.Join(t.TempDir(), "idem.db")
		return storetest.Backend{
			Open: func(t *testing.T) idem.Store {
				s, err := sqlitestore.Open(path, nil)
				if err != nil {
					t.Fatal(err)
				}
				return s
			},
			Persistent: true,
		}
	})
}

func TestBadTableName(t *testing.T) {
	_, err := sqlitestore.Open(filepath.Join(t.TempDir(), "x.db"), &sqlitestore.Options{Table: "x; DROP TABLE y"})
	if err == nil {
		t.Fatal("Open accepted a table name with SQL in it")
	}
}
