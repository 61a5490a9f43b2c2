// Package tools holds tool constructors, each returning its tool and its
// handler; another package registers them (buildkite-mcp-server's
// pkg/buildkite). The finding is reported here, once, at the handler.
package tools

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/dedupekey/ctorlayers/client"
)

// CreateOrder is the create_order tool.
func CreateOrder(c *client.Client) (mcp.Tool, server.ToolHandlerFunc) {
	return mcp.NewTool("create_order", mcp.WithString("item")),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, c.CreateOrder(ctx, req.GetString("item", "")) // want `tool "create_order" is not idempotent but sends an HTTP POST`
		}
}

// GetOrder is the get_order tool: a read.
func GetOrder(c *client.Client) (mcp.Tool, server.ToolHandlerFunc) {
	return mcp.NewTool("get_order", mcp.WithString("id")),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, c.GetOrder(ctx, req.GetString("id", "")) // ok: a GET
		}
}
