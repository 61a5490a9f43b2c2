// Package sqlhelper runs its tools' SQL through one helper that takes
// the statement: each call's statement decides what the tool commits.
package sqlhelper

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type executor interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

type store struct{ ex executor }

func (s *store) exec(ctx context.Context, query string) error {
	_, err := s.ex.ExecContext(ctx, query)
	return err
}

func Register(srv *server.MCPServer, db *sql.DB) {
	s := &store{ex: db}
	srv.AddTool(mcp.NewTool("run_statement"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, s.exec(ctx, req.GetString("statement", "")) // want `tool "run_statement" is not idempotent but writes to an SQL database`
	})
	srv.AddTool(mcp.NewTool("drop_note"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		query := fmt.Sprintf("DELETE FROM notes WHERE id = %d", req.GetInt("id", 0))
		return nil, s.exec(ctx, query) // want `tool "drop_note" is not marked idempotent and writes to an SQL database`
	})
	// ok: a statement that reads.
	srv.AddTool(mcp.NewTool("use_notes", mcp.WithReadOnlyHintAnnotation(true)), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, s.exec(ctx, fmt.Sprintf("USE %s;", req.GetString("db", "")))
	})
}
