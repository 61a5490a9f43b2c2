package mcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/dedupekey/registry"
	"example.com/dedupekey/regtools"
)

// serveRegistry registers the tools package regtools put in the global
// registry: reg_append writes, reg_total reads.
func serveRegistry(s *server.MCPServer) {
	regtools.RegisterLedger()
	for _, d := range registry.Global.List() {
		def := d
		s.AddTool(mcp.NewTool(def.Name), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `tool "reg_append" is not idempotent but writes a file`
			out, err := def.Handler(ctx, req.GetArguments())
			if err != nil {
				return nil, err
			}
			return mcp.NewToolResultText(out), nil
		})
	}
}
