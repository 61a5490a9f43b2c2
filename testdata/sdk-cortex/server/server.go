// Package server registers tools with FreePeak/cortex, which has no tool
// annotations.
package server

import (
	"context"
	"database/sql"

	"github.com/FreePeak/cortex/pkg/plugin"
	"github.com/FreePeak/cortex/pkg/server"
	"github.com/FreePeak/cortex/pkg/tools"
	"github.com/FreePeak/cortex/pkg/types"
)

var db *sql.DB

func execute(ctx context.Context, req server.ToolCallRequest) (interface{}, error) {
	q, _ := req.Parameters["query"].(string)
	return db.ExecContext(ctx, q) // want `tool "execute" is not idempotent but writes to an SQL database \(sql.DB.ExecContext\)`
}

func executeKeyed(ctx context.Context, req server.ToolCallRequest) (interface{}, error) {
	key, _ := req.Parameters["idempotency_key"].(string)
	return db.ExecContext(ctx, "INSERT INTO runs(key) VALUES (?) ON CONFLICT DO NOTHING", key) // ok: the key was read first
}

func query(ctx context.Context, req server.ToolCallRequest) (interface{}, error) {
	return db.QueryContext(ctx, "SELECT 1") // ok: a read
}

func Register(ctx context.Context, s *server.MCPServer) error {
	if err := s.AddTool(ctx, tools.NewTool("execute", tools.WithDescription("run SQL"), tools.WithString("query", tools.Required())), execute); err != nil {
		return err
	}
	if err := s.AddTool(ctx, tools.NewTool("execute_keyed"), executeKeyed); err != nil {
		return err
	}
	if err := s.AddTool(ctx, &types.Tool{Name: "query"}, query); err != nil {
		return err
	}
	return nil
}

// A plugin provider's executor.
func RegisterProvider(p *plugin.BaseProvider) error {
	tool := tools.NewTool("insert")
	return p.RegisterTool(tool, func(ctx context.Context, params map[string]interface{}, session *types.ClientSession) (interface{}, error) {
		return db.ExecContext(ctx, "INSERT INTO t VALUES (1)") // want `tool "insert" is not idempotent`
	})
}
