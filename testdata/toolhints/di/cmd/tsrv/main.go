// Command tsrv wires the store into the server: the tools whose hints
// its writes contradict are reported here.
package main

import (
	"database/sql"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/toolhints/di/server"
	"example.com/toolhints/di/store"
)

func main() {
	db, _ := sql.Open("sqlite", "tasks.db")
	s := mcp.NewServer(&mcp.Implementation{Name: "tsrv"}, nil)
	server.Register(s, store.New(db)) // want `tool "view_task" is annotated read-only but .*TouchTask.* \(the implementation is wired in by this program\)` `tool "put_task" is annotated idempotent but .*AddTask` `tool "put_task_checked" is annotated idempotent but .*AddTask` `tool "note_task" is annotated idempotent but .*AddEvent` `tool "archive_view" is annotated read-only but .*AddEvent`
}
