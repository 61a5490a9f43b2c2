package client

import (
	"context"

	mcp "trpc.group/trpc-go/trpc-mcp-go"

	"example.com/sdktrpc/dialer"
)

// A retry option given to another package's helper that builds the
// client.
func DialRemoteRetrying(ctx context.Context) error {
	c, err := dialer.Dial(mcp.WithSimpleRetry(4)) // want `this trpc-mcp-go client option re-sends every request up to 4 times`
	if err != nil {
		return err
	}
	_, err = c.CallTool(ctx, chargeReq())
	return err
}

// Through two helpers, after the URL.
func DialRemoteURL(ctx context.Context) error {
	c, err := dialer.DialURL("http://localhost/mcp", mcp.WithSimpleRetry(2)) // want `this trpc-mcp-go client option re-sends every request up to 2 times`
	if err != nil {
		return err
	}
	_, err = c.CallTool(ctx, chargeReq())
	return err
}

// ok: no retry option.
func DialRemotePlain(ctx context.Context) error {
	c, err := dialer.Dial()
	if err != nil {
		return err
	}
	_, err = c.CallTool(ctx, chargeReq())
	return err
}

// ok: the tool calls go as tasks.
func DialRemoteTasks(ctx context.Context) error {
	c, err := dialer.Dial(mcp.WithSimpleRetry(3), mcp.WithTasks(true))
	if err != nil {
		return err
	}
	_, err = c.CallTool(ctx, chargeReq())
	return err
}

// The retrying client is passed to another package's function that
// calls a tool.
func PassedRemote(ctx context.Context) error {
	c, err := mcp.NewClient("http://localhost/mcp", info, mcp.WithSimpleRetry(5)) // want `up to 5 times`
	if err != nil {
		return err
	}
	return dialer.Charge(ctx, c)
}

// ok: the function it is passed to calls no tool.
func PassedRemoteList(ctx context.Context) error {
	c, err := mcp.NewClient("http://localhost/mcp", info, mcp.WithSimpleRetry(5))
	if err != nil {
		return err
	}
	return dialer.Tools(ctx, c)
}
