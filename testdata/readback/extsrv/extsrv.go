// Package extsrv is a server of another module that a harness of
// example.com/readback starts in process: one read-only tool, one plain.
package extsrv

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type in struct {
	ID string `json:"id"`
}

func handle(ctx context.Context, req *mcp.CallToolRequest, _ in) (*mcp.CallToolResult, any, error) {
	return nil, nil, nil
}

// New registers the tools.
func New() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "extsrv"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "ext_status", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}, handle)
	mcp.AddTool(s, &mcp.Tool{Name: "ext_charge"}, handle)
	return s
}
