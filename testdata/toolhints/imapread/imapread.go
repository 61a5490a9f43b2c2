// Package imapread registers mail tools annotated read-only (mail-mcp's
// read_email): reading a message marks it read unless it peeks.
package imapread

import (
	"context"

	"github.com/emersion/go-imap/v2"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/toolhints/imapread/mailbox"
)

type In struct {
	UID        uint32 `json:"uid"`
	MarkAsRead bool   `json:"mark_as_read"`
}

func ro() *mcp.ToolAnnotations { return &mcp.ToolAnnotations{ReadOnlyHint: true} }

func Register(s *mcp.Server, sess *mailbox.Session) {
	mcp.AddTool(s, &mcp.Tool{Name: "read_email", Annotations: ro()}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		raw, err := sess.FetchRaw(imap.UID(in.UID), !in.MarkAsRead) // want `tool "read_email" is annotated read-only but writes to a mailbox \(mailbox.Session.FetchRaw\)`
		return nil, string(raw), err
	})
	// ok: a peek leaves \Seen as it was.
	mcp.AddTool(s, &mcp.Tool{Name: "preview_email", Annotations: ro()}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		raw, err := sess.FetchRaw(imap.UID(in.UID), true)
		return nil, string(raw), err
	})
	// ok: the envelope only.
	mcp.AddTool(s, &mcp.Tool{Name: "email_headers", Annotations: ro()}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, sess.Headers(imap.UID(in.UID))
	})
}
