package schema

import (
	"context"
	"encoding/json"

	"github.com/google/jsonschema-go/jsonschema"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// refSchema builds the input schema with the given description of ref.
func refSchema(desc string) *jsonschema.Schema {
	return &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
		"ref": {Type: "string", Description: desc},
	}}
}

func builtOrder(ctx context.Context, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) {
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

func builtOrderPlain(ctx context.Context, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) {
	var args map[string]any
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, err
	}
	ref, _ := args["ref"].(string)
	if ref == "" {
		return nil, context.Canceled
	}
	return nil, led.Append(ref, 1) // want `tool "built_order_plain" is not idempotent`
}

func describedOrder(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.GetString("order_ref", "") == "" {
		return nil, context.Canceled
	}
	return nil, led.Append("x", 1)
}

func describedOrderPlain(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.GetString("order_ref", "") == "" {
		return nil, context.Canceled
	}
	return nil, led.Append("x", 1) // want `tool "described_order_plain" is not idempotent`
}

// RegisterBuilt takes the schema, or a property's description, from a
// helper and a variable.
func RegisterBuilt(srv *gosdk.Server, s *server.MCPServer) {
	// ok: the schema a helper builds describes ref as the dedupe key.
	srv.AddTool(&gosdk.Tool{Name: "built_order", InputSchema: refSchema("deduplication key of the order")}, builtOrder)
	srv.AddTool(&gosdk.Tool{Name: "built_order_plain", InputSchema: refSchema("the order reference")}, builtOrderPlain)
	// ok: the description, kept in a variable, says order_ref is the key.
	keyDesc := "Idempotency key for this order: send the same value when retrying"
	s.AddTool(mcp.NewTool("described_order", mcp.WithString("order_ref", mcp.Description(keyDesc))), describedOrder)
	plainDesc := "the customer's order reference"
	s.AddTool(mcp.NewTool("described_order_plain", mcp.WithString("order_ref", mcp.Description(plainDesc))), describedOrderPlain)
}
