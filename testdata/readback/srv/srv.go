package srv // want package:"safetools\\(order_status,set_flag\\)"

// This is a server of this module: one read-only tool, one
// idempotent, one plain.

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ToolStatus is the read-only status tool's name.
const ToolStatus = "order_status"

type In struct {
	ID string `json:"id"`
}

func handle(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	return nil, nil, nil
}

// New registers the tools.
func New() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "srv"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: ToolStatus, Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}, handle)
	mcp.AddTool(s, &mcp.Tool{Name: "set_flag", Annotations: &mcp.ToolAnnotations{IdempotentHint: true}}, handle)
	mcp.AddTool(s, &mcp.Tool{Name: "place_order"}, handle)
	return s
}
