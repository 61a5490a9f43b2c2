// Package imapv1 serves mail tools over go-imap v1, whose FETCH of a body
// section without PEEK marks the message read (\Seen): a write a
// read-only tool does not make.
package imapv1

import (
	"context"

	"github.com/emersion/go-imap"
	"github.com/emersion/go-imap/client"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct {
	UID uint32 `json:"uid"`
}

var ro = &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true}

func fetch(c *client.Client, uid uint32, items []imap.FetchItem) error {
	set := new(imap.SeqSet)
	set.AddNum(uid)
	msgs := make(chan *imap.Message, 1)
	return c.UidFetch(set, items, msgs)
}

func Register(s *mcp.Server, c *client.Client) {
	// ok: the body is fetched with PEEK.
	mcp.AddTool(s, &mcp.Tool{Name: "peek_email", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		set := new(imap.SeqSet)
		set.AddNum(in.UID)
		section := &imap.BodySectionName{Peek: true}
		msgs := make(chan *imap.Message, 1)
		return nil, nil, c.UidFetch(set, []imap.FetchItem{imap.FetchEnvelope, section.FetchItem()}, msgs)
	})
	// The body is fetched without PEEK: the message is marked read.
	mcp.AddTool(s, &mcp.Tool{Name: "get_email", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		set := new(imap.SeqSet)
		set.AddNum(in.UID)
		section := &imap.BodySectionName{}
		items := []imap.FetchItem{imap.FetchEnvelope, imap.FetchFlags, section.FetchItem()}
		msgs := make(chan *imap.Message, 1)
		return nil, nil, c.UidFetch(set, items, msgs) // want `tool "get_email" is annotated read-only but writes to a mailbox \(client.Client.UidFetch\)`
	})
	// ok: envelope and flags only.
	mcp.AddTool(s, &mcp.Tool{Name: "list_headers", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, fetch(c, in.UID, []imap.FetchItem{imap.FetchEnvelope, imap.FetchFlags})
	})
	// The helper given RFC822.TEXT: the text without PEEK, by this call's
	// items (Effect.Fetch).
	mcp.AddTool(s, &mcp.Tool{Name: "get_text", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, fetch(c, in.UID, []imap.FetchItem{imap.FetchRFC822Text}) // want `tool "get_text" is annotated read-only but writes to a mailbox`
	})
	// RFC822 is the whole message without PEEK.
	mcp.AddTool(s, &mcp.Tool{Name: "get_raw", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		set := new(imap.SeqSet)
		set.AddNum(in.UID)
		msgs := make(chan *imap.Message, 1)
		return nil, nil, c.Fetch(set, []imap.FetchItem{imap.FetchRFC822}, msgs) // want `tool "get_raw" is annotated read-only but writes to a mailbox \(client.Client.Fetch\)`
	})
}
