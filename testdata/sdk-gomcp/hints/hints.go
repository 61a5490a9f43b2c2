// Package hints registers go-mcp tools whose annotations contradict
// their handlers.
package hints

import (
	"context"
	"database/sql"

	"github.com/ThinkInAIXYZ/go-mcp/protocol"
	"github.com/ThinkInAIXYZ/go-mcp/server"
)

var db *sql.DB

func ptr(b bool) *bool { return &b }

func Register(srv *server.Server) {
	srv.RegisterTool(&protocol.Tool{Name: "lookup", Annotations: &protocol.ToolAnnotations{ReadOnlyHint: ptr(true)}},
		func(ctx context.Context, req *protocol.CallToolRequest) (*protocol.CallToolResult, error) {
			_, err := db.ExecContext(ctx, "UPDATE seen SET n = n + 1") // want `tool "lookup" is annotated read-only but writes to an SQL database`
			return nil, err
		})
	srv.RegisterTool(&protocol.Tool{Name: "lookup_pure", Annotations: &protocol.ToolAnnotations{ReadOnlyHint: ptr(true)}},
		func(ctx context.Context, req *protocol.CallToolRequest) (*protocol.CallToolResult, error) {
			_, err := db.QueryContext(ctx, "SELECT 1") // ok: a read
			return nil, err
		})
}
