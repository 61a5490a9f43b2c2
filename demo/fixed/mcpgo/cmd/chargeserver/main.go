// Command chargeserver serves the fixed mcp-go charge server over stdio,
// with the same environment as ../../../gosdk/cmd/chargeserver (LEDGER,
// IDEM_DB, DELAY_MS).
package main

import (
	"log"
	"os"
	"strconv"
	"time"

	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/mcpvet/mcpvet/demo/fixed/mcpgo/server"
	"github.com/mcpvet/mcpvet/demo/ledger"
	"github.com/mcpvet/mcpvet/idem/sqlitestore"
)

func main() {
	log.SetPrefix("chargeserver-mcpgo-fixed: ")
	log.SetFlags(0)
	led, err := ledger.Open(getenv("LEDGER", "ledger.jsonl"))
	if err != nil {
		log.Fatal(err)
	}
	store, err := sqlitestore.Open(getenv("IDEM_DB", "idem.db"), nil)
	if err != nil {
		log.Fatal(err)
	}
	defer store.Close()
	ms, err := strconv.Atoi(getenv("DELAY_MS", "3000"))
	if err != nil || ms < 0 {
		log.Fatalf("DELAY_MS: want a non-negative number of milliseconds")
	}
	s := server.New(server.Config{Ledger: led, Store: store, Delay: time.Duration(ms) * time.Millisecond})
	if err := mcpserver.ServeStdio(s); err != nil {
		log.Fatal(err)
	}
}

func getenv(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}
