// Package trail shows the related positions of readback's findings: the
// failure that was observed, the retry construct that re-sends, and the
// first call of an error-path re-send, each marked with a "// related:"
// comment that the test matches.
package trail

import (
	"context"

	"github.com/cenkalti/backoff/v4"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Loop re-sends a keyless charge in a loop.
func Loop(ctx context.Context, cs *mcp.ClientSession) (*mcp.CallToolResult, error) {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ { // related: retry loop; read back the outcome first, or send an idempotency key made once before the retry
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge"}) // want `CallTool\("charge"\) is sent again by this loop`
		if err == nil {                                                   // related: failure observed here
			return res, nil
		}
		lastErr = err
	}
	return nil, lastErr
}

// Library re-sends it through backoff.Retry.
func Library(ctx context.Context, cs *mcp.ClientSession) error {
	return backoff.Retry(func() error { // related: retried by backoff.Retry; read back the outcome first, or send an idempotency key made once before the retry
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge"}) // want `CallTool\("charge"\) is sent again by backoff.Retry`
		return err                                                      // related: failure observed here
	}, backoff.NewExponentialBackOff())
}

// ErrorPath sends it again when the first call failed.
func ErrorPath(ctx context.Context, cs *mcp.ClientSession) (*mcp.CallToolResult, error) {
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge"}) // related: first call failed here; read back the outcome first, or send an idempotency key made once before the retry
	if err != nil {
		res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge"}) // want `CallTool\("charge"\) is sent again in the error path`
	}
	return res, err
}

// Keyed sends one key with every attempt: no finding.
func Keyed(ctx context.Context, cs *mcp.ClientSession, key string) (*mcp.CallToolResult, error) {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"idempotency_key": key}})
		if err == nil {
			return res, nil
		}
		lastErr = err
	}
	return nil, lastErr
}
