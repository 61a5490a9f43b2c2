// Package hints registers trpc-mcp-go tools whose annotations contradict
// their handlers.
package hints

import (
	"context"
	"database/sql"

	mcp "trpc.group/trpc-go/trpc-mcp-go"
)

var db *sql.DB

func Register(s *mcp.Server) {
	s.RegisterTool(mcp.NewTool("lookup", mcp.WithToolAnnotations(&mcp.ToolAnnotations{ReadOnlyHint: mcp.BoolPtr(true)})),
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			_, err := db.ExecContext(ctx, "UPDATE seen SET n = n + 1") // want `tool "lookup" is annotated read-only but writes to an SQL database`
			return nil, err
		})
	s.RegisterTool(mcp.NewTool("lookup_pure", mcp.WithToolAnnotations(&mcp.ToolAnnotations{ReadOnlyHint: mcp.BoolPtr(true)})),
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			_, err := db.QueryContext(ctx, "SELECT 1") // ok: a read
			return nil, err
		})
}
