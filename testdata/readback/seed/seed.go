// Package seed writes the four ways of the seed to charge twice in Go.
package seed

import (
	"context"
	"net/http"
	"os/exec"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/readback/framework"
)

func args(account string, amount int) map[string]any {
	return map[string]any{"account": account, "amount": amount}
}

// Scenario1 is a one second timeout, then a retry.
func Scenario1(ctx context.Context, cs *mcp.ClientSession) (*mcp.CallToolResult, error) {
	var lastErr error
	for attempt := 0; attempt < 2; attempt++ {
		ctx1, cancel := context.WithTimeout(ctx, time.Second)
		res, err := cs.CallTool(ctx1, &mcp.CallToolParams{Name: "charge", Arguments: args("acct", 100)}) // want `CallTool\("charge"\) is sent again by this loop`
		cancel()
		if err != nil {
			lastErr = err
			continue
		}
		return res, nil
	}
	return nil, lastErr
}

// Scenario2 kills the stdio server, restarts it as the spec suggests and
// sends the call again.
func Scenario2(ctx context.Context, c *mcp.Client, server string) (*mcp.CallToolResult, error) {
	cmd := exec.Command(server)
	cs, err := c.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		return nil, err
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: args("acct", 100)})
	if err != nil {
		_ = cmd.Process.Kill()
		cs, err = c.Connect(ctx, &mcp.CommandTransport{Command: exec.Command(server)}, nil)
		if err != nil {
			return nil, err
		}
		return cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: args("acct", 100)}) // want `CallTool\("charge"\) is sent again in the error path`
	}
	return res, nil
}

// Scenario3 is the same over streamable HTTP, with a reconnect per
// attempt.
func Scenario3(ctx context.Context, c *mcp.Client, url string) (*mcp.CallToolResult, error) {
	var lastErr error
	for attempt := 0; attempt < 2; attempt++ {
		cs, err := c.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: &http.Client{}}, nil)
		if err != nil {
			lastErr = err
			continue
		}
		ctx1, cancel := context.WithTimeout(ctx, time.Second)
		res, err := cs.CallTool(ctx1, &mcp.CallToolParams{Name: "charge", Arguments: args("acct", 100)}) // want `CallTool\("charge"\) is sent again by this loop`
		cancel()
		cs.Close()
		if err == nil {
			return res, nil
		}
		lastErr = err
	}
	return nil, lastErr
}

// Scenario4 is a graph node that calls the tool, run by a framework
// whose default policy re-runs the node after a connection error.
func Scenario4(ctx context.Context, cs *mcp.ClientSession) error {
	chargeNode := func(ctx context.Context, state map[string]any) error {
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: args("acct", 100)}) // want `CallTool\("charge"\) is sent again by the retry helper framework.RunNode`
		if err != nil {
			return framework.ErrConnection
		}
		return nil
	}
	return framework.RunNode(ctx, framework.DefaultRetryPolicy, chargeNode, map[string]any{})
}

// chargeParams builds the charge request; both attempts of Scenario2Ctor
// call it, so they send the same tool.
func chargeParams() *mcp.CallToolParams {
	return &mcp.CallToolParams{Name: "charge", Arguments: args("acct", 100)}
}

// balanceParams builds a request for another tool.
func balanceParams() *mcp.CallToolParams {
	return &mcp.CallToolParams{Name: "balance", Arguments: args("acct", 0)}
}

// Scenario2Ctor is scenario 2 with the request rebuilt by a constructor
// on the new session.
func Scenario2Ctor(ctx context.Context, c *mcp.Client, server string) (*mcp.CallToolResult, error) {
	cmd := exec.Command(server)
	cs, err := c.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		return nil, err
	}
	res, err := cs.CallTool(ctx, chargeParams())
	if err != nil {
		_ = cmd.Process.Kill()
		cs, err = c.Connect(ctx, &mcp.CommandTransport{Command: exec.Command(server)}, nil)
		if err != nil {
			return nil, err
		}
		return cs.CallTool(ctx, chargeParams()) // want `CallTool\("charge"\) is sent again in the error path`
	}
	return res, nil
}

// Scenario2Other reads the balance on the new session after a failed
// charge: another tool, not a re-send.
func Scenario2Other(ctx context.Context, c *mcp.Client, server string) (*mcp.CallToolResult, error) {
	cmd := exec.Command(server)
	cs, err := c.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		return nil, err
	}
	res, err := cs.CallTool(ctx, chargeParams())
	if err != nil {
		_ = cmd.Process.Kill()
		cs, err = c.Connect(ctx, &mcp.CommandTransport{Command: exec.Command(server)}, nil)
		if err != nil {
			return nil, err
		}
		return cs.CallTool(ctx, balanceParams()) // ok: another tool
	}
	return res, nil
}
