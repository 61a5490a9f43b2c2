// Package wrapiface calls a client through the project's interface, whose
// real implementation forwards to the SDK's own interface and whose other
// implementation is a mock: the forwarder's effect is the SDK's.
package wrapiface

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/wrapiface/svc"
)

type In struct {
	To   string `json:"to"`
	Body string `json:"body"`
}

func Register(s *mcp.Server, o svc.Outbox) {
	mcp.AddTool(s, &mcp.Tool{Name: "send_message"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, o.Deliver(ctx, in.To, in.Body) // want `tool "send_message" is not idempotent but writes to an SQL database \(svc.Outbox.Deliver, implemented by svc.Wrapper.Deliver\)`
	})
	// ok: the same chain to a read.
	mcp.AddTool(s, &mcp.Tool{Name: "read_inbox"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, o.Inbox(ctx, in.To)
	})
}
