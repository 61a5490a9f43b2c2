package fallback

import (
	"cmp"
	"context"

	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/dedupekey/ids"
)

// RegisterHelpers registers handlers whose fallback key is made by the
// project's own helper in another package (ids.New wraps uuid: a
// FreshFunc fact of the fresh analyzer).
func RegisterHelpers(s *server.MCPServer, srv *gosdk.Server) {
	s.AddTool(mcp.NewTool("fb_helper", mcp.WithString("idempotency_key")), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		key := req.GetString("idempotency_key", ids.New()) // want `tool "fb_helper" falls back to a fresh dedupe key when the client sends none`
		_ = key
		return nil, led.Append("a", 1)
	})
	// ok: a default derived from the arguments is the same on a retry.
	s.AddTool(mcp.NewTool("fb_helper_stable", mcp.WithString("idempotency_key")), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		key := req.GetString("idempotency_key", ids.Of(req.GetString("account", "")))
		_ = key
		return nil, led.Append("a", 1)
	})
	gosdk.AddTool(srv, &gosdk.Tool{Name: "fb_helper_or"}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		key := cmp.Or(in.Key, ids.New()) // want `tool "fb_helper_or" falls back to a fresh dedupe key`
		_ = key
		return nil, nil, led.Append("a", 1)
	})
	// ok: no fallback, the key is required.
	gosdk.AddTool(srv, &gosdk.Tool{Name: "fb_helper_strict"}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		if in.Key == "" {
			return nil, nil, context.Canceled
		}
		return nil, nil, led.Append(in.Key, 1)
	})
}
