// Package tools registers tools against go-sdk v0.1.0, the first
// release: a tool and its handler are made by NewServerTool (name,
// description, handler, options) and registered by Server.AddTools; the
// handler takes the session and a *CallToolParamsFor[In] whose Arguments
// hold the input; there are no annotation options, so every tool keeps
// the spec's defaults (not idempotent).
package tools

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/gosdkv01/store"
)

var led = &store.Ledger{Path: "ledger"}

type ChargeIn struct {
	Account        string `json:"account"`
	IdempotencyKey string `json:"idempotency_key"`
}

type Out struct{}

func Register(s *mcp.Server) {
	charge := mcp.NewServerTool[ChargeIn, Out]("charge", "charge an account",
		func(ctx context.Context, _ *mcp.ServerSession, params *mcp.CallToolParamsFor[ChargeIn]) (*mcp.CallToolResultFor[Out], error) {
			return nil, led.Append(params.Arguments.Account) // want `tool "charge" is not idempotent but writes a file`
		},
		mcp.Input(mcp.Property("account", mcp.Description("the account"))))
	keyed := mcp.NewServerTool[map[string]any, Out]("charge_keyed", "charge an account once per key",
		func(ctx context.Context, _ *mcp.ServerSession, params *mcp.CallToolParamsFor[map[string]any]) (*mcp.CallToolResultFor[Out], error) {
			if _, ok := params.Arguments["idempotency_key"].(string); !ok {
				return nil, nil
			}
			return nil, led.Append("k") // ok: keyed by the arguments
		})
	insert := mcp.NewServerTool("insert", "insert a row", insertRow)
	list := mcp.NewServerTool("list", "list the rows", listRows) // ok: reads
	// ok: annotated idempotent on the tool NewServerTool made.
	upsert := mcp.NewServerTool("upsert", "set a row", insertRow)
	upsert.Tool.Annotations = &mcp.ToolAnnotations{IdempotentHint: true}
	s.AddTools(charge, keyed, insert, list, upsert)
}

func insertRow(ctx context.Context, _ *mcp.ServerSession, params *mcp.CallToolParamsFor[ChargeIn]) (*mcp.CallToolResultFor[Out], error) {
	return nil, led.Insert(ctx, params.Arguments.Account) // want `tool "insert" is not idempotent but writes to an SQL database`
}

func listRows(ctx context.Context, _ *mcp.ServerSession, params *mcp.CallToolParamsFor[ChargeIn]) (*mcp.CallToolResultFor[Out], error) {
	return nil, nil
}
