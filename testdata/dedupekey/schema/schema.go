// Package schema has tools whose input schema describes a parameter as
// the idempotency key, under a name that the key-name list does not know:
// reading it is reading a key. The twins lack the description and are
// reported.
package schema

import (
	"context"

	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/dedupekey/store"
)

var led = &store.Ledger{Path: "ledger"}

func order(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ref := req.GetString("order_ref", "")
	if ref == "" {
		return mcp.NewToolResultError("order_ref is required"), nil
	}
	return nil, led.Append(ref, 1)
}

func orderUndescribed(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ref := req.GetString("order_ref", "")
	if ref == "" {
		return mcp.NewToolResultError("order_ref is required"), nil
	}
	return nil, led.Append(ref, 1) // want `tool "order_plain" is not idempotent but writes a file`
}

func RegisterMCPGo(s *server.MCPServer) {
	// ok: the schema says order_ref is the idempotency key.
	s.AddTool(mcp.NewTool("order",
		mcp.WithString("item"),
		mcp.WithString("order_ref", mcp.Required(), mcp.Description("Idempotency key for this order: send the same value when retrying")),
	), order)
	s.AddTool(mcp.NewTool("order_plain",
		mcp.WithString("item"),
		mcp.WithString("order_ref", mcp.Required(), mcp.Description("the customer's order reference")),
	), orderUndescribed)
}

type OrderIn struct {
	Item     string `json:"item"`
	OrderRef string `json:"order_ref" jsonschema:"deduplication key: calls with the same order_ref place one order"`
}

type OrderPlainIn struct {
	Item     string `json:"item"`
	OrderRef string `json:"order_ref" jsonschema:"the customer's order reference"`
}

type OrderIdemIn struct {
	Item  string `json:"item"`
	Force bool   `json:"force" jsonschema:"repeat even if idempotency would skip it"` // not a key's type
}

func RegisterGoSDK(srv *gosdk.Server) {
	// ok: the typed input's schema describes order_ref as the dedupe key.
	gosdk.AddTool(srv, &gosdk.Tool{Name: "order_typed"}, func(ctx context.Context, req *gosdk.CallToolRequest, in OrderIn) (*gosdk.CallToolResult, any, error) {
		if in.OrderRef == "" {
			return nil, nil, context.Canceled
		}
		return nil, nil, led.Append(in.Item, 1)
	})
	gosdk.AddTool(srv, &gosdk.Tool{Name: "order_typed_plain"}, func(ctx context.Context, req *gosdk.CallToolRequest, in OrderPlainIn) (*gosdk.CallToolResult, any, error) {
		if in.OrderRef == "" {
			return nil, nil, context.Canceled
		}
		return nil, nil, led.Append(in.Item, 1) // want `tool "order_typed_plain" is not idempotent`
	})
	gosdk.AddTool(srv, &gosdk.Tool{Name: "order_force"}, func(ctx context.Context, req *gosdk.CallToolRequest, in OrderIdemIn) (*gosdk.CallToolResult, any, error) {
		if in.Force {
			return nil, nil, led.Append(in.Item, 2) // want `tool "order_force" is not idempotent`
		}
		return nil, nil, nil
	})
}
