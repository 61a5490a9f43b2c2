package rest

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/restsdk/gql"
)

// RegisterGraphQL registers tools of a hand-written GraphQL client that
// POSTs every document to one endpoint: a query reads, a mutation writes.
func RegisterGraphQL(s *server.MCPServer, c *gql.Linear) {
	s.AddTool(mcp.NewTool("tracker_create_issue"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, c.CreateIssue(req.GetString("title", "")) // want `tool "tracker_create_issue" is not idempotent but sends an HTTP POST \(gql.Linear.CreateIssue\)`
	})
	// ok: a GraphQL query.
	s.AddTool(mcp.NewTool("tracker_get_issue"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, c.GetIssue(req.GetString("id", ""))
	})
}
