// Package gqlboard serves a planning board whose service calls its
// backend through an interface (board.Backend) that this package wires
// to a GraphQL client (gh.Client) posting every request to one
// endpoint: the mutation each method sends decides what the tool does.
package gqlboard

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/gqlboard/board"
	"example.com/dedupekey/gqlboard/gh"
)

type In struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	Date  string `json:"date"`
}

type server struct{ endpoint string }

func (h *server) svc() *board.Service {
	var b board.Backend = gh.New(h.endpoint)
	return board.New(b)
}

func (h *server) addCard(ctx context.Context, _ *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	return nil, nil, h.svc().Add(ctx, in.Title) // want `tool "add_card" is not idempotent but sends an HTTP POST`
}

func (h *server) deferCard(ctx context.Context, _ *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	return nil, nil, h.svc().Defer(ctx, in.ID, in.Date) // want `tool "defer_card" is not marked idempotent and sends an HTTP POST`
}

func (h *server) getCard(ctx context.Context, _ *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	return nil, nil, h.svc().Get(ctx, in.ID) // ok: a GraphQL query reads
}

func Register(s *mcp.Server, endpoint string) {
	h := &server{endpoint: endpoint}
	mcp.AddTool(s, &mcp.Tool{Name: "add_card"}, h.addCard)
	mcp.AddTool(s, &mcp.Tool{Name: "defer_card"}, h.deferCard)
	mcp.AddTool(s, &mcp.Tool{Name: "get_card"}, h.getCard)
}
