package mcpgo

import (
	"context"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// spec keeps a tool's hints in fields: the value-flow engine reads them.
type spec struct {
	readOnly bool
	opt      mcp.ToolOption
}

var (
	readOnlySpec = spec{readOnly: true}
	writeSpec    = spec{readOnly: false}
)

func RegisterFlow(s *server.MCPServer) {
	// A hint given through a pointer helper, from a field.
	s.AddTool(mcp.NewTool("peek_field", mcp.WithToolAnnotation(mcp.ToolAnnotation{ReadOnlyHint: mcp.ToBoolPtr(readOnlySpec.readOnly)})), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, os.WriteFile("x", nil, 0o644) // want `tool "peek_field" is annotated read-only`
	})
	// ok: the field says not read-only.
	s.AddTool(mcp.NewTool("write_field", mcp.WithReadOnlyHintAnnotation(writeSpec.readOnly)), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, os.WriteFile("x", nil, 0o644)
	})
	// An option kept in a local struct value.
	ro := spec{opt: mcp.WithReadOnlyHintAnnotation(true)}
	s.AddTool(mcp.NewTool("peek_opt", ro.opt), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, os.WriteFile("x", nil, 0o644) // want `tool "peek_opt" is annotated read-only`
	})
	// ok: the option in the field is not a hint.
	desc := spec{opt: mcp.WithDescription("writes")}
	s.AddTool(mcp.NewTool("write_opt", desc.opt), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, os.WriteFile("x", nil, 0o644)
	})
}
