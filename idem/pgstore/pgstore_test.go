package pgstore_test

import (
	"context"
	"os"
	"testing"

	"github.com/mcpvet/mcpvet/idem"
	"github.com/mcpvet/mcpvet/idem/internal/pgtest"
	"github.com/mcpvet/mcpvet/idem/pgstore"
	"github.com/mcpvet/mcpvet/idem/storetest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// TestStore runs the store conformance tests on a real PostgreSQL server
// (started by pgtest unless IDEM_PG_DSN names one). The replica tests
// race two Stores, each with its own connection pool, on one table.
func TestStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) storetest.Backend {
		dsn := pgtest.DSN(t)
		table := pgtest.Table(t)
		return storetest.Backend{
			Open: func(t *testing.T) idem.Store {
				s, err := pgstore.Open(context.Background(), dsn, &pgstore.Options{Table: table})
				if err != nil {
					t.Fatal(err)
				}
				return s
			},
			Persistent: true,
		}
	})
}

func TestBadDSN(t *testing.T) {
	_, err := pgstore.Open(context.Background(), "postgres://nobody@127.0.0.1:1/x?sslmode=disable&connect_timeout=2", nil)
	if err == nil {
		t.Fatal("Open succeeded on a closed port")
	}
}
