// Package tools registers tools against mcp-go v0.25: annotations are
// mcp.ToolAnnotation values of plain bools (v0.21 to v0.26, before the
// *bool hints and their options of v0.27), set with WithToolAnnotation or
// in a mcp.Tool literal; CallToolRequest.Params.Arguments is a map
// (before v0.29).
package tools

import (
	"context"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/mcpgov025/store"
)

var led = &store.Ledger{Path: "ledger"}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("charge", mcp.WithString("account", mcp.Required())), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		account, _ := req.Params.Arguments["account"].(string)
		return nil, led.Append(account) // want `tool "charge" is not idempotent but writes a file`
	})
	s.AddTool(mcp.NewTool("charge_keyed"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if _, ok := req.Params.Arguments["idempotency_key"].(string); !ok {
			return mcp.NewToolResultError("idempotency_key required"), nil
		}
		return nil, led.Append("k") // ok: keyed by the arguments map
	})
	s.AddTool(mcp.NewTool("set_limit", mcp.WithToolAnnotation(mcp.ToolAnnotation{IdempotentHint: true})), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Insert(ctx, "l") // ok: idempotent (plain bool hint)
	})
	s.AddTool(mcp.NewTool("destroy", mcp.WithToolAnnotation(mcp.ToolAnnotation{DestructiveHint: true, IdempotentHint: false})), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Insert(ctx, "d") // want `tool "destroy" is not idempotent but writes to an SQL database`
	})
	s.AddTool(mcp.NewTool("list", mcp.WithToolAnnotation(mcp.ToolAnnotation{ReadOnlyHint: true})), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Insert(ctx, "r") // ok for dedupekey: read-only
	})
	ro := lookupReadOnly()
	s.AddTool(mcp.NewTool("maybe", mcp.WithToolAnnotation(mcp.ToolAnnotation{ReadOnlyHint: ro})), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Insert(ctx, "m") // ok: the hint is not a constant
	})
}

// lookupReadOnly is known only at run time: the hint is not a constant.
func lookupReadOnly() bool { return os.Getenv("TOOLS_READ_ONLY") != "" }

// Tool literals and ServerTool values.
var serverTools = []server.ServerTool{
	{Tool: mcp.Tool{Name: "lit_create", Annotations: mcp.ToolAnnotation{Title: "create"}}, Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Insert(ctx, "c") // want `tool "lit_create" is not idempotent`
	}},
	{Tool: mcp.Tool{Name: "lit_put", Annotations: mcp.ToolAnnotation{IdempotentHint: true}}, Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Insert(ctx, "p") // ok: idempotent
	}},
}

func RegisterAll(s *server.MCPServer) { s.AddTools(serverTools...) }

// A layer of the project's own over v0.25.
type Def struct {
	Name     string
	ReadOnly bool
	Handler  server.ToolHandlerFunc
}

func RegisterDefs(s *server.MCPServer) {
	for _, d := range []Def{
		{Name: "def_write", Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, led.Append("w") // want `tool "def_write" is not idempotent`
		}},
		{Name: "def_read", ReadOnly: true, Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, led.Append("r") // ok for dedupekey: read-only by the value
		}},
	} {
		s.AddTool(mcp.NewTool(d.Name, mcp.WithToolAnnotation(mcp.ToolAnnotation{ReadOnlyHint: d.ReadOnly})), d.Handler)
	}
}
