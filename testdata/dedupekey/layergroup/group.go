// Package layergroup applies hints to groups of tool values in a loop:
// the model does not resolve them per value, so it stays silent.
package layergroup

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/dedupekey/store"
)

var led = &store.Ledger{Path: "ledger"}

type Tool struct {
	Name     string
	ReadOnly bool
	Run      server.ToolHandlerFunc
}

func (t *Tool) SetReadOnly(v bool) { t.ReadOnly = v }

var reads = []*Tool{{Name: "g_list", Run: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, led.Append("g", 1) // ok: the group's hint is not resolved
}}}

func Register(s *server.MCPServer) {
	for _, t := range reads {
		t.SetReadOnly(true)
	}
	for _, t := range reads {
		s.AddTool(mcp.NewTool(t.Name, mcp.WithReadOnlyHintAnnotation(t.ReadOnly)), t.Run)
	}
}
