// Package server declares foxy-contexts tools: constructors that uber/fx
// wires, each pairing a tool with its handler in fxctx.NewTool. The SDK
// has no tool annotations.
package server

import (
	"context"
	"database/sql"
	"os"

	"github.com/strowk/foxy-contexts/pkg/fxctx"
	"github.com/strowk/foxy-contexts/pkg/mcp"
)

func desc(s string) *string { return &s }

func NewApplyTool(db *sql.DB) fxctx.Tool {
	return fxctx.NewTool(
		&mcp.Tool{Name: "apply", Description: desc("apply a change")},
		func(ctx context.Context, args map[string]interface{}) *mcp.CallToolResult {
			if _, err := db.ExecContext(ctx, "INSERT INTO changes VALUES (?)", args["change"]); err != nil { // want `tool "apply" is not idempotent but writes to an SQL database \(sql.DB.ExecContext\)`
				return &mcp.CallToolResult{IsError: ptr(true)}
			}
			return &mcp.CallToolResult{}
		},
	)
}

func NewApplyKeyedTool(db *sql.DB) fxctx.Tool {
	return fxctx.NewTool(
		&mcp.Tool{Name: "apply_keyed"},
		func(ctx context.Context, args map[string]interface{}) *mcp.CallToolResult {
			key, _ := args["idempotency_key"].(string)
			if _, err := db.ExecContext(ctx, "INSERT INTO changes(key) VALUES (?) ON CONFLICT DO NOTHING", key); err != nil { // ok: the key was read first
				return &mcp.CallToolResult{IsError: ptr(true)}
			}
			return &mcp.CallToolResult{}
		},
	)
}

func NewListTool(db *sql.DB) fxctx.Tool {
	tool := &mcp.Tool{Name: "list"}
	return fxctx.NewTool(tool, func(ctx context.Context, args map[string]interface{}) *mcp.CallToolResult {
		if _, err := db.QueryContext(ctx, "SELECT 1"); err != nil { // ok: a read
			return &mcp.CallToolResult{IsError: ptr(true)}
		}
		return &mcp.CallToolResult{}
	})
}

// ok: an overwrite is idempotent by nature, and the SDK has no
// annotations to mark the tool so.
func NewSaveTool() fxctx.Tool {
	return fxctx.NewTool(&mcp.Tool{Name: "save"}, func(ctx context.Context, args map[string]interface{}) *mcp.CallToolResult {
		data, _ := args["data"].(string)
		if err := os.WriteFile("/var/lib/app/state.json", []byte(data), 0o644); err != nil {
			return &mcp.CallToolResult{IsError: ptr(true)}
		}
		return &mcp.CallToolResult{}
	})
}

// ok: the registration is declared idempotent.
//
//mcpvet:idempotent the query upserts by primary key
func NewUpsertTool(db *sql.DB) fxctx.Tool {
	return fxctx.NewTool(&mcp.Tool{Name: "upsert"}, func(ctx context.Context, args map[string]interface{}) *mcp.CallToolResult {
		if _, err := db.ExecContext(ctx, "INSERT INTO kv VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v", args["k"], args["v"]); err != nil {
			return &mcp.CallToolResult{IsError: ptr(true)}
		}
		return &mcp.CallToolResult{}
	})
}

func ptr(b bool) *bool { return &b }
