package rest

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/restsdk/envelope"
)

// RegisterOrders registers tools of a gokiteconnect-shaped client: every
// request goes through an interface the client module declares and
// implements (besides a stand-in for tests).
func RegisterOrders(s *server.MCPServer, kc *envelope.Client) {
	s.AddTool(mcp.NewTool("place_order"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, kc.PlaceOrder(req.GetString("order", "")) // want `tool "place_order" is not idempotent but sends an HTTP POST \(envelope.Client.PlaceOrder\)`
	})
	// ok: a read through the same interface.
	s.AddTool(mcp.NewTool("get_orders"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, kc.GetOrders()
	})
}
