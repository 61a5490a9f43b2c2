// Package tools registers tools that call the server's interface, whose
// only implementation is a type of another module.
package tools

import (
	"context"
	"database/sql"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/dedupekey/ifaces/api"
	"example.com/dedupekey/ifaces/wire"
)

type srv struct{ m api.Messenger }

func (s *srv) send(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, s.m.Deliver(ctx, req.GetString("to", ""), req.GetString("body", "")) // want `tool "send_message" is not idempotent but writes to an SQL database \(api.Messenger.Deliver, implemented by extsdk.Client.Deliver\)`
}

func (s *srv) inbox(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, s.m.Inbox(ctx, req.GetString("to", ""))
}

func Register(s *server.MCPServer, db *sql.DB) {
	h := &srv{m: wire.New(db)}
	s.AddTool(mcp.NewTool("send_message"), h.send)
	// ok: the implementation reads.
	s.AddTool(mcp.NewTool("inbox"), h.inbox)
}
