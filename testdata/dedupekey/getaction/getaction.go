// Package getaction registers tools whose handlers a factory makes from
// a client's method value: reloading a server is a GET that acts, its
// status a GET that reads.
package getaction

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/getaction/monitor"
)

type In struct {
	ID int `json:"id"`
}

func handlerFn(fn func(context.Context, int) error) func(context.Context, *mcp.CallToolRequest, In) (*mcp.CallToolResult, any, error) {
	return func(ctx context.Context, _ *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, fn(ctx, in.ID) // want `tool "server_reload" is not idempotent but sends an HTTP GET`
	}
}

func reloadHandler(c *monitor.Client) func(context.Context, *mcp.CallToolRequest, In) (*mcp.CallToolResult, any, error) {
	return handlerFn(c.Servers.Reload)
}

// Register registers the tools.
func Register(s *mcp.Server, c *monitor.Client) {
	mcp.AddTool(s, &mcp.Tool{Name: "server_reload"}, reloadHandler(c))
	// ok: a GET of the server's status reads.
	mcp.AddTool(s, &mcp.Tool{Name: "server_status"}, handlerFn(c.Servers.Status))
}
