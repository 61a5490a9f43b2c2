// Package remote declares handlers registered by another package.
package remote

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/toolhints/store"
)

type In struct {
	Account string `json:"account"`
}

var led = &store.Ledger{Path: "ledger"}

// Log appends: registered read-only elsewhere.
func Log(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	return nil, nil, led.Append(in.Account)
}

// Show only reads.
func Show(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	_, err := store.Read("ledger")
	return nil, nil, err
}

// Record appends a line the ledger service drops when repeated.
//
//mcpvet:idempotent the ledger service drops repeated lines
func Record(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	return nil, nil, led.Append(in.Account)
}

// RecordPlain is Record without the directive.
func RecordPlain(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	return nil, nil, led.Append(in.Account)
}
