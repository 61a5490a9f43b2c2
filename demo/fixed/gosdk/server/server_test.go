package server_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	democlient "github.com/mcpvet/mcpvet/demo/client"
	"github.com/mcpvet/mcpvet/demo/fixed/client"
	"github.com/mcpvet/mcpvet/demo/fixed/gosdk/server"
	"github.com/mcpvet/mcpvet/demo/ledger"
	"github.com/mcpvet/mcpvet/idem/sqlitestore"
)

// The demo's scenario 1, in-process: the charge runs 300ms after its
// write, the client gives each attempt 100ms.
const delay = 300 * time.Millisecond

func start(t *testing.T) (*ledger.Ledger, *mcp.ClientSession) {
	t.Helper()
	dir := t.TempDir()
	led, err := ledger.Open(filepath.Join(dir, "ledger.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	store, err := sqlitestore.Open(filepath.Join(dir, "idem.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	s := server.New(server.Config{Ledger: led, Store: store, Delay: delay})
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := client.NewClient().Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Wait() })
	return led, cs
}

func settle(t *testing.T, led *ledger.Ledger, want int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for led.Count() < want && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	time.Sleep(delay + 100*time.Millisecond) // room for an extra charge to show
	if got := led.Count(); got != want {
		t.Fatalf("ledger holds %d entries, want %d", got, want)
	}
}

// The middleware alone changes nothing for a client that sends no key: the
// demo's blind retry still charges twice.
func TestBlindRetryStillChargesTwice(t *testing.T) {
	led, cs := start(t)
	democlient.RetryOnTimeout(context.Background(), cs, democlient.Policy{Attempts: 2, Timeout: 100 * time.Millisecond}, "alice", 100)
	settle(t, led, 2)
}

// With the helper: one charge, and the client gets its receipt.
func TestChargeOnce(t *testing.T) {
	led, cs := start(t)
	res, err := client.Charge(context.Background(), cs, 100*time.Millisecond, "alice", 100)
	if err != nil {
		t.Fatal(err)
	}
	settle(t, led, 1)
	var r server.Receipt
	if err := json.Unmarshal([]byte(res.Content[0].(*mcp.TextContent).Text), &r); err != nil {
		t.Fatal(err)
	}
	if r.Key == "" {
		t.Fatal("the receipt carries no key")
	}
	if _, ok := led.Lookup(r.Key); !ok {
		t.Fatalf("the receipt's key %q is not the ledger's", r.Key)
	}
}
