// Package tools registers tools against mcp-go v0.44: *bool hints with
// their options (v0.27), Params.Arguments as any with typed accessors
// (v0.29), typed handlers, and task tools (v0.44).
package tools

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/mcpgov044/store"
)

var led = &store.Ledger{Path: "ledger"}

type ChargeArgs struct {
	Account string `json:"account"`
	Key     string `json:"idempotency_key"`
}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("charge"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Append(req.GetString("account", "")) // want `tool "charge" is not idempotent but writes a file`
	})
	s.AddTool(mcp.NewTool("charge_keyed"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		key, err := req.RequireString("idempotency_key")
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return nil, led.Append(key) // ok: keyed
	})
	s.AddTool(mcp.NewTool("typed_charge"), mcp.NewTypedToolHandler(func(ctx context.Context, req mcp.CallToolRequest, args ChargeArgs) (*mcp.CallToolResult, error) {
		return nil, led.Insert(ctx, args.Account) // want `tool "typed_charge" is not idempotent`
	}))
	s.AddTool(mcp.NewTool("typed_keyed"), mcp.NewTypedToolHandler(func(ctx context.Context, req mcp.CallToolRequest, args ChargeArgs) (*mcp.CallToolResult, error) {
		if args.Key == "" {
			return mcp.NewToolResultError("key required"), nil
		}
		return nil, led.Insert(ctx, args.Account) // ok: keyed
	}))
	s.AddTool(mcp.NewTool("set", mcp.WithIdempotentHintAnnotation(true)), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Insert(ctx, "s") // ok: idempotent
	})
	s.AddTool(mcp.NewTool("annotated", mcp.WithToolAnnotation(mcp.ToolAnnotation{ReadOnlyHint: mcp.ToBoolPtr(true)})), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Insert(ctx, "a") // ok for dedupekey: read-only
	})
}

// Task tools: the handler returns a task, and runs the work.
func RegisterTasks(s *server.MCPServer) {
	s.AddTaskTool(mcp.NewTool("export", mcp.WithTaskSupport(mcp.TaskSupportRequired)), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CreateTaskResult, error) {
		return nil, led.Append("export") // want `tool "export" is not idempotent`
	})
	s.AddTaskTool(mcp.NewTool("export_idem", mcp.WithTaskSupport(mcp.TaskSupportRequired), mcp.WithIdempotentHintAnnotation(true)), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CreateTaskResult, error) {
		return nil, led.Append("export") // ok: idempotent
	})
	s.AddTaskTools(server.ServerTaskTool{Tool: mcp.NewTool("import"), Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CreateTaskResult, error) {
		return nil, led.Insert(ctx, "i") // want `tool "import" is not idempotent`
	}})
}
