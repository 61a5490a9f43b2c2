// Package client shows how a Go MCP client retries a tool call that has a
// side effect: three ways to get it wrong, and two ways to get it right.
//
// A call that fails on the client may still have completed on the server. A
// timeout returns context.DeadlineExceeded before the server has even been
// told to cancel, and a dropped stdio connection says nothing about what the
// server did before it died. Re-sending the call is only safe if the server
// can recognize the retry (an idempotency key made once per logical
// operation) or if the client first reads back whether the first attempt
// took effect.
//
// The functions use the official Go SDK (github.com/modelcontextprotocol/go-sdk);
// mcpgo.go has the same mistake with github.com/mark3labs/mcp-go.
package client

import (
	"context"
	"errors"
	"os/exec"
	"time"

	"github.com/google/uuid"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Policy says how often and how patiently to try a call.
type Policy struct {
	Attempts int           // attempts in total, including the first
	Timeout  time.Duration // deadline of each attempt
}

// DefaultPolicy is the seed's client: a 1s timeout, and retries.
var DefaultPolicy = Policy{Attempts: 3, Timeout: time.Second}

// RetryOnTimeout charges an account and, when an attempt times out, sends
// the same call again. Every attempt that reached the server before the
// deadline has charged the account: one logical charge, several ledger lines.
func RetryOnTimeout(ctx context.Context, cs *mcp.ClientSession, p Policy, account string, amount int) (*mcp.CallToolResult, error) {
	var lastErr error
	for attempt := 0; attempt < p.Attempts; attempt++ {
		ctx1, cancel := context.WithTimeout(ctx, p.Timeout)
		res, err := cs.CallTool(ctx1, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"account": account, "amount": amount}}) // expect: readback
		cancel()
		if err == nil {
			return res, nil
		}
		if !errors.Is(err, context.DeadlineExceeded) {
			return nil, err
		}
		lastErr = err
	}
	return nil, lastErr
}

// RetryWithStableKey makes one idempotency key for the logical charge and
// sends it on every attempt. The server answers a repeated key with the
// original charge instead of charging again.
func RetryWithStableKey(ctx context.Context, cs *mcp.ClientSession, p Policy, account string, amount int) (*mcp.CallToolResult, error) {
	key := uuid.NewString()
	var lastErr error
	for attempt := 0; attempt < p.Attempts; attempt++ {
		ctx1, cancel := context.WithTimeout(ctx, p.Timeout)
		res, err := cs.CallTool(ctx1, &mcp.CallToolParams{
			Name:      "charge_keyed",
			Arguments: map[string]any{"account": account, "amount": amount, "idempotency_key": key},
		})
		cancel()
		if err == nil {
			return res, nil
		}
		if !errors.Is(err, context.DeadlineExceeded) {
			return nil, err
		}
		lastErr = err
	}
	return nil, lastErr
}

// RetryWithFreshKey sends an idempotency key, but makes a new one for every
// attempt. To the server each retry is a different charge, so the key
// deduplicates nothing.
func RetryWithFreshKey(ctx context.Context, cs *mcp.ClientSession, p Policy, account string, amount int) (*mcp.CallToolResult, error) {
	var lastErr error
	for attempt := 0; attempt < p.Attempts; attempt++ {
		key := uuid.NewString() // expect: freshkey
		ctx1, cancel := context.WithTimeout(ctx, p.Timeout)
		res, err := cs.CallTool(ctx1, &mcp.CallToolParams{
			Name:      "charge_keyed",
			Arguments: map[string]any{"account": account, "amount": amount, "idempotency_key": key},
		})
		cancel()
		if err == nil {
			return res, nil
		}
		if !errors.Is(err, context.DeadlineExceeded) {
			return nil, err
		}
		lastErr = err
	}
	return nil, lastErr
}

// RetryAfterReadBack asks the server whether a failed attempt took effect
// before sending the charge again, and re-sends with the same key, so that a
// charge still in flight during the read-back is not duplicated either.
func RetryAfterReadBack(ctx context.Context, cs *mcp.ClientSession, p Policy, account string, amount int) (*mcp.CallToolResult, error) {
	key := uuid.NewString()
	ctx1, cancel := context.WithTimeout(ctx, p.Timeout)
	res, err := cs.CallTool(ctx1, &mcp.CallToolParams{
		Name:      "charge_keyed",
		Arguments: map[string]any{"account": account, "amount": amount, "idempotency_key": key},
	})
	cancel()
	for attempt := 1; err != nil && attempt < p.Attempts; attempt++ {
		if !errors.Is(err, context.DeadlineExceeded) {
			return nil, err
		}
		// The attempt went unanswered: it may or may not have charged.
		// Ask before charging again.
		rctx, cancel := context.WithTimeout(ctx, p.Timeout)
		rr, rerr := cs.ReadResource(rctx, &mcp.ReadResourceParams{URI: "ledger://charges/" + key})
		cancel()
		if rerr == nil && len(rr.Contents) > 0 {
			return &mcp.CallToolResult{
				Content: []mcp.Content{&mcp.TextContent{Text: rr.Contents[0].Text}},
			}, nil
		}

		ctx1, cancel = context.WithTimeout(ctx, p.Timeout)
		res, err = cs.CallTool(ctx1, &mcp.CallToolParams{
			Name:      "charge_keyed",
			Arguments: map[string]any{"account": account, "amount": amount, "idempotency_key": key},
		})
		cancel()
	}
	return res, err
}

// RestartAndResend is the seed's second scenario. It follows the stdio
// transport's advice to the letter: if the server process exits, start a new
// one and retry the request. The protocol may be stateless; the ledger is
// not, and the old process may have charged before it died.
func RestartAndResend(ctx context.Context, c *mcp.Client, serverPath string, account string, amount int) (*mcp.CallToolResult, error) {
	cs, err := c.Connect(ctx, &mcp.CommandTransport{Command: exec.Command(serverPath)}, nil)
	if err != nil {
		return nil, err
	}
	params := &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"account": account, "amount": amount}}
	res, err := cs.CallTool(ctx, params)
	if err != nil {
		_ = cs.Close()
		cs, err = c.Connect(ctx, &mcp.CommandTransport{Command: exec.Command(serverPath)}, nil)
		if err != nil {
			return nil, err
		}
		res, err = cs.CallTool(ctx, params) // expect: readback
	}
	if cerr := cs.Close(); err == nil && cerr != nil {
		err = cerr
	}
	return res, err
}

// NewClient returns the client the examples use.
func NewClient() *mcp.Client {
	return mcp.NewClient(&mcp.Implementation{Name: "chargeclient", Version: "v0.1.0"}, nil)
}
