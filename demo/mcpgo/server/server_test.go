package server_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/mcpvet/mcpvet/demo/ledger"
	"github.com/mcpvet/mcpvet/demo/mcpgo/server"
)

func TestTools(t *testing.T) {
	dir := t.TempDir()
	led, err := ledger.Open(filepath.Join(dir, "ledger.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := server.New(server.Config{Ledger: led, LimitsPath: filepath.Join(dir, "limits.json")})
	if err != nil {
		t.Fatal(err)
	}

	// The hints the tools advertise: NewTool's defaults unless overridden,
	// also for the tools registered through mustTool.
	idempotent := map[string]bool{"set_limit": true, "balance": false, "charge": false, "charge_keyed": false, "refund": false, "refund_keyed": false}
	for name, want := range idempotent {
		st := s.GetTool(name)
		if st == nil {
			t.Fatalf("tool %q not registered", name)
		}
		if got := st.Tool.Annotations.IdempotentHint; got == nil || *got != want {
			t.Errorf("%s: IdempotentHint = %v, want %v", name, got, want)
		}
	}

	id := 0
	call := func(tool string, args map[string]any) {
		t.Helper()
		id++
		msg, err := json.Marshal(map[string]any{
			"jsonrpc": "2.0", "id": id, "method": "tools/call",
			"params": map[string]any{"name": tool, "arguments": args},
		})
		if err != nil {
			t.Fatal(err)
		}
		resp := s.HandleMessage(context.Background(), msg)
		out, _ := json.Marshal(resp)
		r, ok := resp.(mcp.JSONRPCResponse)
		if !ok {
			t.Fatalf("%s: %s", tool, out)
		}
		if res, ok := r.Result.(*mcp.CallToolResult); !ok || res.IsError {
			t.Fatalf("%s: %s", tool, out)
		}
	}

	// Same key twice: one ledger entry, both for the typed-method handler
	// and for the one registered through mustTool.
	call("charge_keyed", map[string]any{"account": "alice", "amount": 100, "idempotency_key": "k1"})
	call("charge_keyed", map[string]any{"account": "alice", "amount": 100, "idempotency_key": "k1"})
	call("refund_keyed", map[string]any{"account": "alice", "amount": 30, "idempotency_key": "k2"})
	call("refund_keyed", map[string]any{"account": "alice", "amount": 30, "idempotency_key": "k2"})
	if got, want := led.Count(), 2; got != want {
		t.Errorf("after keyed calls: %d entries, want %d", got, want)
	}

	// No key: every call is a new entry.
	call("charge", map[string]any{"account": "bob", "amount": 100})
	call("charge", map[string]any{"account": "bob", "amount": 100})
	call("refund", map[string]any{"account": "bob", "amount": 30})
	if got, want := led.Count(), 5; got != want {
		t.Errorf("after keyless calls: %d entries, want %d", got, want)
	}
	if got, want := led.Balance("bob"), 170; got != want {
		t.Errorf("bob's balance = %d, want %d", got, want)
	}

	call("set_limit", map[string]any{"account": "bob", "limit": 500})
	call("set_limit", map[string]any{"account": "bob", "limit": 500})
	call("balance", map[string]any{"account": "bob"})
	if got, want := led.Count(), 5; got != want {
		t.Errorf("set_limit and balance wrote to the ledger: %d entries, want %d", got, want)
	}
}
