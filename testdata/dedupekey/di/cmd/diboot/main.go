// Command diboot imports the store and gets its server from boot.Build:
// it calls no registering function of the server package itself, so
// the tools are reported at its first call of that package.
package main

import (
	"context"
	"database/sql"

	"example.com/dedupekey/di/boot"
	"example.com/dedupekey/di/server"
	_ "example.com/dedupekey/di/store"
)

func main() {
	db, _ := sql.Open("sqlite", "tasks.db")
	s := boot.Build(db)
	_ = server.Serve(context.Background(), s) // want `tool "add_task" is not idempotent` `tool "add_task_h" is not idempotent` `tool "copy_task" is not idempotent` `tool "copy_task_h" is not idempotent` `tool "save_task" is not idempotent`
}
