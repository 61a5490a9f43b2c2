package mcpgo

import (
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/toolhints/mcpgo/orders"
)

// RegisterOrders registers a handler of another package that reads the
// argument the schema describes here as the idempotency key.
func RegisterOrders(s *server.MCPServer) {
	// ok: idempotent by the key its schema describes.
	s.AddTool(mcp.NewTool("place_remote", mcp.WithIdempotentHintAnnotation(true),
		mcp.WithString("order_ref", mcp.Description("Idempotency key for this order: send the same value when retrying")),
	), orders.Place)
	s.AddTool(mcp.NewTool("place_remote_plain", mcp.WithIdempotentHintAnnotation(true),
		mcp.WithString("order_ref", mcp.Description("the customer's order reference")),
	), orders.Place) // want `tool "place_remote_plain" is annotated idempotent`
}
