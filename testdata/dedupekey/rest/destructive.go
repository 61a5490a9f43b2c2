package rest

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/restsdk"
	"example.com/restsdk/swagger"

	"example.com/dedupekey/rest/searchh"
)

func destructive(v bool) *bool { return &v }

// RegisterDestructive registers tools whose only request is a POST read by
// design (a search endpoint, a name that says it reads): the tool's own
// DestructiveHint: true outweighs it.
func RegisterDestructive(s *gosdk.Server, m *server.MCPServer, api *restsdk.Client, sw *swagger.Client) {
	gosdk.AddTool(s, &gosdk.Tool{Name: "run_query", Annotations: &gosdk.ToolAnnotations{DestructiveHint: destructive(true)}}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		_, err := api.Servers.Search(ctx, in.Name) // want `tool "run_query" is not idempotent but sends an HTTP POST \(restsdk.ServersService.Search\)`
		return nil, nil, err
	})
	// ok: the same search, the tool says it does not destroy.
	gosdk.AddTool(s, &gosdk.Tool{Name: "run_query_safe", Annotations: &gosdk.ToolAnnotations{DestructiveHint: destructive(false)}}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		_, err := api.Servers.Search(ctx, in.Name)
		return nil, nil, err
	})
	// ok: no annotations: the spec's default is not the tool's word.
	gosdk.AddTool(s, &gosdk.Tool{Name: "run_query_plain"}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		_, err := api.Servers.Search(ctx, in.Name)
		return nil, nil, err
	})
	// ok: destructive and idempotent.
	gosdk.AddTool(s, &gosdk.Tool{Name: "run_query_idem", Annotations: &gosdk.ToolAnnotations{DestructiveHint: destructive(true), IdempotentHint: true}}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		_, err := api.Servers.Search(ctx, in.Name)
		return nil, nil, err
	})

	m.AddTool(mcp.NewTool("search_and_purge", mcp.WithDestructiveHintAnnotation(true)), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		_, err := sw.SearchStacks(&swagger.SearchStacksParams{Query: req.GetString("q", ""), Context: ctx}) // want `tool "search_and_purge" is not idempotent but sends an HTTP POST \(swagger.Client.SearchStacks\)`
		return nil, err
	})
	// ok: the handler is in another function of this package, and reads
	// the key first.
	m.AddTool(mcp.NewTool("search_keyed", mcp.WithDestructiveHintAnnotation(true)), searchKeyed(sw))
	// The handler is a method of another package: its soft effect is its
	// fact.
	h := &searchh.H{API: api}
	m.AddTool(mcp.NewTool("search_named", mcp.WithDestructiveHintAnnotation(true)), h.Search) // want `tool "search_named" is not idempotent but sends an HTTP POST`
	// ok: the same handler, not annotated destructive.
	m.AddTool(mcp.NewTool("search_named_plain"), h.Search)
}

func searchKeyed(sw *swagger.Client) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if req.GetString("idempotency_key", "") == "" {
			return mcp.NewToolResultError("idempotency_key is required"), nil
		}
		_, err := sw.SearchStacks(&swagger.SearchStacksParams{Query: req.GetString("q", ""), Context: ctx})
		return nil, err
	}
}
