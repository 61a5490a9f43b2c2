// Package dialer is a project's own layer that builds trpc-mcp-go
// clients from the options its callers give it.
package dialer

import (
	"context"

	mcp "trpc.group/trpc-go/trpc-mcp-go"
)

var info = mcp.Implementation{Name: "c", Version: "1"}

// Dial builds the client from opts.
func Dial(opts ...mcp.ClientOption) (*mcp.Client, error) { // want Dial:"clientParams\\(http=-1, options=0\\)"
	return mcp.NewClient("http://localhost/mcp", info, opts...)
}

// DialURL passes its options on to another constructor helper.
func DialURL(url string, opts ...mcp.ClientOption) (*mcp.Client, error) { // want DialURL:"clientParams\\(http=-1, options=1\\)"
	return dialAt(url, opts...)
}

func dialAt(url string, opts ...mcp.ClientOption) (*mcp.Client, error) { // want dialAt:"clientParams\\(http=-1, options=1\\)"
	return mcp.NewClient(url, info, opts...)
}

// DialQuiet builds a client with options of its own: no fact.
func DialQuiet() (*mcp.Client, error) {
	return mcp.NewClient("http://localhost/mcp", info, mcp.WithSimpleRetry(0))
}

// Charge calls the charge tool through the client it is given.
func Charge(ctx context.Context, c *mcp.Client) error {
	req := &mcp.CallToolRequest{}
	req.Params.Name = "charge"
	_, err := c.CallTool(ctx, req)
	return err
}

// Tools lists the tools through the client it is given: no tool call.
func Tools(ctx context.Context, c *mcp.Client) error {
	_, err := c.ListTools(ctx, &mcp.ListToolsRequest{})
	return err
}
