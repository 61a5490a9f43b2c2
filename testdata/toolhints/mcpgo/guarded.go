package mcpgo

import (
	"context"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// readOnlyTools names the tools a helper marks read-only
// (google-workspace-mcp-go's tiers table).
var readOnlyTools = map[string]bool{
	"docs_peek":   true,
	"docs_export": true,
}

// newTierTool appends the read-only hint when the table names the tool.
func newTierTool(name string, opts ...mcp.ToolOption) mcp.Tool {
	if readOnlyTools[name] {
		opts = append(opts, mcp.WithReadOnlyHintAnnotation(true))
	}
	return mcp.NewTool(name, opts...)
}

func RegisterTiers(s *server.MCPServer) {
	// The table says read-only; the handler writes.
	s.AddTool(newTierTool("docs_export", mcp.WithDescription("exports")), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, os.WriteFile("out.pdf", nil, 0o644) // want `tool "docs_export" is annotated read-only`
	})
	// ok: not in the table, so not annotated read-only.
	s.AddTool(newTierTool("docs_write", mcp.WithDescription("writes")), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, os.WriteFile("doc.txt", nil, 0o644)
	})
}
