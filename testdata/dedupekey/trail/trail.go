// Package trail shows the effect trail: a finding carries, as related
// positions, every call from the handler's effect to the write that lies
// in the module (a local helper, another package, an unexported method),
// each marked here with a "// related:" comment that the test matches.
package trail

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/trail/journal"
)

type In struct {
	Account        string `json:"account"`
	IdempotencyKey string `json:"idempotency_key"`
}

func Register(s *mcp.Server, j *journal.Journal) {
	mcp.AddTool(s, &mcp.Tool{Name: "book"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) { // related: tool registered here; check a client-supplied idempotency key before the effect, or annotate IdempotentHint: true if a repeat is harmless
		return nil, nil, book(j, in.Account) // want `tool "book" is not idempotent but writes a file \(trail.book\)`
	})
	// The same chain behind a key check: no finding.
	mcp.AddTool(s, &mcp.Tool{Name: "book_keyed"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		if j.Seen(in.IdempotencyKey) {
			return nil, nil, nil
		}
		return nil, nil, book(j, in.Account)
	})
}

func book(j *journal.Journal, account string) error {
	return j.Add(account) // related: calls (*journal.Journal).Add
}
