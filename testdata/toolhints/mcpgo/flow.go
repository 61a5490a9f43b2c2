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

// registerReadOnly registers a tool whose name and hint are its
// parameters; its one call in the package binds them.
func registerReadOnly(s *server.MCPServer, name string, ro bool) {
	s.AddTool(mcp.NewTool(name, mcp.WithReadOnlyHintAnnotation(ro)), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, os.WriteFile("x", nil, 0o644) // want `tool "peek_param" is annotated read-only`
	})
}

// registerWriter is the same with a false hint: ok.
func registerWriter(s *server.MCPServer, name string, ro bool) {
	s.AddTool(mcp.NewTool(name, mcp.WithReadOnlyHintAnnotation(ro)), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, os.WriteFile("x", nil, 0o644)
	})
}

func RegisterParams(s *server.MCPServer) {
	registerReadOnly(s, "peek_param", true)
	registerWriter(s, "write_param", false)
}
