// Package tools registers its tools with the registry from init.
package tools

import (
	"context"
	"database/sql"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/dedupekey/initreg/registry"
)

var DB *sql.DB

func insertHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	_, err := DB.ExecContext(ctx, "INSERT INTO rows (v) VALUES (?)", req.GetString("value", "")) // want `tool "insert_row" is not idempotent but writes to an SQL database`
	return nil, err
}

type InsertTool struct{}

func (*InsertTool) GetTool() mcp.Tool {
	return mcp.NewTool("insert_row", mcp.WithString("value"))
}

func (*InsertTool) GetHandler() server.ToolHandlerFunc { return insertHandler }

// ok: a read.
type ListTool struct{}

func (*ListTool) GetTool() mcp.Tool {
	return mcp.NewTool("list_rows", mcp.WithReadOnlyHintAnnotation(true))
}

func (*ListTool) GetHandler() server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		rows, err := DB.QueryContext(ctx, "SELECT v FROM rows")
		if err == nil {
			rows.Close()
		}
		return nil, err
	}
}

func init() {
	registry.RegisterTool(&InsertTool{})
	registry.RegisterTool(&ListTool{})
}
