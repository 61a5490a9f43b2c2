// Package wire implements the interface with the dependency's client.
package wire

import (
	"database/sql"

	"example.com/dedupekey/ifaces/api"
	"example.com/extsdk"
)

func New(db *sql.DB) api.Messenger { return &extsdk.Client{DB: db} }
