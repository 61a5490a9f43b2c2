// Package sqlro registers read-only tools that use pgx, whose own source
// the effects pass must leave to the catalogue's rules: (*pgx.Conn).BeginTx
// sends "begin" through pgx's own Exec, which is no write of the caller.
package sqlro

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct {
	Query string `json:"query"`
}

var ro = &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true}

func Register(s *mcp.Server, conn *pgx.Conn) {
	// ok: a read-only transaction around a query.
	mcp.AddTool(s, &mcp.Tool{Name: "query_db", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		tx, err := conn.BeginTx(ctx, pgx.TxOptions{AccessMode: pgx.ReadOnly})
		if err != nil {
			return nil, nil, err
		}
		defer tx.Rollback(ctx)
		rows, err := tx.Query(ctx, in.Query)
		if err != nil {
			return nil, nil, err
		}
		rows.Close()
		return &mcp.CallToolResult{}, nil, nil
	})

	// ok: a read-only tool that records the call in an audit trail (a
	// row per call, as a log line): no effect of the tool's.
	mcp.AddTool(s, &mcp.Tool{Name: "list_orders", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		if _, err := conn.Exec(ctx, `INSERT INTO public."audit_event" (actor, action) VALUES ($1, 'list_orders')`, in.Query); err != nil {
			return nil, nil, err
		}
		rows, err := conn.Query(ctx, "SELECT id FROM orders")
		if err != nil {
			return nil, nil, err
		}
		rows.Close()
		return &mcp.CallToolResult{}, nil, nil
	})

	// ok: a read-only tool that adds an entry to an activity log (a
	// timeline of who did what).
	mcp.AddTool(s, &mcp.Tool{Name: "list_events", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		_, err := conn.Exec(ctx, `INSERT INTO activity_log (actor, action) VALUES ($1, 'list_events')`, in.Query)
		return nil, nil, err
	})
	// A read-only tool that adds an activity, a row of the tool's data.
	mcp.AddTool(s, &mcp.Tool{Name: "get_activity", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		_, err := conn.Exec(ctx, `INSERT INTO activities (name) VALUES ($1)`, in.Query) // want `tool "get_activity" is annotated read-only but writes to an SQL database \(pgx.Conn.Exec\)`
		return nil, nil, err
	})

	// A read-only tool that inserts.
	mcp.AddTool(s, &mcp.Tool{Name: "get_counter", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		_, err := conn.Exec(ctx, "INSERT INTO hits (q) VALUES ($1)", in.Query) // want `tool "get_counter" is annotated read-only but writes to an SQL database \(pgx.Conn.Exec\)`
		return nil, nil, err
	})
}
