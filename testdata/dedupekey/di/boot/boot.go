// Package boot builds the server for main: main reaches the server
// package's registrations only through it.
package boot

import (
	"database/sql"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/di/notify"
	"example.com/dedupekey/di/sched"
	"example.com/dedupekey/di/server"
	"example.com/dedupekey/di/store"
)

// Build registers every tool on a new server.
func Build(db *sql.DB) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "diboot"}, nil)
	server.Register(s, sched.New(store.New(db)), &notify.Memory{})
	server.RegisterDirect(s, store.New(db))
	return s
}
