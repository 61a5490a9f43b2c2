// Package tools registers tools against go-sdk v0.2.0: mcp.AddTool and
// Server.AddTool take a *Tool and a handler given the session and a
// *CallToolParamsFor[In] whose Arguments hold the input (until v0.3.0's
// CallToolRequest); the hints are *bool fields of ToolAnnotations.
package tools

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/gosdkv02/store"
)

var led = &store.Ledger{Path: "ledger"}

type ChargeIn struct {
	Account        string `json:"account"`
	IdempotencyKey string `json:"idempotency_key"`
}

type Out struct{}

func yes() *bool { b := true; return &b }

func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "charge"}, func(ctx context.Context, _ *mcp.ServerSession, params *mcp.CallToolParamsFor[ChargeIn]) (*mcp.CallToolResultFor[Out], error) {
		return nil, led.Append(params.Arguments.Account) // want `tool "charge" is not idempotent but writes a file`
	})
	mcp.AddTool(s, &mcp.Tool{Name: "charge_keyed"}, func(ctx context.Context, _ *mcp.ServerSession, params *mcp.CallToolParamsFor[map[string]any]) (*mcp.CallToolResultFor[Out], error) {
		if _, ok := params.Arguments["idempotency_key"].(string); !ok {
			return nil, nil
		}
		return nil, led.Append("k") // ok: keyed by the arguments
	})
	s.AddTool(&mcp.Tool{Name: "insert"}, insertRow)
	// ok for dedupekey: annotated idempotent (toolhints says the INSERT
	// repeats).
	s.AddTool(&mcp.Tool{Name: "upsert", Annotations: &mcp.ToolAnnotations{IdempotentHint: true}}, insertRow)
	s.AddTool(&mcp.Tool{Name: "list", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}, listRows) // ok: reads
}

func insertRow(ctx context.Context, _ *mcp.ServerSession, params *mcp.CallToolParamsFor[map[string]any]) (*mcp.CallToolResult, error) {
	account, _ := params.Arguments["account"].(string)
	return nil, led.Insert(ctx, account) // want `tool "insert" is not idempotent but writes to an SQL database`
}

func listRows(ctx context.Context, _ *mcp.ServerSession, params *mcp.CallToolParamsFor[map[string]any]) (*mcp.CallToolResult, error) {
	return nil, nil
}
