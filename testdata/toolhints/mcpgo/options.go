package mcpgo

import (
	"context"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/toolhints/mcpgo/opts"
)

// RegisterOptions builds tools with the project's own options of package
// opts: an option that sets no hint keeps the others' hints.
func RegisterOptions(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("list_paged", mcp.WithReadOnlyHintAnnotation(true), opts.WithPagination()), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, os.WriteFile("x", nil, 0o644) // want `tool "list_paged" is annotated read-only`
	})
	// ok: the pagination option does not make the tool read-only.
	s.AddTool(mcp.NewTool("write_paged", opts.WithPagination()), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, os.WriteFile("x", nil, 0o644)
	})
	s.AddTool(mcp.NewTool("list_ro", opts.ReadOnly()), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, os.WriteFile("x", nil, 0o644) // want `tool "list_ro" is annotated read-only`
	})
	s.AddTool(mcp.NewTool("list_safe", opts.Safe()), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, os.WriteFile("x", nil, 0o644) // want `tool "list_safe" is annotated read-only`
	})
	s.AddTool(mcp.NewTool("list_all", opts.Listing()), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, os.WriteFile("x", nil, 0o644) // want `tool "list_all" is annotated read-only`
	})
	// ok: a later option overrides the earlier one.
	s.AddTool(mcp.NewTool("write_over", opts.Listing(), mcp.WithReadOnlyHintAnnotation(false)), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, os.WriteFile("x", nil, 0o644)
	})
	// ok: read-only only on some paths, or through a function not
	// followed: unknown, so silent.
	s.AddTool(mcp.NewTool("maybe_ro", opts.Maybe(true)), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, os.WriteFile("x", nil, 0o644)
	})
	s.AddTool(mcp.NewTool("hooked", mcp.WithReadOnlyHintAnnotation(true), opts.Hooked()), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, os.WriteFile("x", nil, 0o644)
	})
	// An option that hands the tool to a function setting its description.
	s.AddTool(mcp.NewTool("described", mcp.WithReadOnlyHintAnnotation(true), opts.Describe("x")), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, os.WriteFile("x", nil, 0o644) // want `tool "described" is annotated read-only`
	})
	// ok: a read-only, paginated tool that reads.
	s.AddTool(mcp.NewTool("read_paged", opts.Listing()), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		_, err := os.ReadFile("x")
		return nil, err
	})
}

// RegisterBuilt registers tools another package built with its options.
func RegisterBuilt(s *server.MCPServer) {
	for _, t := range []server.ServerTool{opts.ListThings(), opts.ReadThings()} {
		s.AddTool(t.Tool, t.Handler)
	}
}

// RegisterBuiltVia registers them through a helper that takes the
// ServerTool: each is registered where opts pairs its tool with its
// handler, and reported there once.
func RegisterBuiltVia(s *server.MCPServer) {
	for _, t := range []server.ServerTool{opts.ListThings(), opts.ReadThings()} {
		addServerTool(s, t)
	}
	opts.AddAll(s, []server.ServerTool{opts.ListThings(), opts.ReadThings()})
}

func addServerTool(s *server.MCPServer, t server.ServerTool) {
	s.AddTool(t.Tool, t.Handler)
}
