// Command chargeserver serves the mcp-go charge tools over stdio.
//
//	LEDGER=ledger.jsonl DELAY_MS=3000 chargeserver
//
// The environment is the same as for the go-sdk server in
// ../../../gosdk/cmd/chargeserver.
package main

import (
	"log"
	"os"
	"strconv"
	"time"

	"github.com/mark3labs/mcp-go/server"

	"github.com/mcpvet/mcpvet/demo/ledger"
	mcpgoserver "github.com/mcpvet/mcpvet/demo/mcpgo/server"
)

func main() {
	log.SetPrefix("chargeserver-mcpgo: ")
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
	s, err := mcpgoserver.New(mcpgoserver.Config{
		Ledger:     led,
		LimitsPath: getenv("LIMITS", "limits.json"),
		Delay:      delay,
	})
	if err != nil {
		log.Fatal(err)
	}
	if err := server.ServeStdio(s); err != nil {
		log.Fatal(err)
	}
}

func getenv(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}
