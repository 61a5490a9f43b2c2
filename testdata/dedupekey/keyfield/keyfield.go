// Package keyfield passes a row whose key field is set from the tool
// call (a key the client chose) or from the server's own counter (no key
// of the client's, though the row's other fields are the client's).
package keyfield

import (
	"context"
	"strconv"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/keyfield/store"
)

type In struct {
	Note      string `json:"note"`
	RequestID string `json:"request_id"`
}

var seq atomic.Int64

func next() string { return strconv.FormatInt(seq.Add(1), 10) }

func Register(s *mcp.Server, st *store.Store) {
	// ok: the client's request id keys the insert.
	mcp.AddTool(s, &mcp.Tool{Name: "add_note_keyed"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, st.Insert(ctx, store.Row{Note: in.Note, RequestID: in.RequestID})
	})
	mcp.AddTool(s, &mcp.Tool{Name: "add_note_counted"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		row := store.Row{Note: in.Note, RequestID: next()}
		return nil, nil, st.Insert(ctx, row) // want `tool "add_note_counted" is not idempotent but writes to an SQL database \(store.Store.Insert\)`
	})
}
