// Package layers annotates tools on values of its own type, registered by
// one generic function: the hint is the value's.
package layers

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/toolhints/store"
)

var led = &store.Ledger{}

type Definition struct {
	Name     string
	ReadOnly bool
	Handler  mcp.ToolHandler
}

var defs = []Definition{
	{Name: "ly_get", ReadOnly: true, Handler: func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Append("x") // want `tool "ly_get" is annotated read-only but writes a file`
	}},
	{Name: "ly_list", ReadOnly: true, Handler: func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, nil // ok: reads nothing
	}},
	{Name: "ly_set", Handler: func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Append("x") // ok for toolhints: not annotated read-only
	}},
}

func Register(s *mcp.Server) {
	for _, d := range defs {
		s.AddTool(&mcp.Tool{Name: d.Name, Annotations: &mcp.ToolAnnotations{ReadOnlyHint: d.ReadOnly}}, d.Handler)
	}
}
