// Package client calls tools with the viant/mcp client.
package client

import (
	"context"

	"github.com/viant/mcp-protocol/schema"
	"github.com/viant/mcp/client"
)

func Charge(ctx context.Context, c client.Interface) (*schema.CallToolResult, error) {
	var err error
	for i := 0; i < 3; i++ {
		var res *schema.CallToolResult
		res, err = c.CallTool(ctx, &schema.CallToolRequestParams{Name: "charge", Arguments: map[string]interface{}{"account": "a"}}) // want `CallTool\("charge"\) is sent again by this loop`
		if err == nil {
			return res, nil
		}
	}
	return nil, err
}

func ChargeKeyed(ctx context.Context, c *client.Client, key string) (*schema.CallToolResult, error) {
	params, err := schema.NewCallToolRequestParams("charge", map[string]interface{}{"idempotency_key": key})
	if err != nil {
		return nil, err
	}
	for i := 0; i < 3; i++ {
		var res *schema.CallToolResult
		res, err = c.CallTool(ctx, params) // ok: a key made once
		if err == nil {
			return res, nil
		}
	}
	return nil, err
}

// ok: read back before sending again.
func ChargeChecked(ctx context.Context, c client.Interface) (*schema.CallToolResult, error) {
	params := &schema.CallToolRequestParams{Name: "charge"}
	res, err := c.CallTool(ctx, params)
	if err != nil {
		if rr, rerr := c.ReadResource(ctx, &schema.ReadResourceRequestParams{Uri: "ledger://last"}); rerr == nil && len(rr.Contents) > 0 {
			return nil, nil
		}
		res, err = c.CallTool(ctx, params)
	}
	return res, err
}

// The request built with its error: the name is still known.
func Refund(ctx context.Context, c *client.Client) error {
	params, err := schema.NewCallToolRequestParams("refund", map[string]interface{}{"order": "o-1"})
	if err != nil {
		return err
	}
	for i := 0; i < 3; i++ {
		if _, err = c.CallTool(ctx, params); err == nil { // want `CallTool\("refund"\) is sent again by this loop`
			return nil
		}
	}
	return err
}

// refundParams builds the request, with its error.
func refundParams() (*schema.CallToolRequestParams, error) {
	return schema.NewCallToolRequestParams("refund", map[string]interface{}{"order": "o-1"})
}

// The request is a function's result.
func RefundBuilt(ctx context.Context, c *client.Client) error {
	params, err := refundParams()
	if err != nil {
		return err
	}
	for i := 0; i < 3; i++ {
		if _, err = c.CallTool(ctx, params); err == nil { // want `CallTool\("refund"\) is sent again by this loop`
			return nil
		}
	}
	return err
}
