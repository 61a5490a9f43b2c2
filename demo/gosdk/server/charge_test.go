package server_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpvet/mcpvet/demo/client"
	"github.com/mcpvet/mcpvet/demo/gosdk/server"
	"github.com/mcpvet/mcpvet/demo/ledger"
)

// The seed's scenario 1, scaled down: the tool runs for 300ms after
// writing, the client gives each attempt 100ms and tries twice.
const (
	serverDelay = 300 * time.Millisecond
	amount      = 100
)

var policy = client.Policy{Attempts: 2, Timeout: 100 * time.Millisecond}

// start runs the go-sdk charge server in-process, connected to a client over
// in-memory transports, with its ledger in a temporary directory.
func start(t *testing.T) (*ledger.Ledger, *mcp.ClientSession) {
	t.Helper()
	dir := t.TempDir()
	led, err := ledger.Open(filepath.Join(dir, "ledger.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := server.New(server.Config{
		Ledger:     led,
		LimitsPath: filepath.Join(dir, "limits.json"),
		Delay:      serverDelay,
	})
	if err != nil {
		t.Fatal(err)
	}

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
	t.Cleanup(func() {
		cs.Close()
		ss.Wait()
	})
	return led, cs
}

// settle waits until the ledger holds at least want entries or a deadline
// passes, then checks that it holds exactly want, in memory and on disk.
// The handlers of abandoned attempts are still running when the client
// gives up, so the count is only final once they have written.
func settle(t *testing.T, led *ledger.Ledger, want int) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for led.Count() < want && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if got := led.Count(); got != want {
		t.Fatalf("ledger holds %d entries, want %d", got, want)
	}
	onDisk, err := ledger.Open(led.Path())
	if err != nil {
		t.Fatal(err)
	}
	if got := onDisk.Count(); got != want {
		t.Fatalf("ledger file holds %d lines, want %d", got, want)
	}
}

// One logical charge, retried after a timeout, is two charges.
func TestRetryOnTimeoutChargesTwice(t *testing.T) {
	t.Parallel()
	led, cs := start(t)

	_, err := client.RetryOnTimeout(context.Background(), cs, policy, "alice", amount)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("RetryOnTimeout: got error %v, want %v", err, context.DeadlineExceeded)
	}

	settle(t, led, 2)
	if got := led.Balance("alice"); got != 2*amount {
		t.Errorf("alice was charged %d, want %d (the bug: charged twice)", got, 2*amount)
	}
}

// The same retry with one idempotency key for both attempts is one charge;
// the second attempt gets the first one's receipt.
func TestRetryWithStableKeyChargesOnce(t *testing.T) {
	t.Parallel()
	led, cs := start(t)

	res, err := client.RetryWithStableKey(context.Background(), cs, policy, "bob", amount)
	if err != nil {
		t.Fatalf("RetryWithStableKey: %v", err)
	}
	if res.IsError {
		t.Fatalf("RetryWithStableKey: tool error %v", res.Content)
	}
	settle(t, led, 1)
	if got := led.Balance("bob"); got != amount {
		t.Errorf("bob was charged %d, want %d", got, amount)
	}
}

// A key made anew for every attempt deduplicates nothing.
func TestRetryWithFreshKeyChargesTwice(t *testing.T) {
	t.Parallel()
	led, cs := start(t)

	_, err := client.RetryWithFreshKey(context.Background(), cs, policy, "carol", amount)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("RetryWithFreshKey: got error %v, want %v", err, context.DeadlineExceeded)
	}
	settle(t, led, 2)
}

// Reading back before re-sending finds the first attempt's charge.
func TestRetryAfterReadBackChargesOnce(t *testing.T) {
	t.Parallel()
	led, cs := start(t)

	res, err := client.RetryAfterReadBack(context.Background(), cs, policy, "dave", amount)
	if err != nil {
		t.Fatalf("RetryAfterReadBack: %v", err)
	}
	if res.IsError {
		t.Fatalf("RetryAfterReadBack: tool error %v", res.Content)
	}
	settle(t, led, 1)
}
