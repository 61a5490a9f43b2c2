// Package server registers tools with viant/mcp-protocol's registry.
package server

import (
	"context"
	"database/sql"

	"github.com/viant/jsonrpc"
	"github.com/viant/mcp-protocol/schema"
	"github.com/viant/mcp-protocol/server"
)

var db *sql.DB

type ChargeIn struct {
	Account        string `json:"account"`
	IdempotencyKey string `json:"idempotency_key"`
}

type ChargeOut struct{}

func charge(ctx context.Context, in *ChargeIn) (*schema.CallToolResult, *jsonrpc.Error) {
	if _, err := db.ExecContext(ctx, "INSERT INTO charges(account) VALUES (?)", in.Account); err != nil { // want `tool "charge" is not idempotent but writes to an SQL database \(sql.DB.ExecContext\)`
		return nil, jsonrpc.NewInternalError(err.Error(), nil)
	}
	return &schema.CallToolResult{}, nil
}

func chargeKeyed(ctx context.Context, in *ChargeIn) (*schema.CallToolResult, *jsonrpc.Error) {
	if _, err := db.ExecContext(ctx, "INSERT INTO charges(key) VALUES (?) ON CONFLICT DO NOTHING", in.IdempotencyKey); err != nil { // ok: the key is passed into the write
		return nil, jsonrpc.NewInternalError(err.Error(), nil)
	}
	return &schema.CallToolResult{}, nil
}

func Register(reg *server.Registry) error {
	if err := server.RegisterTool[*ChargeIn, ChargeOut](reg, "charge", "charge an account", charge); err != nil {
		return err
	}
	if err := server.RegisterTool[*ChargeIn, ChargeOut](reg, "charge_keyed", "charge once per key", chargeKeyed); err != nil {
		return err
	}
	// ok: an entry annotated idempotent.
	yes := true
	reg.RegisterTool(&server.ToolEntry{
		Metadata: schema.Tool{Name: "charge_idem", Annotations: &schema.ToolAnnotations{IdempotentHint: &yes}},
		Handler: func(ctx context.Context, req *schema.CallToolRequest) (*schema.CallToolResult, *jsonrpc.Error) {
			_, _ = db.ExecContext(ctx, "INSERT INTO charges(account) VALUES ('a')")
			return nil, nil
		},
	})
	reg.RegisterToolWithSchema("log", "log a line", schema.ToolInputSchema{}, nil, func(ctx context.Context, req *schema.CallToolRequest) (*schema.CallToolResult, *jsonrpc.Error) {
		_, _ = db.ExecContext(ctx, "INSERT INTO log(line) VALUES ('x')") // want `tool "log" is not idempotent`
		return nil, nil
	})
	return nil
}

func logName() string { return "fn_log" }

// A name returned by a function.
func RegisterNamed(reg *server.Registry) {
	reg.RegisterToolWithSchema(logName(), "log a line", schema.ToolInputSchema{}, nil, func(ctx context.Context, req *schema.CallToolRequest) (*schema.CallToolResult, *jsonrpc.Error) {
		_, _ = db.ExecContext(ctx, "INSERT INTO log(line) VALUES ('n')") // want `tool "fn_log" is not idempotent`
		return nil, nil
	})
}
