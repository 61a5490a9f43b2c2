package server

import (
	"context"

	"example.com/sdktrpc/tooldefs"
	mcp "trpc.group/trpc-go/trpc-mcp-go"
)

// Tools the syntax at the registration does not resolve: the value-flow
// engine reads the mcp.NewTool call that builds each.

// Options spread from a local slice.
func RegisterSpread(s *mcp.Server) {
	plain := []mcp.ToolOption{mcp.WithDescription("charge")}
	s.RegisterTool(mcp.NewTool("spread_charge", plain...), func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		_, err := db.ExecContext(ctx, "INSERT INTO charges(account) VALUES ('s')") // want `tool "spread_charge" is not idempotent`
		return nil, err
	})
	idem := []mcp.ToolOption{mcp.WithDescription("overwrite"), mcp.WithToolAnnotations(&mcp.ToolAnnotations{IdempotentHint: mcp.BoolPtr(true)})}
	s.RegisterTool(mcp.NewTool("spread_idem", idem...), func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		_, err := db.ExecContext(ctx, "INSERT INTO charges(account) VALUES ('s')") // ok: annotated idempotent by the options it spreads
		return nil, err
	})
}

// toolSet keeps tools in struct fields.
type toolSet struct {
	charge, peek *mcp.Tool
}

func newToolSet() *toolSet {
	return &toolSet{
		charge: mcp.NewTool("field_charge"),
		peek:   mcp.NewTool("field_peek", mcp.WithToolAnnotations(&mcp.ToolAnnotations{ReadOnlyHint: mcp.BoolPtr(true)})),
	}
}

// Tools kept in the fields of a struct a constructor builds.
func RegisterFields(s *mcp.Server) {
	ts := newToolSet()
	s.RegisterTool(ts.charge, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		_, err := db.ExecContext(ctx, "INSERT INTO charges(account) VALUES ('f')") // want `tool "field_charge" is not idempotent`
		return nil, err
	})
	s.RegisterTool(ts.peek, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		_, err := db.ExecContext(ctx, "INSERT INTO charges(account) VALUES ('f')") // ok: registered read-only
		return nil, err
	})
}

// Tools built by another package's constructors.
func RegisterImported(s *mcp.Server) {
	s.RegisterTool(tooldefs.Charge(), func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		_, err := db.ExecContext(ctx, "INSERT INTO charges(account) VALUES ('p')") // want `tool "pkg_charge" is not idempotent`
		return nil, err
	})
	s.RegisterTool(tooldefs.Overwrite(), func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		_, err := db.ExecContext(ctx, "INSERT INTO charges(account) VALUES ('p')") // ok: annotated idempotent on the tool the constructor returns
		return nil, err
	})
}
