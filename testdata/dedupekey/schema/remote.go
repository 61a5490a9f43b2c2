package schema

import (
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/schema/remote"
)

// RegisterRemote registers handlers of another package: the schema
// described here names the key they read there.
func RegisterRemote(s *server.MCPServer, srv *gosdk.Server) {
	// ok: the schema says order_ref is the idempotency key, and the
	// handler reads it.
	s.AddTool(mcp.NewTool("order_remote",
		mcp.WithString("order_ref", mcp.Required(), mcp.Description("Idempotency key for this order: send the same value when retrying")),
	), remote.Order)
	s.AddTool(mcp.NewTool("order_remote_plain",
		mcp.WithString("order_ref", mcp.Required(), mcp.Description("the customer's order reference")),
	), remote.Order) // want `tool "order_remote_plain" is not idempotent but writes a file`
	// ok: a raw schema describes ref as the dedupe key.
	srv.AddTool(&gosdk.Tool{Name: "raw_remote", InputSchema: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
		"ref": {Type: "string", Description: "deduplication key of the order"},
	}}}, remote.RawOrder)
	srv.AddTool(&gosdk.Tool{Name: "raw_remote_plain", InputSchema: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
		"ref": {Type: "string", Description: "the order reference"},
	}}}, remote.RawOrder) // want `tool "raw_remote_plain" is not idempotent but writes a file`
}
