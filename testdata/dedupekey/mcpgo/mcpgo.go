// Package mcpgo registers tools with mark3labs/mcp-go.
package mcpgo

import (
	"context"
	"os"
	"os/exec"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/dedupekey/store"
)

var led = &store.Ledger{Path: "ledger"}

type h struct{}

func (h) charge(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	acct := req.GetString("account", "")
	if err := led.Append(acct, 1); err != nil { // want `tool "charge" is not idempotent but writes a file`
		return nil, err
	}
	return mcp.NewToolResultText("ok"), nil
}

func (h) chargeKeyed(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	key, err := req.RequireString("idempotency_key")
	if err != nil {
		return nil, err
	}
	_ = key
	return nil, led.Append("a", 1) // ok: the key was required first
}

func Register(s *server.MCPServer) {
	var hh h
	// NewTool sets IdempotentHint false.
	s.AddTool(mcp.NewTool("charge", mcp.WithString("account")), hh.charge)
	s.AddTool(mcp.NewTool("charge_keyed", mcp.WithString("idempotency_key", mcp.Required())), hh.chargeKeyed)

	// ok: idempotent by option.
	s.AddTool(mcp.NewTool("overwrite", mcp.WithIdempotentHintAnnotation(true)), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, os.WriteFile("x", nil, 0o644)
	})
	// ok: idempotent by WithToolAnnotation.
	s.AddTool(mcp.NewTool("overwrite2", mcp.WithToolAnnotation(mcp.ToolAnnotation{IdempotentHint: mcp.ToBoolPtr(true)})), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, os.WriteFile("x", nil, 0o644)
	})
	// WithToolAnnotation without IdempotentHint: nil, the spec default false.
	s.AddTool(mcp.NewTool("run", mcp.WithToolAnnotation(mcp.ToolAnnotation{Title: "Run"})), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, exec.CommandContext(ctx, "make", "deploy").Run() // want `tool "run" is not idempotent but runs a process \(exec.Cmd.Run\)`
	})
	// ok: read-only.
	s.AddTool(mcp.NewTool("peek", mcp.WithReadOnlyHintAnnotation(true)), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Append("peek", 0)
	})
	// ok: a hint that is not a constant.
	idem := os.Getenv("IDEM") != ""
	s.AddTool(mcp.NewTool("dyn", mcp.WithIdempotentHintAnnotation(idem)), hh.charge)

	// A tool variable, and a typed handler adapter.
	tool := mcp.NewTool("typed")
	s.AddTool(tool, mcp.NewTypedToolHandler(typed))

	// ServerTool values registered in a loop.
	tools := []server.ServerTool{
		{Tool: mcp.NewTool("st_charge"), Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, led.Record("x") // want `tool "st_charge" is not idempotent`
		}},
		{Tool: mcp.NewTool("st_keyed"), Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			if led.Seen(req.GetArguments()) { // ok: Seen reads the key (fact)
				return nil, nil
			}
			return nil, led.Record("x")
		}},
		{Tool: mcp.NewTool("st_once"), Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, store.ChargeOnce(led, req.GetArguments()) // ok: ChargeOnce reads the key first
		}},
	}
	for _, t := range tools {
		s.AddTools(t)
	}
	// Session tools.
	_ = s.AddSessionTool("sess", mcp.NewTool("sess_charge"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, store.Notify(ctx, "http://x") // want `tool "sess_charge" is not idempotent`
	})
}

type TypedArgs struct {
	Account string `json:"account"`
}

func typed(ctx context.Context, req mcp.CallToolRequest, args TypedArgs) (*mcp.CallToolResult, error) {
	return nil, led.Append(args.Account, 1) // want `tool "typed" is not idempotent`
}
