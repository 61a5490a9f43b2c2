// Command disrv wires the stores into the server: the tools whose
// handlers reach them through interfaces are reported here.
package main

import (
	"database/sql"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/di/model"
	"example.com/dedupekey/di/notify"
	"example.com/dedupekey/di/sched"
	"example.com/dedupekey/di/server"
	"example.com/dedupekey/di/store"
)

func main() {
	db, _ := sql.Open("sqlite", "tasks.db")
	sc := sched.New(store.New(db))
	var n model.Notifier = &notify.Memory{}
	if p := os.Getenv("NOTIFY_FILE"); p != "" {
		n = &notify.File{Path: p}
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "disrv"}, nil)
	server.Register(s, sc, n) // want `tool "add_task" is not idempotent but .* \(the implementation is wired in by this program\)` `tool "add_task_h" is not idempotent but .* \(the implementation is wired in by this program\)` `tool "copy_task" is not idempotent but .*SaveTask` `tool "copy_task_h" is not idempotent but .*SaveTask` `tool "save_task" is not idempotent but .*\(the implementation is wired in by this program\)`
	server.RegisterDirect(s, store.New(db))
}
