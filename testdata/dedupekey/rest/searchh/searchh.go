// Package searchh declares a handler that the rest package registers: only
// its facts travel.
package searchh

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"

	"example.com/restsdk"
)

type H struct{ API *restsdk.Client }

// Search POSTs a search: a read by design, unless its tool says otherwise.
func (h *H) Search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	_, err := h.API.Servers.Search(ctx, req.GetString("q", ""))
	return nil, err
}
