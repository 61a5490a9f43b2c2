// Package client sends charge calls with go-sdk and mcp-go, through the
// idem helper (one key per logical call, read back before any resend) and
// without it.
package client

import (
	"context"
	"errors"

	mcpgoclient "github.com/mark3labs/mcp-go/client"
	mcpgomcp "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpvet/mcpvet/idem"
	"github.com/mcpvet/mcpvet/idem/gosdk"
	"github.com/mcpvet/mcpvet/idem/mcpgo"
)

func params() *mcp.CallToolParams {
	return &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"amount": 1}}
}

// Plain re-sends a keyless charge: the positive twin of Helper.
func Plain(ctx context.Context, cs *mcp.ClientSession) (*mcp.CallToolResult, error) {
	var err error
	for range 3 {
		var res *mcp.CallToolResult
		if res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"amount": 1}}); err == nil { // want `CallTool\("charge"\) is sent again by this loop`
			return res, nil
		}
	}
	return nil, err
}

// Once sends through the helper, which reads back before it resends.
func Once(ctx context.Context, cs *mcp.ClientSession) (*mcp.CallToolResult, error) {
	return gosdk.CallTool(ctx, cs, params(), nil) // ok
}

// Helper keeps retrying what the helper gave up on (the server was
// unreachable): the helper probes and reads back before any send.
func Helper(ctx context.Context, cs *mcp.ClientSession) (*mcp.CallToolResult, error) {
	var err error
	for range 3 {
		var res *mcp.CallToolResult
		if res, err = gosdk.CallTool(ctx, cs, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"amount": 1}}, nil); err == nil { // ok: the helper reads back
			return res, nil
		}
	}
	return nil, err
}

// Resume keeps the Call: its key is made once, and Do reads back first.
func Resume(ctx context.Context, cs *mcp.ClientSession, reconnect func() *mcp.ClientSession) (*mcp.CallToolResult, error) {
	call := gosdk.NewCall(params(), &gosdk.CallOptions{ClientOptions: idem.ClientOptions{MaxResends: 1}})
	res, err := call.Do(ctx, cs)
	for i := 0; errors.Is(err, idem.ErrUnreachable) && i < 3; i++ {
		cs = reconnect()
		res, err = call.Do(ctx, cs) // ok: the same key, read back first
	}
	return res, err
}

// ErrorPath re-sends in the error path, through the helper.
func ErrorPath(ctx context.Context, cs *mcp.ClientSession) (*mcp.CallToolResult, error) {
	p := params()
	res, err := gosdk.NewCall(p, nil).Do(ctx, cs)
	if err != nil {
		res, err = gosdk.NewCall(p, nil).Do(ctx, cs) // ok: the helper reads back
	}
	return res, err
}

// Mixed sends a plain call beside the helper's in the same loop: the plain
// one is still re-sent blindly.
func Mixed(ctx context.Context, cs *mcp.ClientSession) error {
	var err error
	for range 3 {
		if _, err = gosdk.CallTool(ctx, cs, params(), nil); err != nil { // ok
			continue
		}
		if _, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "notify"}); err == nil { // want `CallTool\("notify"\) is sent again by this loop`
			return nil
		}
	}
	return err
}

func request() mcpgomcp.CallToolRequest {
	var req mcpgomcp.CallToolRequest
	req.Params.Name = "charge"
	req.Params.Arguments = map[string]any{"amount": 1}
	return req
}

// PlainMCPGo re-sends a keyless charge with mcp-go.
func PlainMCPGo(ctx context.Context, c *mcpgoclient.Client) error {
	var req mcpgomcp.CallToolRequest
	req.Params.Name = "charge"
	var err error
	for range 3 {
		if _, err = c.CallTool(ctx, req); err == nil { // want `CallTool\("charge"\) is sent again by this loop`
			return nil
		}
	}
	return err
}

// HelperMCPGo loops around the mcp-go helper.
func HelperMCPGo(ctx context.Context, c *mcpgoclient.Client) error {
	var err error
	for range 3 {
		if _, err = mcpgo.CallTool(ctx, c, request(), nil); err == nil { // ok: the helper reads back
			return nil
		}
	}
	return err
}

// CallMCPGo keeps an mcp-go Call across attempts.
func CallMCPGo(ctx context.Context, c *mcpgoclient.Client) error {
	call := mcpgo.NewCall(request(), nil)
	var err error
	for range 3 {
		if _, err = call.Do(ctx, c); err == nil { // ok: the same key, read back first
			return nil
		}
	}
	return err
}

// Fallback re-sends blindly what the helper gave up on: the helper's key
// stays with the helper.
func Fallback(ctx context.Context, cs *mcp.ClientSession) (*mcp.CallToolResult, error) {
	p := &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"amount": 1}}
	res, err := gosdk.CallTool(ctx, cs, p, nil)
	if err != nil {
		res, err = cs.CallTool(ctx, p) // want `CallTool\("charge"\) is sent again in the error path`
	}
	return res, err
}

// Wrapped loops around the project's own wrapper of the helper.
func Wrapped(ctx context.Context, cs *mcp.ClientSession) error {
	var err error
	for range 3 {
		if _, err = charge(ctx, cs); err == nil { // ok: the wrapper sends through the helper
			return nil
		}
	}
	return err
}

func charge(ctx context.Context, cs *mcp.ClientSession) (*mcp.CallToolResult, error) {
	return gosdk.CallTool(ctx, cs, params(), nil)
}
