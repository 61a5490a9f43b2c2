// Package paste registers a handler a factory makes around a client
// interface (wastebin-mcp-go's NewCreatePasteHandler(client)): the
// closure is the handler, not a typed tool's method, and the finding is
// at its call of the client.
package paste

import (
	"bytes"
	"context"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Args struct {
	Text string `json:"text"`
}

type Resp struct{ Status int }

// Creator creates pastes.
type Creator interface {
	Create(ctx context.Context, args *Args) (*Resp, error)
}

type Client struct{ base string }

func (c *Client) Create(ctx context.Context, args *Args) (*Resp, error) {
	resp, err := http.Post(c.base+"/pastes", "text/plain", bytes.NewBufferString(args.Text))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return &Resp{Status: resp.StatusCode}, nil
}

func NewHandler(c Creator) func(context.Context, *mcp.CallToolRequest, Args) (*mcp.CallToolResult, any, error) {
	return func(ctx context.Context, _ *mcp.CallToolRequest, args Args) (*mcp.CallToolResult, any, error) {
		resp, err := c.Create(ctx, &args) // want `tool "create_paste" is not idempotent but sends an HTTP POST \(paste.Creator.Create, implemented by paste.Client.Create\)`
		if err != nil {
			return nil, nil, err
		}
		return nil, resp.Status, nil
	}
}

// NewCopyHandler is given a lookup callback, which its closure calls
// before its own POST: a callback, not the handler it wraps.
func NewCopyHandler(base string, lookup func(ctx context.Context, id string) (*Resp, error)) func(context.Context, *mcp.CallToolRequest, Args) (*mcp.CallToolResult, any, error) {
	return func(ctx context.Context, _ *mcp.CallToolRequest, args Args) (*mcp.CallToolResult, any, error) {
		if _, err := lookup(ctx, args.Text); err != nil {
			return nil, nil, err
		}
		resp, err := http.Post(base+"/pastes", "text/plain", bytes.NewBufferString(args.Text)) // want `tool "copy_paste" is not idempotent but sends an HTTP POST \(http.Post\)`
		if err != nil {
			return nil, nil, err
		}
		resp.Body.Close()
		return nil, nil, nil
	}
}

// Getter reads pastes.
type Getter interface {
	Get(ctx context.Context, args *Args) (*Resp, error)
}

func (c *Client) Get(ctx context.Context, args *Args) (*Resp, error) {
	resp, err := http.Get(c.base + "/pastes/" + args.Text)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return &Resp{Status: resp.StatusCode}, nil
}

// NewGetHandler is NewHandler's shape around a read: no finding.
func NewGetHandler(g Getter) func(context.Context, *mcp.CallToolRequest, Args) (*mcp.CallToolResult, any, error) {
	return func(ctx context.Context, _ *mcp.CallToolRequest, args Args) (*mcp.CallToolResult, any, error) {
		resp, err := g.Get(ctx, &args)
		if err != nil {
			return nil, nil, err
		}
		return nil, resp.Status, nil
	}
}

func find(ctx context.Context, id string) (*Resp, error) { return &Resp{}, nil }

func Register(s *mcp.Server, c *Client) {
	mcp.AddTool(s, &mcp.Tool{Name: "create_paste"}, NewHandler(c))
	mcp.AddTool(s, &mcp.Tool{Name: "copy_paste"}, NewCopyHandler(c.base, find))
	// ok: a read.
	mcp.AddTool(s, &mcp.Tool{Name: "get_paste"}, NewGetHandler(c))
}
