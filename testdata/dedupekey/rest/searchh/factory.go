package searchh

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/dedupekey/store"
)

// Charge returns a handler that reads the tool call's idempotency key
// before it appends: the key comes from the handler's request, not from
// the factory's parameters.
func Charge(led *store.Ledger) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		key := req.GetString("idempotency_key", "")
		if key == "" {
			return mcp.NewToolResultError("idempotency_key is required"), nil
		}
		return nil, led.Append(key, 1)
	}
}

// ChargeUnkeyed returns a handler that appends with no key.
func ChargeUnkeyed(led *store.Ledger) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Append(req.GetString("account", ""), 1)
	}
}

// ChargeConfigKey returns a handler whose "key" is the factory's own
// configuration, the same on every call: no dedupe key of the caller's.
func ChargeConfigKey(led *store.Ledger, cfg Config) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if cfg.IdempotencyKey == "" {
			return mcp.NewToolResultError("not configured"), nil
		}
		return nil, led.Append(req.GetString("account", ""), 1)
	}
}

// Config is a factory's configuration.
type Config struct{ IdempotencyKey string }
