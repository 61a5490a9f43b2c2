// Package gatekit is a release-gate kit: exported retry helpers that
// send the tool their caller names.
package gatekit

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/readback/srv"
)

// Retry sends the named tool until it succeeds. Its own package calls it
// only with the read-only status tool, so it is judged at each call of
// another package.
func Retry(ctx context.Context, cs *mcp.ClientSession, name string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if _, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: name}); err == nil { // ok: judged at its callers
			return nil
		}
	}
	return err
}

// Ready waits for the server.
func Ready(ctx context.Context, cs *mcp.ClientSession) error {
	return Retry(ctx, cs, srv.ToolStatus)
}

// RetryAll is called by its own package with a tool that writes: it is
// reported where it re-sends, and not again at other packages' calls.
func RetryAll(ctx context.Context, cs *mcp.ClientSession, name string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if _, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: name}); err == nil { // want `CallTool is sent again by this loop`
			return nil
		}
	}
	return err
}

// Order places the order.
func Order(ctx context.Context, cs *mcp.ClientSession) error {
	return RetryAll(ctx, cs, "place_order")
}
