// Package remote declares handlers that the schema package registers
// under input schemas of its own: the arguments a handler reads travel
// with its fact.
package remote

import (
	"context"
	"encoding/json"

	"github.com/mark3labs/mcp-go/mcp"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/store"
)

var led = &store.Ledger{Path: "ledger"}

// Order reads order_ref, then appends.
func Order(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ref := req.GetString("order_ref", "")
	if ref == "" {
		return mcp.NewToolResultError("order_ref is required"), nil
	}
	return nil, led.Append(ref, 1)
}

// RawOrder reads ref from the raw arguments (go-sdk's low-level
// handler), then appends.
func RawOrder(ctx context.Context, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) {
	var args map[string]any
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, err
	}
	ref, _ := args["ref"].(string)
	if ref == "" {
		return nil, context.Canceled
	}
	return nil, led.Append(ref, 1)
}

// OrderVia reads order_ref through a helper, then appends.
func OrderVia(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ref := orderRef(req)
	if ref == "" {
		return mcp.NewToolResultError("order_ref is required"), nil
	}
	return nil, led.Append(ref, 1)
}

// orderRef reads the order reference of a tool call.
func orderRef(req mcp.CallToolRequest) string {
	return req.GetString("order_ref", "")
}
