package gosdk

import (
	"context"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/readback/connect"
)

// ConnectRemoteRetrying passes a retrying client to another package's
// transport helper.
func ConnectRemoteRetrying(ctx context.Context) (*mcp.ClientSession, error) {
	return connect.With(ctx, retryablehttp.NewClient().StandardClient()) // want `this MCP transport's HTTP client \(go-retryablehttp\)`
}

// ConnectRemoteNamed passes it through two helpers.
func ConnectRemoteNamed(ctx context.Context) (*mcp.ClientSession, error) {
	rc := retryablehttp.NewClient()
	return connect.Named(ctx, "gate", rc.StandardClient()) // want `this MCP transport's HTTP client \(go-retryablehttp\)`
}

// ConnectRemotePlain passes a plain client to it.
func ConnectRemotePlain(ctx context.Context) (*mcp.ClientSession, error) {
	return connect.With(ctx, &http.Client{Timeout: time.Minute}) // ok: no retries
}
