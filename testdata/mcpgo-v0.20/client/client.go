// Package client calls tools with mcp-go before v0.21, where each
// transport had its own client type (*client.StdioMCPClient,
// *client.SSEMCPClient) and Arguments was a map.
package client

import (
	"context"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
)

// Stdio retries the call on the stdio client.
func Stdio(ctx context.Context, c *client.StdioMCPClient) error {
	var req mcp.CallToolRequest
	req.Params.Name = "charge"
	req.Params.Arguments = map[string]interface{}{"amount": 1}
	var err error
	for i := 0; i < 3; i++ {
		if _, err = c.CallTool(ctx, req); err == nil { // want `CallTool\("charge"\) is sent again by this loop`
			return nil
		}
	}
	return err
}

// SSE retries the call on the SSE client.
func SSE(ctx context.Context, c *client.SSEMCPClient) error {
	var req mcp.CallToolRequest
	req.Params.Name = "charge"
	var err error
	for i := 0; i < 3; i++ {
		if _, err = c.CallTool(ctx, req); err == nil { // want `CallTool\("charge"\) is sent again by this loop`
			return nil
		}
	}
	return err
}

// Once sends the call once: nothing is re-sent.
func Once(ctx context.Context, c *client.StdioMCPClient) error {
	var req mcp.CallToolRequest
	req.Params.Name = "charge"
	_, err := c.CallTool(ctx, req) // ok: no retry
	return err
}

// Keyed retries with one key made before the loop: the server can dedupe.
func Keyed(ctx context.Context, c *client.SSEMCPClient, key string) error {
	var req mcp.CallToolRequest
	req.Params.Name = "charge"
	req.Params.Arguments = map[string]interface{}{"amount": 1, "idempotency_key": key}
	var err error
	for i := 0; i < 3; i++ {
		if _, err = c.CallTool(ctx, req); err == nil { // ok: a stable key
			return nil
		}
	}
	return err
}
