package mcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/dedupekey/store"
)

// Tools registered in a loop over their definitions, each with the
// handler a method picks by the tool's name in a switch.

type noteHandlers struct{ led *store.Ledger }

func (h *noteHandlers) count(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	_, err := h.led.Count(ctx)
	return nil, err
}

func (h *noteHandlers) insert(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, h.led.Insert(ctx, req.GetString("account", "")) // want `tool "notes_insert" is not idempotent but writes to an SQL database`
}

type noteServer struct {
	h   *noteHandlers
	srv *server.MCPServer
}

func noteDefs() []mcp.Tool {
	return []mcp.Tool{
		mcp.NewTool("notes_count", mcp.WithReadOnlyHintAnnotation(true)),
		mcp.NewTool("notes_insert"),
	}
}

func (s *noteServer) register() {
	for _, tool := range noteDefs() {
		s.srv.AddTool(tool, s.handlerFor(tool.Name))
	}
}

func (s *noteServer) handlerFor(name string) server.ToolHandlerFunc {
	switch name {
	case "notes_count":
		return s.h.count
	case "notes_insert":
		return s.h.insert
	default:
		panic("unknown tool: " + name)
	}
}
