package mcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// withPaging is the project's own option: it adds parameters and sets no
// hint, so the tool keeps NewTool's defaults (not idempotent).
func withPaging() mcp.ToolOption {
	return func(t *mcp.Tool) {
		mcp.WithNumber("page")(t)
		t.InputSchema.Required = append(t.InputSchema.Required, "page")
	}
}

// repeatable marks a tool idempotent.
func repeatable() mcp.ToolOption {
	return func(t *mcp.Tool) {
		mcp.WithIdempotentHintAnnotation(true)(t)
	}
}

func RegisterOptions(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("paged_charge", withPaging()), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Append(req.GetString("account", ""), 1) // want `tool "paged_charge" is not idempotent but writes a file`
	})
	// ok: the project's option marks it idempotent.
	s.AddTool(mcp.NewTool("paged_sync", withPaging(), repeatable()), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Append(req.GetString("account", ""), 1)
	})
}
