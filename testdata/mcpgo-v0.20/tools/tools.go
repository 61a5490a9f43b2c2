// Package tools registers tools against mcp-go v0.20: tools have no
// annotations at all (they arrive in v0.21), so every tool has the spec
// defaults, not idempotent and not read-only; CallToolRequest.Params.
// Arguments is a map.
package tools

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/mcpgov020/store"
)

var led = &store.Ledger{Path: "ledger"}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("charge", mcp.WithString("account", mcp.Required())), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		account, _ := req.Params.Arguments["account"].(string)
		return nil, led.Append(account) // want `tool "charge" is not idempotent but writes a file`
	})
	s.AddTool(mcp.NewTool("charge_keyed"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		key, _ := req.Params.Arguments["idempotency_key"].(string)
		if key == "" {
			return mcp.NewToolResultError("idempotency_key required"), nil
		}
		return nil, led.Append(key) // ok: keyed by the arguments map
	})
	s.AddTools(server.ServerTool{Tool: mcp.Tool{Name: "lit_create"}, Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Insert(ctx, "c") // want `tool "lit_create" is not idempotent but writes to an SQL database`
	}})
}

// A layer of the project's own, with middleware, over v0.20.
type Def struct {
	Name    string
	Handler server.ToolHandlerFunc
}

func traced(h server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return h(ctx, req)
	}
}

func RegisterDefs(s *server.MCPServer) {
	for _, d := range []Def{
		{Name: "def_write", Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, led.Append("w") // want `tool "def_write" is not idempotent`
		}},
		{Name: "def_keyed", Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			if req.Params.Arguments["idempotency_key"] == nil {
				return mcp.NewToolResultError("key required"), nil
			}
			return nil, led.Append("k") // ok: keyed
		}},
	} {
		s.AddTool(mcp.NewTool(d.Name), traced(d.Handler))
	}
}
