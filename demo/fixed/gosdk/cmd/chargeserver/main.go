// Command chargeserver serves the fixed go-sdk charge server over stdio.
//
//	LEDGER=ledger.jsonl IDEM_DB=idem.db DELAY_MS=3000 chargeserver
//
// IDEM_DB is the SQLite file of the idempotency records (default idem.db):
// it survives a restart of the process, so a client that restarts the
// server and resends a call with the same key does not charge twice.
package main

import (
	"context"
	"log"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpvet/mcpvet/demo/fixed/gosdk/server"
	"github.com/mcpvet/mcpvet/demo/ledger"
	"github.com/mcpvet/mcpvet/idem"
	"github.com/mcpvet/mcpvet/idem/sqlitestore"
)

func main() {
	log.SetPrefix("chargeserver-fixed: ")
	log.SetFlags(0)
	led, err := ledger.Open(getenv("LEDGER", "ledger.jsonl"))
	if err != nil {
		log.Fatal(err)
	}
	store, err := sqlitestore.Open(getenv("IDEM_DB", "idem.db"), nil) // the fix's other line
	if err != nil {
		log.Fatal(err)
	}
	defer store.Close()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// Optional: mark calls stuck running (their process died) as failed
	// after 10 minutes, and forget records after a day.
	go (&idem.Sweeper{Store: store}).Run(ctx)

	s := server.New(server.Config{Ledger: led, Store: store, Delay: delayFromEnv()})
	if err := s.Run(ctx, &mcp.StdioTransport{}); err != nil && ctx.Err() == nil {
		log.Fatal(err)
	}
}

func delayFromEnv() time.Duration {
	v := getenv("DELAY_MS", "3000")
	ms, err := strconv.Atoi(v)
	if err != nil || ms < 0 {
		log.Fatalf("DELAY_MS=%q: want a non-negative number of milliseconds", v)
	}
	return time.Duration(ms) * time.Millisecond
}

func getenv(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}
