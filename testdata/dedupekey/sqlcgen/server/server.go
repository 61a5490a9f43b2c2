// Package server registers tools over sqlc-shaped queries (hookly's):
// an INSERT ... RETURNING run by QueryRowContext is a write.
package server

import (
	"context"
	"database/sql"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/dedupekey/sqlcgen/db"
)

// Register registers the note tools.
func Register(s *server.MCPServer, conn *sql.DB) {
	q := db.New(conn)
	s.AddTool(mcp.NewTool("create_note"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		n, err := q.CreateNote(ctx, req.GetString("body", "")) // want `tool "create_note" is not idempotent but writes to an SQL database \(db.Queries.CreateNote\)`
		if err != nil {
			return nil, err
		}
		return mcp.NewToolResultText(n.Body), nil
	})
	// ok: SELECTs through the same interface.
	s.AddTool(mcp.NewTool("get_note"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		n, err := q.GetNote(ctx, int64(req.GetInt("id", 0)))
		if err != nil {
			return nil, err
		}
		return mcp.NewToolResultText(n.Body), nil
	})
	s.AddTool(mcp.NewTool("list_notes"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		ns, err := q.ListNotes(ctx)
		if err != nil {
			return nil, err
		}
		return mcp.NewToolResultText(string(rune(len(ns)))), nil
	})
}
