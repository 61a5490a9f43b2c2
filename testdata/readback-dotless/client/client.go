// Package client configures MCP transports with HTTP clients made by a
// helper of its own module: it does not import go-retryablehttp itself.
package client

import (
	"context"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"readbackapp/retrying"
)

// Retrying re-sends POSTs below the SDK, through the helper's client.
func Retrying(ctx context.Context) (*mcp.ClientSession, error) {
	rc := retrying.NewClient()
	t := &mcp.StreamableClientTransport{Endpoint: "http://localhost:8080/mcp", HTTPClient: rc.StandardClient()} // want `this MCP transport's HTTP client \(go-retryablehttp\)`
	return mcp.NewClient(&mcp.Implementation{Name: "c"}, nil).Connect(ctx, t, nil)
}

// Plain sends each POST once.
func Plain(ctx context.Context) (*mcp.ClientSession, error) {
	t := &mcp.StreamableClientTransport{Endpoint: "http://localhost:8080/mcp", HTTPClient: &http.Client{}}
	return mcp.NewClient(&mcp.Implementation{Name: "c"}, nil).Connect(ctx, t, nil)
}
