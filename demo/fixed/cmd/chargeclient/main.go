// Command chargeclient runs one logical charge against a chargeserver
// process and prints how many ledger entries it added: with -mode fixed,
// through the idem helper; with -mode timeout, with the demo's blind
// retry, for comparison.
//
//	go build -o /tmp/chargeserver-fixed ./gosdk/cmd/chargeserver
//	LEDGER=/tmp/ledger.jsonl IDEM_DB=/tmp/idem.db DELAY_MS=3000 go run ./cmd/chargeclient -server /tmp/chargeserver-fixed -mode fixed
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

	democlient "github.com/mcpvet/mcpvet/demo/client"
	"github.com/mcpvet/mcpvet/demo/fixed/client"
	"github.com/mcpvet/mcpvet/demo/ledger"
)

func main() {
	log.SetPrefix("chargeclient: ")
	log.SetFlags(0)
	var (
		serverPath = flag.String("server", "", "path of the chargeserver binary (required)")
		mode       = flag.String("mode", "fixed", "fixed (the idem helper) or timeout (the demo's blind retry)")
		timeout    = flag.Duration("timeout", time.Second, "deadline of each attempt")
	)
	flag.Parse()
	if *serverPath == "" || (*mode != "fixed" && *mode != "timeout") {
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
	if *mode == "fixed" {
		_, err = client.Charge(ctx, cs, *timeout, "alice", 100)
	} else {
		_, err = democlient.RetryOnTimeout(ctx, cs, democlient.Policy{Attempts: 2, Timeout: *timeout}, "alice", 100)
	}
	elapsed := time.Since(start)
	if cerr := cs.Close(); cerr != nil {
		log.Printf("close: %v", cerr)
	}
	outcome := "succeeded"
	if err != nil {
		outcome = "failed: " + err.Error()
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
