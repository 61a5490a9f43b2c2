package server

import (
	"database/sql"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/di/notify"
	"example.com/dedupekey/di/sched"
	"example.com/dedupekey/di/store"
)

// The test wires the real store: in the test variant the handlers' calls
// stay pending (the tests' wiring is not the program's), so add_task is
// reported once, in main.
func TestRegister(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "test"}, nil)
	Register(s, sched.New(store.New(&sql.DB{})), &notify.Memory{})
	RegisterDirect(s, store.New(&sql.DB{}))
}
