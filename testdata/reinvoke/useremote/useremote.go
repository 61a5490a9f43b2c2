// Package useremote registers handlers of package handlers.
package useremote

import (
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/reinvoke/handlers"
)

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("remote_order"), handlers.Order)              // want `tool "remote_order" writes a file \(handlers.Order\) before returning input requests`
	s.AddTool(mcp.NewTool("remote_confirmed"), handlers.OrderConfirmed) // ok: the order is placed once the answer is present
	// ok: the user asserts the handler dedupes.
	//mcpvet:idempotent the order service drops repeated orders
	s.AddTool(mcp.NewTool("remote_order_asserted"), handlers.Order)
}
