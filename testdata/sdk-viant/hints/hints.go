// Package hints registers viant/mcp-protocol tools whose annotations
// contradict their handlers.
package hints

import (
	"context"
	"database/sql"

	"github.com/viant/jsonrpc"
	"github.com/viant/mcp-protocol/schema"
	"github.com/viant/mcp-protocol/server"
)

var db *sql.DB

func ptr(b bool) *bool { return &b }

func Register(reg *server.Registry) {
	reg.RegisterTool(&server.ToolEntry{
		Metadata: schema.Tool{Name: "lookup", Annotations: &schema.ToolAnnotations{ReadOnlyHint: ptr(true)}},
		Handler: func(ctx context.Context, req *schema.CallToolRequest) (*schema.CallToolResult, *jsonrpc.Error) {
			_, _ = db.ExecContext(ctx, "UPDATE seen SET n = n + 1") // want `tool "lookup" is annotated read-only but writes to an SQL database`
			return nil, nil
		},
	})
	reg.RegisterTool(&server.ToolEntry{
		Metadata: schema.Tool{Name: "lookup_pure", Annotations: &schema.ToolAnnotations{ReadOnlyHint: ptr(true)}},
		Handler: func(ctx context.Context, req *schema.CallToolRequest) (*schema.CallToolResult, *jsonrpc.Error) {
			_, _ = db.QueryContext(ctx, "SELECT 1") // ok: a read
			return nil, nil
		},
	})
}
