// Package client calls tools with the go-mcp client.
package client

import (
	"context"

	"github.com/ThinkInAIXYZ/go-mcp/client"
	"github.com/ThinkInAIXYZ/go-mcp/protocol"
)

func Charge(ctx context.Context, c *client.Client) (*protocol.CallToolResult, error) {
	var err error
	for i := 0; i < 3; i++ {
		var res *protocol.CallToolResult
		res, err = c.CallTool(ctx, protocol.NewCallToolRequest("charge", map[string]interface{}{"account": "a"})) // want `CallTool\("charge"\) is sent again`
		if err == nil {
			return res, nil
		}
	}
	return nil, err
}

func ChargeKeyed(ctx context.Context, c *client.Client, key string) (*protocol.CallToolResult, error) {
	var err error
	for i := 0; i < 3; i++ {
		var res *protocol.CallToolResult
		res, err = c.CallTool(ctx, protocol.NewCallToolRequest("charge", map[string]interface{}{"idempotency_key": key})) // ok: a key made once
		if err == nil {
			return res, nil
		}
	}
	return nil, err
}
