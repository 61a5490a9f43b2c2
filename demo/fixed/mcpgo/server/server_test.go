package server_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/mcpvet/mcpvet/demo/fixed/mcpgo/server"
	"github.com/mcpvet/mcpvet/demo/ledger"
	"github.com/mcpvet/mcpvet/idem"
)

// A keyed charge sent twice charges once; a keyless one twice.
func TestKeyedChargeOnce(t *testing.T) {
	led, err := ledger.Open(filepath.Join(t.TempDir(), "ledger.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	s := server.New(server.Config{Ledger: led, Store: idem.NewMemoryStore()})
	c, err := client.NewInProcessClient(s)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	var init mcp.InitializeRequest
	init.Params.ClientInfo = mcp.Implementation{Name: "test", Version: "v0"}
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	call := func(key string) {
		var req mcp.CallToolRequest
		req.Params.Name = "charge"
		req.Params.Arguments = map[string]any{"account": "alice", "amount": 100}
		if key != "" {
			req.Params.Meta = &mcp.Meta{AdditionalFields: map[string]any{"idempotency_key": key}}
		}
		if r, err := c.CallTool(ctx, req); err != nil || r.IsError {
			t.Fatalf("%+v, %v", r, err)
		}
	}
	call("k")
	call("k")
	if n := led.Count(); n != 1 {
		t.Fatalf("keyed: %d entries, want 1", n)
	}
	call("")
	call("")
	if n := led.Count(); n != 3 {
		t.Fatalf("keyless: %d entries, want 3", n)
	}
}
