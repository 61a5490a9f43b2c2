// Package gosdk registers tools with the official go-sdk.
package gosdk

import (
	"context"
	"encoding/json"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/store"
)

type ChargeIn struct {
	Account string `json:"account"`
	Amount  int    `json:"amount"`
}

type KeyedIn struct {
	Account string `json:"account"`
	Amount  int    `json:"amount"`
	Key     string `json:"idempotency_key"`
}

var led = &store.Ledger{Path: "ledger"}

func Register(s *mcp.Server) {
	// Annotations nil: not idempotent by default.
	mcp.AddTool(s, &mcp.Tool{Name: "charge"}, func(ctx context.Context, req *mcp.CallToolRequest, in ChargeIn) (*mcp.CallToolResult, any, error) {
		if err := led.Append(in.Account, in.Amount); err != nil { // want `tool "charge" is not idempotent but writes a file \(store.Ledger.Append\) .*before reading a dedupe key`
			return nil, nil, err
		}
		return &mcp.CallToolResult{}, nil, nil
	})

	// ok: keyed, the key is read before the write on every path.
	mcp.AddTool(s, &mcp.Tool{Name: "charge_keyed"}, func(ctx context.Context, req *mcp.CallToolRequest, in KeyedIn) (*mcp.CallToolResult, any, error) {
		if in.Key == "" {
			return nil, nil, os.ErrInvalid
		}
		if err := led.Append(in.Account, in.Amount); err != nil {
			return nil, nil, err
		}
		return &mcp.CallToolResult{}, nil, nil
	})

	// The key is read only after the write: it protects nothing.
	mcp.AddTool(s, &mcp.Tool{Name: "charge_late"}, func(ctx context.Context, req *mcp.CallToolRequest, in KeyedIn) (*mcp.CallToolResult, any, error) {
		if err := led.Append(in.Account, in.Amount); err != nil { // want `tool "charge_late" is not idempotent`
			return nil, nil, err
		}
		_ = in.Key
		return &mcp.CallToolResult{}, nil, nil
	})

	// The key is read on one path only.
	mcp.AddTool(s, &mcp.Tool{Name: "charge_some"}, func(ctx context.Context, req *mcp.CallToolRequest, in KeyedIn) (*mcp.CallToolResult, any, error) {
		if in.Amount > 100 {
			if in.Key == "" {
				return nil, nil, os.ErrInvalid
			}
		}
		err := led.Append(in.Account, in.Amount) // want `tool "charge_some" is not idempotent`
		return nil, nil, err
	})

	// ok: explicitly idempotent.
	mcp.AddTool(s, &mcp.Tool{Name: "set_limit", Annotations: &mcp.ToolAnnotations{IdempotentHint: true}}, func(ctx context.Context, req *mcp.CallToolRequest, in ChargeIn) (*mcp.CallToolResult, any, error) {
		return nil, nil, os.WriteFile("limit", []byte(in.Account), 0o644)
	})

	// ok: read-only tools are not this check's business.
	mcp.AddTool(s, &mcp.Tool{Name: "audit", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}, func(ctx context.Context, req *mcp.CallToolRequest, in ChargeIn) (*mcp.CallToolResult, any, error) {
		return nil, nil, led.Append("audit", 0)
	})

	// ok: only reads and logs.
	mcp.AddTool(s, &mcp.Tool{Name: "balance"}, func(ctx context.Context, req *mcp.CallToolRequest, in ChargeIn) (*mcp.CallToolResult, any, error) {
		store.Log("balance")
		_, err := led.Count(ctx)
		if err == nil {
			err = store.Fetch(ctx, "http://example.com")
		}
		return nil, nil, err
	})

	// ok: scratch files are temporary.
	mcp.AddTool(s, &mcp.Tool{Name: "render"}, func(ctx context.Context, req *mcp.CallToolRequest, in ChargeIn) (*mcp.CallToolResult, any, error) {
		return nil, nil, store.Scratch([]byte(in.Account))
	})

	// Explicit false is the same as absent.
	ann := &mcp.ToolAnnotations{IdempotentHint: false, Title: "Notify"}
	mcp.AddTool(s, &mcp.Tool{Name: "notify", Annotations: ann}, notify)

	// ok: a hint that is not a constant is unknown: stay silent.
	mcp.AddTool(s, &mcp.Tool{Name: "maybe", Annotations: &mcp.ToolAnnotations{IdempotentHint: os.Getenv("X") == ""}}, notify)

	// Raw handler with the key in the JSON arguments.
	s.AddTool(&mcp.Tool{Name: "refund", InputSchema: json.RawMessage(`{"type":"object"}`)}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var args map[string]any
		if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
			return nil, err
		}
		return nil, led.Insert(ctx, "refund") // want `tool "refund" is not idempotent but writes to an SQL database \(store.Ledger.Insert\)`
	})

	// ok: raw handler reading the key from _meta first.
	s.AddTool(&mcp.Tool{Name: "refund_meta", InputSchema: json.RawMessage(`{"type":"object"}`)}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if _, ok := req.Params.Meta["idempotencyKey"]; !ok {
			return nil, os.ErrInvalid
		}
		return nil, led.Insert(ctx, "refund")
	})

	// Method value handler.
	h := &handlers{}
	mcp.AddTool(s, &mcp.Tool{Name: "record"}, h.record)
}

// notify's effect is a POST in another package.
func notify(ctx context.Context, req *mcp.CallToolRequest, in ChargeIn) (*mcp.CallToolResult, any, error) {
	return nil, nil, store.Notify(ctx, "http://example.com/hook") // want `tool "notify" is not idempotent but sends an HTTP [A-Z]+ \(store.Notify\)`
}

type handlers struct{}

func (h *handlers) record(ctx context.Context, req *mcp.CallToolRequest, in ChargeIn) (*mcp.CallToolResult, any, error) {
	return nil, nil, led.Record(in.Account) // want `tool "record" is not idempotent .* \(store.Ledger.Record\)`
}

// A function that writes but is no handler: ok.
func Migrate() error { return os.WriteFile("schema", nil, 0o644) }

// Exported is registered by another package.
func Exported(ctx context.Context, req *mcp.CallToolRequest, in ChargeIn) (*mcp.CallToolResult, any, error) {
	return nil, nil, led.Append(in.Account, in.Amount)
}

// ExportedTable and ExportedPair are registered by another package's
// tables.
func ExportedTable(ctx context.Context, req *mcp.CallToolRequest, in ChargeIn) (*mcp.CallToolResult, any, error) {
	return nil, nil, led.Append(in.Account, in.Amount)
}

func ExportedPair(ctx context.Context, req *mcp.CallToolRequest, in ChargeIn) (*mcp.CallToolResult, any, error) {
	return nil, nil, led.Append(in.Account, in.Amount)
}
