package rest

import (
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/dedupekey/rest/searchh"
	"example.com/dedupekey/store"
)

// RegisterFactories registers handlers that factories of another package
// return: only the factories' facts travel.
func RegisterFactories(m *server.MCPServer, led *store.Ledger) {
	// ok: the returned handler reads the tool call's key first.
	m.AddTool(mcp.NewTool("charge_factory"), searchh.Charge(led))
	m.AddTool(mcp.NewTool("charge_factory_unkeyed"), searchh.ChargeUnkeyed(led)) // want `tool "charge_factory_unkeyed" is not idempotent but writes a file`
	// The factory's "key" is its own configuration, not the caller's.
	m.AddTool(mcp.NewTool("charge_factory_config"), searchh.ChargeConfigKey(led, searchh.Config{IdempotencyKey: "k"})) // want `tool "charge_factory_config" is not idempotent but writes a file`
}
