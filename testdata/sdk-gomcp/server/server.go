// Package server registers tools with ThinkInAIXYZ/go-mcp.
package server

import (
	"context"
	"database/sql"

	"github.com/ThinkInAIXYZ/go-mcp/protocol"
	"github.com/ThinkInAIXYZ/go-mcp/server"
)

var db *sql.DB

type chargeReq struct {
	Account string `json:"account"`
}

func charge(ctx context.Context, req *protocol.CallToolRequest) (*protocol.CallToolResult, error) {
	_, err := db.ExecContext(ctx, "INSERT INTO charges(account) VALUES (?)", req.Arguments["account"]) // want `tool "charge" is not idempotent but writes to an SQL database \(sql.DB.ExecContext\)`
	return nil, err
}

func chargeKeyed(ctx context.Context, req *protocol.CallToolRequest) (*protocol.CallToolResult, error) {
	key, _ := req.Arguments["idempotency_key"].(string)
	_, err := db.ExecContext(ctx, "INSERT INTO charges(key) VALUES (?) ON CONFLICT DO NOTHING", key) // ok: the key was read first
	return nil, err
}

func Register(srv *server.Server) error {
	// NewTool sets no annotations: the spec defaults, not idempotent.
	tool, err := protocol.NewTool("charge", "charge an account", chargeReq{})
	if err != nil {
		return err
	}
	srv.RegisterTool(tool, charge)

	keyed, err := protocol.NewTool("charge_keyed", "charge once per key", chargeReq{})
	if err != nil {
		return err
	}
	srv.RegisterTool(keyed, chargeKeyed)

	// ok: annotated idempotent after NewTool.
	idem, err := protocol.NewTool("charge_idem", "charge", chargeReq{})
	if err != nil {
		return err
	}
	yes := true
	idem.Annotations = &protocol.ToolAnnotations{IdempotentHint: &yes}
	srv.RegisterTool(idem, charge)

	// ok: a read-only tool literal.
	srv.RegisterTool(&protocol.Tool{Name: "peek", Annotations: &protocol.ToolAnnotations{ReadOnlyHint: &yes}}, charge)

	// A literal without annotations, and a closure handler.
	srv.RegisterTool(&protocol.Tool{Name: "log"}, func(ctx context.Context, req *protocol.CallToolRequest) (*protocol.CallToolResult, error) {
		_, err := db.ExecContext(ctx, "INSERT INTO log(line) VALUES ('x')") // want `tool "log" is not idempotent`
		return nil, err
	})

	// ok: the hint is set twice, so the model cannot tell it.
	dyn, err := protocol.NewTool("dyn", "dyn", chargeReq{})
	if err != nil {
		return err
	}
	dyn.Annotations = &protocol.ToolAnnotations{}
	if db != nil {
		dyn.Annotations = &protocol.ToolAnnotations{IdempotentHint: &yes}
	}
	srv.RegisterTool(dyn, charge)
	return nil
}
