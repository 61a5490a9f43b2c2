// Package wiring builds the same server outside main (a test harness):
// only a main package, the program that wires the store in, reports.
package wiring

import (
	"database/sql"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/di/notify"
	"example.com/dedupekey/di/sched"
	"example.com/dedupekey/di/server"
	"example.com/dedupekey/di/store"
)

func Build(db *sql.DB) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "disrv"}, nil)
	server.Register(s, sched.New(store.New(db)), &notify.File{Path: "log"}) // ok: not a main package
	return s
}
