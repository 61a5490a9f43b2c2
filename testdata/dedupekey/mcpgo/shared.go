package mcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/dedupekey/store"
)

// One template, called in a loop over the services, registers a comment
// tool per service, all with the handler one factory makes: the finding
// on that handler names every tool that shares it. The read tools'
// shared handler stays silent.

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
	for _, service := range []string{"sheets", "docs", "slides"} {
		registerCommentTools(s, led, service)
	}
	return s
}

// Tools named by a loop over a table of names, one registration each:
// the write tools' finding names both; the read tools stay silent.
func TagServer(led *store.Ledger) *server.MCPServer {
	s := server.NewMCPServer("tags", "1.0.0")
	for _, name := range []string{"wiki_tag", "blog_tag"} {
		s.AddTool(mcp.NewTool(name), makeTag(led))
	}
	for _, name := range []string{"wiki_tags", "blog_tags"} {
		s.AddTool(mcp.NewTool(name, mcp.WithReadOnlyHintAnnotation(true)), makeCountComments(led))
	}
	return s
}

func makeTag(led *store.Ledger) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Insert(ctx, req.GetString("tag", "")) // want `tool "blog_tag" is not idempotent but writes to an SQL database \(store.Ledger.Insert\) before reading a dedupe key: a retried call repeats it \(also for tool "wiki_tag", which shares the handler\)`
	}
}

// A loop over a part of a table: the engine knows the table's names, not
// which of them the part holds, so the registration has no name.
func PartServer(led *store.Ledger) *server.MCPServer {
	s := server.NewMCPServer("parts", "1.0.0")
	names := []string{"part_add", "part_count"}
	for _, name := range names[:1] {
		s.AddTool(mcp.NewTool(name), makeTag(led))
	}
	return s
}
