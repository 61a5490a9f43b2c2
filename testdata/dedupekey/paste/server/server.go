// Package server calls the paste client through an interface of its
// own. The client POSTs every request, so its method is no evidence;
// the interface method's name is: CreatePaste changes state, LookupPaste
// reads.
package server

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/paste/client"
)

// Pastes is what the handlers need of the client.
type Pastes interface {
	CreatePaste(ctx context.Context, text string) (string, error)
	LookupPaste(ctx context.Context, id string) (string, error)
}

type createIn struct {
	Text string `json:"text"`
}

type lookupIn struct {
	ID string `json:"id"`
}

func createHandler(p Pastes) mcp.ToolHandlerFor[createIn, any] {
	return func(ctx context.Context, _ *mcp.CallToolRequest, in createIn) (*mcp.CallToolResult, any, error) {
		id, err := p.CreatePaste(ctx, in.Text) // want `tool "create_paste" is not idempotent but sends an HTTP POST \(server.Pastes.CreatePaste, implemented by client.Client.CreatePaste\)`
		if err != nil {
			return nil, nil, err
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: id}}}, nil, nil
	}
}

func lookupHandler(p Pastes) mcp.ToolHandlerFor[lookupIn, any] {
	return func(ctx context.Context, _ *mcp.CallToolRequest, in lookupIn) (*mcp.CallToolResult, any, error) {
		text, err := p.LookupPaste(ctx, in.ID)
		if err != nil {
			return nil, nil, err
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil, nil
	}
}

// Serve registers the tools.
func Serve(base string) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "paste", Version: "1.0.0"}, nil)
	c := client.New(base)
	mcp.AddTool(s, &mcp.Tool{Name: "create_paste"}, createHandler(c))
	mcp.AddTool(s, &mcp.Tool{Name: "lookup_paste"}, lookupHandler(c))
	return s
}
