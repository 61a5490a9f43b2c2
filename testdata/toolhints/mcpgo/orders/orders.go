// Package orders declares a handler that the mcpgo package registers.
package orders

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"

	"example.com/toolhints/store"
)

var led = &store.Ledger{Path: "ledger"}

// Place reads order_ref, then appends.
func Place(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ref := req.GetString("order_ref", "")
	if ref == "" {
		return mcp.NewToolResultError("order_ref is required"), nil
	}
	return nil, led.Append(ref)
}
