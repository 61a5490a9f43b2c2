// Package client calls tools with the mcp-golang client, whose CallTool
// takes the tool name.
package client

import (
	"context"

	mcp_golang "github.com/metoro-io/mcp-golang"
)

type chargeArgs struct {
	Account        string `json:"account"`
	IdempotencyKey string `json:"idempotency_key,omitempty"`
}

func Charge(ctx context.Context, c *mcp_golang.Client) (*mcp_golang.ToolResponse, error) {
	var err error
	for i := 0; i < 3; i++ {
		var res *mcp_golang.ToolResponse
		res, err = c.CallTool(ctx, "charge", chargeArgs{Account: "a"}) // want `CallTool\("charge"\) is sent again by this loop`
		if err == nil {
			return res, nil
		}
	}
	return nil, err
}

func ChargeKeyed(ctx context.Context, c *mcp_golang.Client, key string) (*mcp_golang.ToolResponse, error) {
	var err error
	for i := 0; i < 3; i++ {
		var res *mcp_golang.ToolResponse
		res, err = c.CallTool(ctx, "charge", chargeArgs{Account: "a", IdempotencyKey: key}) // ok: a key made once
		if err == nil {
			return res, nil
		}
	}
	return nil, err
}

// call is a project's wrapper: the tool name is its parameter.
func call(ctx context.Context, c *mcp_golang.Client, name string, args any) error {
	_, err := c.CallTool(ctx, name, args)
	return err
}

func ViaWrapper(ctx context.Context, c *mcp_golang.Client) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = call(ctx, c, "refund", nil); err == nil { // want `call \(which calls CallTool\("refund"\)\) is sent again by this loop`
			return nil
		}
	}
	return err
}

// callVia passes the tool name on to another wrapper.
func callVia(ctx context.Context, c *mcp_golang.Client, name string, args any) error {
	return send(c, ctx, name, args)
}

func send(c *mcp_golang.Client, ctx context.Context, name string, args any) error {
	_, err := c.CallTool(ctx, name, args)
	return err
}

func ViaTwoWrappers(ctx context.Context, c *mcp_golang.Client) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = callVia(ctx, c, "refund", nil); err == nil { // want `callVia \(which calls CallTool\("refund"\)\) is sent again by this loop`
			return nil
		}
	}
	return err
}

// ok: sent once.
func ViaTwoWrappersOnce(ctx context.Context, c *mcp_golang.Client) error {
	return callVia(ctx, c, "refund", nil)
}

func chargeName() string { return "charge" }

// The tool name is a function's result.
func ChargeNamed(ctx context.Context, c *mcp_golang.Client) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = c.CallTool(ctx, chargeName(), chargeArgs{Account: "a"}); err == nil { // want `CallTool\("charge"\) is sent again by this loop`
			return nil
		}
	}
	return err
}

// ok: the same call, with a key made once.
func ChargeNamedKeyed(ctx context.Context, c *mcp_golang.Client, key string) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = c.CallTool(ctx, chargeName(), chargeArgs{Account: "a", IdempotencyKey: key}); err == nil {
			return nil
		}
	}
	return err
}
