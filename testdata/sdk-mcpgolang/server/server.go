// Package server registers tools with metoro-io/mcp-golang, whose
// handlers are passed as any and called by reflection.
package server

import (
	"context"
	"database/sql"
	"errors"

	mcp_golang "github.com/metoro-io/mcp-golang"
)

var db *sql.DB

type ChargeArgs struct {
	Account        string `json:"account"`
	IdempotencyKey string `json:"idempotency_key"`
}

func charge(args ChargeArgs) (*mcp_golang.ToolResponse, error) {
	_, err := db.Exec("INSERT INTO charges(account) VALUES (?)", args.Account) // want `tool "charge" is not idempotent but writes to an SQL database \(sql.DB.Exec\)`
	return mcp_golang.NewToolResponse(mcp_golang.NewTextContent("ok")), err
}

func chargeKeyed(ctx context.Context, args ChargeArgs) (*mcp_golang.ToolResponse, error) {
	if args.IdempotencyKey == "" {
		return nil, errors.New("idempotency_key required")
	}
	_, err := db.ExecContext(ctx, "INSERT INTO charges(key) VALUES (?) ON CONFLICT DO NOTHING", args.IdempotencyKey) // ok: the key was read first
	return nil, err
}

func Register(s *mcp_golang.Server) error {
	if err := s.RegisterTool("charge", "charge an account", charge); err != nil {
		return err
	}
	if err := s.RegisterTool("charge_keyed", "charge once per key", chargeKeyed); err != nil {
		return err
	}
	// A closure, with a context first.
	return s.RegisterTool("log", "log a line", func(ctx context.Context, args ChargeArgs) (*mcp_golang.ToolResponse, error) {
		_, err := db.ExecContext(ctx, "INSERT INTO log(line) VALUES (?)", args.Account) // want `tool "log" is not idempotent`
		return nil, err
	})
}

// ok: a read-only handler.
func RegisterRead(s *mcp_golang.Server) error {
	return s.RegisterTool("count", "count charges", func(args ChargeArgs) (*mcp_golang.ToolResponse, error) {
		_, err := db.Query("SELECT count(*) FROM charges")
		return nil, err
	})
}

func countName() string { return "fn_count" }

func chargeName() string { return "fn_charge" }

// Names kept in a local and returned by a function.
func RegisterNames(s *mcp_golang.Server) error {
	name := "local_charge"
	if err := s.RegisterTool(name, "charge an account", func(args ChargeArgs) (*mcp_golang.ToolResponse, error) {
		_, err := db.Exec("INSERT INTO charges(account) VALUES (?)", args.Account) // want `tool "local_charge" is not idempotent`
		return nil, err
	}); err != nil {
		return err
	}
	if err := s.RegisterTool(chargeName(), "charge an account", func(args ChargeArgs) (*mcp_golang.ToolResponse, error) {
		_, err := db.Exec("INSERT INTO charges(account) VALUES (?)", args.Account) // want `tool "fn_charge" is not idempotent`
		return nil, err
	}); err != nil {
		return err
	}
	// ok: a read.
	return s.RegisterTool(countName(), "count charges", func(args ChargeArgs) (*mcp_golang.ToolResponse, error) {
		_, err := db.Query("SELECT count(*) FROM charges")
		return nil, err
	})
}
