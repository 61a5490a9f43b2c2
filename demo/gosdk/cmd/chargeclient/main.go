// Command chargeclient runs one logical charge against a chargeserver
// process, using one of the retry strategies of package client, and reports
// how many ledger entries it produced.
//
//	go build -o /tmp/chargeserver ./gosdk/cmd/chargeserver
//	LEDGER=/tmp/ledger.jsonl DELAY_MS=3000 go run ./gosdk/cmd/chargeclient -server /tmp/chargeserver -mode timeout
//
// The server is started as a direct child (mcp.CommandTransport) and
// inherits the environment, so LEDGER names the same file for both.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpvet/mcpvet/demo/client"
	"github.com/mcpvet/mcpvet/demo/ledger"
)

var strategies = map[string]func(context.Context, *mcp.ClientSession, client.Policy, string, int) (*mcp.CallToolResult, error){
	"timeout":  client.RetryOnTimeout,
	"stable":   client.RetryWithStableKey,
	"fresh":    client.RetryWithFreshKey,
	"readback": client.RetryAfterReadBack,
}

func main() {
	log.SetPrefix("chargeclient: ")
	log.SetFlags(0)
	var (
		serverPath = flag.String("server", "", "path of the chargeserver binary (required)")
		mode       = flag.String("mode", "timeout", "retry strategy: timeout, stable, fresh or readback")
		account    = flag.String("account", "alice", "account to charge")
		amount     = flag.Int("amount", 100, "amount to charge")
		attempts   = flag.Int("attempts", client.DefaultPolicy.Attempts, "attempts per logical charge")
		timeout    = flag.Duration("timeout", client.DefaultPolicy.Timeout, "deadline of each attempt")
	)
	flag.Parse()
	run, ok := strategies[*mode]
	if *serverPath == "" || !ok {
		flag.Usage()
		os.Exit(2)
	}
	ledgerPath := os.Getenv("LEDGER")
	if ledgerPath == "" {
		ledgerPath = "ledger.jsonl"
	}
	before := count(ledgerPath)

	ctx := context.Background()
	cs, err := client.NewClient().Connect(ctx, &mcp.CommandTransport{Command: exec.Command(*serverPath)}, nil)
	if err != nil {
		log.Fatal(err)
	}
	start := time.Now()
	_, callErr := run(ctx, cs, client.Policy{Attempts: *attempts, Timeout: *timeout}, *account, *amount)
	elapsed := time.Since(start)
	// Close waits for the server process to exit: every attempt that reached
	// it has written by then.
	if err := cs.Close(); err != nil {
		log.Printf("close: %v", err)
	}

	outcome := "succeeded"
	if callErr != nil {
		outcome = "failed: " + callErr.Error()
	}
	fmt.Printf("mode=%s: 1 logical charge %s after %v; ledger entries added: %d\n",
		*mode, outcome, elapsed.Round(time.Millisecond), count(ledgerPath)-before)
}

func count(path string) int {
	led, err := ledger.Open(path)
	if err != nil {
		log.Fatal(err)
	}
	return led.Count()
}
