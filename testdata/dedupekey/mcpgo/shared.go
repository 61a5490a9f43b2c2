package mcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/dedupekey/store"
)

// One template registers a comment tool per service, all with the
// handler one factory makes: the finding on that handler names every
// tool that shares it. The read tools' shared handler stays silent.

func registerCommentTools(s *server.MCPServer, led *store.Ledger, service string) {
	s.AddTool(mcp.NewTool(service+"_add_comment"), makeAddComment(led))
	s.AddTool(mcp.NewTool(service+"_count_comments", mcp.WithReadOnlyHintAnnotation(true)), makeCountComments(led))
}

func makeAddComment(led *store.Ledger) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Insert(ctx, req.GetString("text", "")) // want `tool "docs_add_comment" is not idempotent but writes to an SQL database \(store.Ledger.Insert\) before reading a dedupe key: a retried call repeats it \(also for tools "sheets_add_comment" and "slides_add_comment", which share the handler\)`
	}
}

func makeCountComments(led *store.Ledger) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		_, err := led.Count(ctx)
		return nil, err
	}
}

func CommentServer(led *store.Ledger) *server.MCPServer {
	s := server.NewMCPServer("comments", "1.0.0")
	registerCommentTools(s, led, "sheets")
	registerCommentTools(s, led, "docs")
	registerCommentTools(s, led, "slides")
	return s
}
