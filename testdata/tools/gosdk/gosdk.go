// Package gosdk registers tools with the official go-sdk, for the tool
// inventory (mcpvet tools).
package gosdk

import (
	"context"
	"os"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct {
	Name string `json:"name"`
	Key  string `json:"idempotency_key"`
}

func f(b bool) *bool { return &b }

func Register(s *mcp.Server) {
	// Commits nothing and is not annotated read-only: a candidate.
	mcp.AddTool(s, &mcp.Tool{Name: "lookup"}, lookup)

	// Commits nothing and is annotated read-only: no candidate.
	mcp.AddTool(s, &mcp.Tool{Name: "lookup_ro", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}, lookup)

	// Writes a file, declared not destructive and idempotent.
	mcp.AddTool(s, &mcp.Tool{Name: "save", Annotations: &mcp.ToolAnnotations{IdempotentHint: true, DestructiveHint: f(false)}},
		func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
			return nil, nil, os.WriteFile(in.Name, nil, 0o644)
		})

	// Calls through an interface that main wires (pending): no candidate.
	mcp.AddTool(s, &mcp.Tool{Name: "touch"},
		func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
			return nil, nil, store.Touch(ctx, in.Name)
		})

	// Declared not read-only by its author: no candidate.
	mcp.AddTool(s, &mcp.Tool{Name: "declared_rw", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: false}}, lookup)

	// Commits nothing through a helper of its own: a candidate.
	mcp.AddTool(s, &mcp.Tool{Name: "shout"},
		func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: shout(in.Name)}}}, nil, nil
		})

	// Appends to a file after reading a dedupe key.
	mcp.AddTool(s, &mcp.Tool{Name: "append_keyed"},
		func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
			if in.Key == "" {
				return nil, nil, nil
			}
			fh, err := os.OpenFile(in.Name, os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				return nil, nil, err
			}
			return nil, nil, fh.Close()
		})
}

// Store is implemented elsewhere.
type Store interface {
	Touch(ctx context.Context, name string) error
}

var store Store

func shout(s string) string { return strings.ToUpper(s) + "!" }

func lookup(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	_, err := os.Stat(in.Name)
	return nil, nil, err
}
