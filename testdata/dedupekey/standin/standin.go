// Package standin calls a ledger through its interface: the stand-ins
// beside the real implementation do not hide the real one's effect.
package standin

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/standin/store"
	"example.com/dedupekey/standin/store/demo"
)

// The demo mode's ledger, wired in beside the real one.
var _ store.Tickets = (*demo.Tickets)(nil)

type In struct {
	Account string `json:"account"`
}

func Register(s *mcp.Server, led store.Ledger, notes store.Notes, j store.Journal, out store.Outbox, tickets store.Tickets) {
	mcp.AddTool(s, &mcp.Tool{Name: "send"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, out.Send(ctx, in.Account) // want `tool "send" is not idempotent but writes a file \(store.Outbox.Send, implemented by store.FileOutbox.Send\)`
	})
	mcp.AddTool(s, &mcp.Tool{Name: "charge"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, led.Charge(ctx, in.Account) // want `tool "charge" is not idempotent but writes a file \(store.Ledger.Charge, implemented by store.File.Charge\)`
	})
	mcp.AddTool(s, &mcp.Tool{Name: "refund"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, led.Refund(ctx, in.Account) // want `tool "refund" is not idempotent but writes a file \(store.Ledger.Refund, implemented by store.File.Refund\)`
	})
	mcp.AddTool(s, &mcp.Tool{Name: "journal"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, j.Record(in.Account) // want `tool "journal" is not idempotent but writes a file \(store.Journal.Record, implemented by store.FileJournal.Record\)`
	})
	mcp.AddTool(s, &mcp.Tool{Name: "open_ticket"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		_, err := tickets.Open(ctx, in.Account) // want `tool "open_ticket" is not idempotent but writes a file \(store.Tickets.Open, implemented by store.FileTickets.Open\)`
		return nil, nil, err
	})
	// ok: an implementation that commits nothing makes the call unknown.
	mcp.AddTool(s, &mcp.Tool{Name: "note"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, notes.Note(in.Account)
	})
}
