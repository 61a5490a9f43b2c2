package schema

import (
	"context"
	"encoding/json"

	"github.com/google/jsonschema-go/jsonschema"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func rawOrder(ctx context.Context, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) {
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

func rawOrderPlain(ctx context.Context, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) {
	var args map[string]any
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, err
	}
	ref, _ := args["ref"].(string)
	if ref == "" {
		return nil, context.Canceled
	}
	return nil, led.Append(ref, 1) // want `tool "raw_order_plain" is not idempotent`
}

func literalOrder(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.GetString("ref", "") == "" {
		return nil, context.Canceled
	}
	return nil, led.Append("x", 1)
}

func literalOrderPlain(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.GetString("ref", "") == "" {
		return nil, context.Canceled
	}
	return nil, led.Append("x", 1) // want `tool "literal_order_plain" is not idempotent`
}

// RegisterRaw declares the input schema as a literal.
func RegisterRaw(srv *gosdk.Server, s *server.MCPServer) {
	// ok: the literal schema describes ref as the dedupe key.
	srv.AddTool(&gosdk.Tool{Name: "raw_order", InputSchema: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
		"ref": {Type: "string", Description: "deduplication key of the order"},
	}}}, rawOrder)
	srv.AddTool(&gosdk.Tool{Name: "raw_order_plain", InputSchema: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
		"ref": {Type: "string", Description: "the order reference"},
	}}}, rawOrderPlain)
	// ok: an mcp-go Tool literal with a described property.
	s.AddTool(mcp.Tool{Name: "literal_order", InputSchema: mcp.ToolInputSchema{Type: "object", Properties: map[string]any{
		"ref": map[string]any{"type": "string", "description": "Idempotency key: resend it on retry"},
	}}}, literalOrder)
	s.AddTool(mcp.Tool{Name: "literal_order_plain", InputSchema: mcp.ToolInputSchema{Type: "object", Properties: map[string]any{
		"ref": map[string]any{"type": "string", "description": "the order reference"},
	}}}, literalOrderPlain)
}
