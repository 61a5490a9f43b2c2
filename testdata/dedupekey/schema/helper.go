package schema

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/dedupekey/schema/remote"
)

// refOf reads the order reference of a tool call.
func refOf(req mcp.CallToolRequest) string {
	return req.GetString("order_ref", "")
}

func orderVia(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if refOf(req) == "" {
		return mcp.NewToolResultError("order_ref is required"), nil
	}
	return nil, led.Append("x", 1)
}

func orderViaPlain(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if refOf(req) == "" {
		return mcp.NewToolResultError("order_ref is required"), nil
	}
	return nil, led.Append("x", 1) // want `tool "order_via_plain" is not idempotent but writes a file`
}

// RegisterVia registers handlers that read the argument through a
// helper: the schema says whether it is the key.
func RegisterVia(s *server.MCPServer) {
	// ok: the schema says order_ref is the idempotency key.
	s.AddTool(mcp.NewTool("order_via",
		mcp.WithString("order_ref", mcp.Required(), mcp.Description("Idempotency key for this order: send the same value when retrying")),
	), orderVia)
	s.AddTool(mcp.NewTool("order_via_plain",
		mcp.WithString("order_ref", mcp.Required(), mcp.Description("the customer's order reference")),
	), orderViaPlain)
	// ok: another package's handler reads it through its own helper.
	s.AddTool(mcp.NewTool("order_via_remote",
		mcp.WithString("order_ref", mcp.Required(), mcp.Description("Idempotency key for this order: send the same value when retrying")),
	), remote.OrderVia)
	s.AddTool(mcp.NewTool("order_via_remote_plain",
		mcp.WithString("order_ref", mcp.Required(), mcp.Description("the customer's order reference")),
	), remote.OrderVia) // want `tool "order_via_remote_plain" is not idempotent but writes a file`
}

// registerOrder registers an order tool whose order_ref property has
// the description it is given.
func registerOrder(s *server.MCPServer, name, desc string, h server.ToolHandlerFunc) {
	s.AddTool(mcp.NewTool(name, mcp.WithString("order_ref", mcp.Required(), mcp.Description(desc))), h)
}

func orderDesc(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.GetString("order_ref", "") == "" {
		return mcp.NewToolResultError("order_ref is required"), nil
	}
	return nil, led.Append("x", 1)
}

func orderDescPlain(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.GetString("order_ref", "") == "" {
		return mcp.NewToolResultError("order_ref is required"), nil
	}
	return nil, led.Append("x", 1) // want `tool "order_desc_plain" is not idempotent but writes a file`
}

// RegisterDescribed passes each description to the registration helper.
func RegisterDescribed(s *server.MCPServer) {
	// ok: the description says order_ref is the idempotency key.
	registerOrder(s, "order_desc", "Idempotency key for this order: send the same value when retrying", orderDesc)
	registerOrder(s, "order_desc_plain", "the customer's order reference", orderDescPlain)
}

func describedOnce(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.GetString("order_ref", "") == "" {
		return mcp.NewToolResultError("order_ref is required"), nil
	}
	return nil, led.Append("x", 1)
}

// registerDescribedOnce registers one tool with the description it is
// given.
func registerDescribedOnce(s *server.MCPServer, desc string) {
	s.AddTool(mcp.NewTool("described_once", mcp.WithString("order_ref", mcp.Description(desc))), describedOnce)
}

// RegisterDescribedOnce calls it once.
func RegisterDescribedOnce(s *server.MCPServer) {
	// ok: the description says order_ref is the idempotency key.
	registerDescribedOnce(s, "deduplication key of the order")
}
