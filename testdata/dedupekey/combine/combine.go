// Package combine declares tools whose options are lists concatenated by
// a helper of another package, in package-level variables made by a
// function literal called in place.
package combine

import (
	"context"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/dedupekey/combine/opts"
)

var basic = []mcp.ToolOption{mcp.WithString("owner", mcp.Required())}

var createIssue = func() mcp.Tool {
	options := opts.Combine([]mcp.ToolOption{mcp.WithDescription("Create an issue")}, basic)
	return mcp.NewTool("create_issue", options...)
}()

var updateIssue = func() mcp.Tool {
	options := opts.Combine([]mcp.ToolOption{mcp.WithDescription("Update an issue")}, basic,
		[]mcp.ToolOption{mcp.WithIdempotentHintAnnotation(true)})
	return mcp.NewTool("update_issue", options...)
}()

func writeIssue(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, os.WriteFile("/var/issues/"+req.GetString("owner", ""), nil, 0o644) // want `tool "create_issue" is not marked idempotent and writes a file`
}

func Register(s *server.MCPServer) {
	s.AddTool(createIssue, writeIssue) // related: tool registered here; annotate IdempotentHint: true if a repeat is harmless (the effect looks idempotent by nature: an overwrite or delete), else check a dedupe key first
	// ok: annotated idempotent among the combined options.
	s.AddTool(updateIssue, writeIssue)
}
