// Package server registers the notes tools over the store's interface.
package server

import (
	"context"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"memstore/store"
)

// Register adds the tools.
func Register(s *server.MCPServer, st store.Store) {
	s.AddTool(mcp.NewTool("add_note"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if err := st.Add(req.GetString("title", ""), req.GetString("body", "")); err != nil { // want `tool "add_note" is not marked idempotent and writes a file \(store.Store.Add`
			return nil, err
		}
		return mcp.NewToolResultText("added"), nil
	})
	// ok: an overwrite, annotated idempotent.
	s.AddTool(mcp.NewTool("replace_notes", mcp.WithIdempotentHintAnnotation(true)), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if err := st.Replace(strings.Split(req.GetString("notes", ""), "\n")); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("replaced"), nil
	})
	// ok: a read through the same interface.
	s.AddTool(mcp.NewTool("list_notes", mcp.WithReadOnlyHintAnnotation(true)), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		notes, err := st.List()
		if err != nil {
			return nil, err
		}
		return mcp.NewToolResultText(strings.Join(notes, "\n")), nil
	})
}
