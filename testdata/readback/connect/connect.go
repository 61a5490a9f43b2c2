// Package connect is a project's own layer that connects to its MCP
// server with the HTTP client its callers give it.
package connect

import (
	"context"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// With builds the transport from hc.
func With(ctx context.Context, hc *http.Client) (*mcp.ClientSession, error) { // want With:"clientParams\\(http=1, options=-1\\)"
	t := &mcp.StreamableClientTransport{Endpoint: "http://localhost:8080/mcp", HTTPClient: hc}
	return mcp.NewClient(&mcp.Implementation{Name: "c"}, nil).Connect(ctx, t, nil)
}

// Named passes its client on to With.
func Named(ctx context.Context, name string, hc *http.Client) (*mcp.ClientSession, error) { // want Named:"clientParams\\(http=2, options=-1\\)"
	return With(ctx, hc)
}

// Default connects with a client of its own: no fact.
func Default(ctx context.Context) (*mcp.ClientSession, error) {
	return With(ctx, &http.Client{})
}
