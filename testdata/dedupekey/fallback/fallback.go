// Package fallback has handlers whose key falls back to a fresh value.
package fallback

import (
	"cmp"
	"context"

	"github.com/google/uuid"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/store"
)

var led = &store.Ledger{Path: "ledger"}

type In struct {
	Key string `json:"idempotency_key"`
}

func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "fb"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		key := in.Key
		if key == "" {
			key = uuid.NewString() // want `tool "fb" falls back to a fresh dedupe key when the client sends none`
		}
		_ = key
		return nil, nil, led.Append("a", 1)
	})
	mcp.AddTool(s, &mcp.Tool{Name: "fb_or"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		key := cmp.Or(in.Key, uuid.NewString()) // want `tool "fb_or" falls back to a fresh dedupe key`
		_ = key
		return nil, nil, led.Append("a", 1)
	})
	// ok: a request id made for logging, not from the client's key.
	mcp.AddTool(s, &mcp.Tool{Name: "fb_strict"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		traceID := uuid.NewString()
		_ = traceID
		if in.Key == "" {
			return nil, nil, context.Canceled
		}
		return nil, nil, led.Append("a", 1)
	})
}
