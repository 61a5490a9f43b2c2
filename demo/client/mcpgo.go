package client

import (
	"context"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
)

// RetryMCPGo is RetryOnTimeout written against github.com/mark3labs/mcp-go:
// the request is built once, the tool named by assignment, and the same
// keyless charge is sent again after every failure.
func RetryMCPGo(ctx context.Context, c *client.Client, account string, amount int) (*mcp.CallToolResult, error) {
	var req mcp.CallToolRequest
	req.Params.Name = "charge"
	req.Params.Arguments = map[string]any{"account": account, "amount": amount}

	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		ctx1, cancel := context.WithTimeout(ctx, time.Second)
		res, err := c.CallTool(ctx1, req) // expect: readback
		cancel()
		if err == nil {
			return res, nil
		}
		lastErr = err
	}
	return nil, lastErr
}
