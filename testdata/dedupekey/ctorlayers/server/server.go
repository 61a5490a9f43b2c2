// Package server registers the constructors' tools: the ones registered
// as their package registers them are judged there, not again here.
package server

import (
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/dedupekey/ctorlayers/client"
	"example.com/dedupekey/ctorlayers/gen"
	"example.com/dedupekey/ctorlayers/tools"
)

// Register adds every tool.
func Register(s *server.MCPServer, c *client.Client) {
	for _, ctor := range []func(*client.Client) (mcp.Tool, server.ToolHandlerFunc){tools.CreateOrder, tools.GetOrder} {
		t, h := ctor(c)
		s.AddTool(t, h) // ok: create_order is reported in package tools
	}
	// The same handler under another name is a tool of this package's.
	_, h := tools.CreateOrder(c)
	s.AddTool(mcp.NewTool("place_order"), h) // want `tool "place_order" is not idempotent but sends an HTTP POST`
}

// RegisterVia registers the constructors' tools through a helper: each
// tool still comes with its own handler (get_order with GetOrder's).
func RegisterVia(s *server.MCPServer, c *client.Client) {
	for _, ctor := range []func(*client.Client) (mcp.Tool, server.ToolHandlerFunc){tools.GetOrder, tools.CreateOrder} {
		t, h := ctor(c)
		add(s, t, h) // ok: get_order reads; create_order is reported in package tools
	}
}

func add(s *server.MCPServer, t mcp.Tool, h server.ToolHandlerFunc) {
	s.AddTool(t, h)
}

// RegisterGenerated registers a generated constructor's tool: reported
// here, as its own package's file is not reported on.
func RegisterGenerated(s *server.MCPServer, c *client.Client) {
	t, h := gen.Reorder(c)
	s.AddTool(t, h) // want `tool "reorder" is not idempotent but sends an HTTP POST`
}
