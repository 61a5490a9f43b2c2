// Command chargeserver serves the go-sdk charge tools over stdio.
//
//	LEDGER=ledger.jsonl DELAY_MS=3000 chargeserver
//
// LEDGER is the ledger file (default ledger.jsonl), LIMITS the file set_limit
// rewrites (default limits.json), DELAY_MS how long a charge runs after it
// is written (default 3000, as in the seed).
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

	"github.com/mcpvet/mcpvet/demo/gosdk/server"
	"github.com/mcpvet/mcpvet/demo/ledger"
)

func main() {
	log.SetPrefix("chargeserver: ")
	log.SetFlags(0)

	delay := 3000 * time.Millisecond
	if v := os.Getenv("DELAY_MS"); v != "" {
		ms, err := strconv.Atoi(v)
		if err != nil || ms < 0 {
			log.Fatalf("DELAY_MS=%q: want a non-negative number of milliseconds", v)
		}
		delay = time.Duration(ms) * time.Millisecond
	}

	led, err := ledger.Open(getenv("LEDGER", "ledger.jsonl"))
	if err != nil {
		log.Fatal(err)
	}
	s, err := server.New(server.Config{
		Ledger:     led,
		LimitsPath: getenv("LIMITS", "limits.json"),
		Delay:      delay,
	})
	if err != nil {
		log.Fatal(err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := s.Run(ctx, &mcp.StdioTransport{}); err != nil && ctx.Err() == nil {
		log.Fatal(err)
	}
}

func getenv(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}
