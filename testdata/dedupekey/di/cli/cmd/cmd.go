// Package cmd wires the server for a cobra-style program whose main only
// calls cmd.Execute(): the tools are reported here, where the store is
// wired in.
package cmd

import (
	"database/sql"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/di/notify"
	"example.com/dedupekey/di/sched"
	"example.com/dedupekey/di/server"
	"example.com/dedupekey/di/store"
)

func Execute() {
	db, _ := sql.Open("sqlite", "tasks.db")
	s := mcp.NewServer(&mcp.Implementation{Name: "dicli"}, nil)
	server.Register(s, sched.New(store.New(db)), &notify.Memory{}) // want `tool "add_task" is not idempotent` `tool "add_task_h" is not idempotent` `tool "copy_task" is not idempotent` `tool "copy_task_h" is not idempotent`
}
