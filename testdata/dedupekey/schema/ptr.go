package schema

import (
	"context"
	"encoding/json"

	"github.com/google/jsonschema-go/jsonschema"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// ptrOrder fills its arguments through a pointer kept in a local.
func ptrOrder(ctx context.Context, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) {
	var args map[string]any
	p := &args
	if err := json.Unmarshal(req.Params.Arguments, p); err != nil {
		return nil, err
	}
	ref, _ := args["ref"].(string)
	if ref == "" {
		return nil, context.Canceled
	}
	return nil, led.Append(ref, 1)
}

func ptrOrderPlain(ctx context.Context, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) {
	var args map[string]any
	p := &args
	if err := json.Unmarshal(req.Params.Arguments, p); err != nil {
		return nil, err
	}
	ref, _ := args["ref"].(string)
	if ref == "" {
		return nil, context.Canceled
	}
	return nil, led.Append(ref, 1) // want `tool "ptr_order_plain" is not idempotent`
}

func RegisterPtr(srv *gosdk.Server) {
	// ok: ref, read from the arguments, is the key the schema describes.
	srv.AddTool(&gosdk.Tool{Name: "ptr_order", InputSchema: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
		"ref": {Type: "string", Description: "deduplication key of the order"},
	}}}, ptrOrder)
	srv.AddTool(&gosdk.Tool{Name: "ptr_order_plain", InputSchema: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
		"ref": {Type: "string", Description: "the order reference"},
	}}}, ptrOrderPlain)
}

type box struct{ V *map[string]any }

// boxOrder fills its arguments through a pointer kept in a struct field.
func boxOrder(ctx context.Context, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) {
	var args map[string]any
	b := box{V: &args}
	if err := json.Unmarshal(req.Params.Arguments, b.V); err != nil {
		return nil, err
	}
	ref, _ := args["ref"].(string)
	if ref == "" {
		return nil, context.Canceled
	}
	return nil, led.Append(ref, 1)
}

func RegisterBox(srv *gosdk.Server) {
	// ok: ref is the key the schema describes.
	srv.AddTool(&gosdk.Tool{Name: "box_order", InputSchema: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
		"ref": {Type: "string", Description: "deduplication key of the order"},
	}}}, boxOrder)
}
