// Package handlers declares handlers that reach the paste service through
// an interface of their own, and does not import the client that
// implements it: the package that builds the client and registers the
// tools (package wired) sees the implementation.
package handlers

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Store is what the handlers need of the client.
type Store interface {
	CreatePaste(ctx context.Context, text string) (string, error)
	LookupPaste(ctx context.Context, id string) (string, error)
}

// CreateIn is the input of the create tool.
type CreateIn struct {
	Text string `json:"text"`
}

// LookupIn is the input of the lookup tool.
type LookupIn struct {
	ID string `json:"id"`
}

// Create returns the create handler.
func Create(p Store) mcp.ToolHandlerFor[CreateIn, any] {
	return func(ctx context.Context, _ *mcp.CallToolRequest, in CreateIn) (*mcp.CallToolResult, any, error) {
		id, err := p.CreatePaste(ctx, in.Text)
		if err != nil {
			return nil, nil, err
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: id}}}, nil, nil
	}
}

// Lookup returns the lookup handler.
func Lookup(p Store) mcp.ToolHandlerFor[LookupIn, any] {
	return func(ctx context.Context, _ *mcp.CallToolRequest, in LookupIn) (*mcp.CallToolResult, any, error) {
		text, err := p.LookupPaste(ctx, in.ID)
		if err != nil {
			return nil, nil, err
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil, nil
	}
}
