// Package mcpgo retries mcp-go tool calls.
package mcpgo

import (
	"context"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/hashicorp/go-retryablehttp"
)

// Retry names the tool by assignment and re-sends it.
func Retry(ctx context.Context, c *client.Client) (*mcp.CallToolResult, error) {
	var req mcp.CallToolRequest
	req.Params.Name = "charge"
	req.Params.Arguments = map[string]any{"amount": 1}
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		ctx1, cancel := context.WithTimeout(ctx, time.Second)
		res, err := c.CallTool(ctx1, req) // want `CallTool\("charge"\) is sent again by this loop`
		cancel()
		if err == nil {
			return res, nil
		}
		lastErr = err
	}
	return nil, lastErr
}

// send is a helper that sends the request it is given: the tool is the
// one its caller names.
func send(c *client.Client, ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return c.CallTool(ctx, req)
}

// RetryHelper re-sends through the helper: the tool is named by the
// request the loop passes it.
func RetryHelper(ctx context.Context, c *client.Client) (*mcp.CallToolResult, error) {
	var req mcp.CallToolRequest
	req.Params.Name = "charge"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var res *mcp.CallToolResult
		if res, err = send(c, ctx, req); err == nil { // want `send \(which calls CallTool\("charge"\)\) is sent again by this loop`
			return res, nil
		}
	}
	return nil, err
}

// sendRenamed sends its own request, whatever it is given: no name
// comes from the caller's.
func sendRenamed(c *client.Client, ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	req.Params.Name = "balance"
	return c.CallTool(ctx, req)
}

// RetryRenamed re-sends through a helper that names the tool itself.
func RetryRenamed(ctx context.Context, c *client.Client) error {
	var req mcp.CallToolRequest
	req.Params.Name = "charge"
	var err error
	for range 3 {
		if _, err = sendRenamed(c, ctx, req); err == nil { // want `sendRenamed \(which calls CallTool\("balance"\)\) is sent again by this loop`
			return nil
		}
	}
	return err
}

// Interface retries through the client.MCPClient interface.
func Interface(ctx context.Context, c client.MCPClient) error {
	req := mcp.CallToolRequest{Params: mcp.CallToolParams{Name: "charge"}}
	var err error
	for range 3 {
		if _, err = c.CallTool(ctx, req); err == nil { // want `CallTool\("charge"\) is sent again by this loop`
			return nil
		}
	}
	return err
}

// KeyedArgs sends a key made once.
func KeyedArgs(ctx context.Context, c *client.Client, key string) error {
	var req mcp.CallToolRequest
	req.Params.Name = "charge"
	req.Params.Arguments = map[string]any{"amount": 1, "idempotency_key": key}
	var err error
	for range 3 {
		if _, err = c.CallTool(ctx, req); err == nil { // ok: keyed
			return nil
		}
	}
	return err
}

// TaskReadBack looks the task up before sending again.
func TaskReadBack(ctx context.Context, c *client.Client, taskID string) error {
	req := mcp.CallToolRequest{Params: mcp.CallToolParams{Name: "charge"}}
	for {
		_, err := c.CallTool(ctx, req) // ok: GetTask reads back
		if err == nil {
			return nil
		}
		if _, terr := c.GetTask(ctx, mcp.GetTaskRequest{Params: mcp.GetTaskParams{TaskId: taskID}}); terr == nil {
			return nil
		}
	}
}

// RetryingHTTP gives the streamable transport a retrying client.
func RetryingHTTP() (*client.Client, error) {
	hc := retryablehttp.NewClient().StandardClient()
	return client.NewStreamableHttpClient("http://localhost/mcp", transport.WithHTTPBasicClient(hc)) // want `this MCP transport's HTTP client \(go-retryablehttp\)`
}
