// Package client is the demo's retrying client, fixed with idem: one key
// per logical charge, sent with every attempt, and the outcome read back
// before anything is sent again.
package client

import (
	"context"
	"encoding/json"
	"errors"
	"os/exec"
	"time"

	mcpgoclient "github.com/mark3labs/mcp-go/client"
	mcpgomcp "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpvet/mcpvet/demo/fixed/gosdk/server"
	"github.com/mcpvet/mcpvet/idem"
	"github.com/mcpvet/mcpvet/idem/gosdk"
	"github.com/mcpvet/mcpvet/idem/mcpgo"
)

// Charge charges an account once, however the attempts go: it replaces
// the demo's RetryOnTimeout. timeout bounds each attempt.
func Charge(ctx context.Context, cs *mcp.ClientSession, timeout time.Duration, account string, amount int) (*mcp.CallToolResult, error) {
	return gosdk.CallTool(ctx, cs, &mcp.CallToolParams{
		Name:      "charge",
		Arguments: map[string]any{"account": account, "amount": amount},
	}, &gosdk.CallOptions{ClientOptions: idem.ClientOptions{AttemptTimeout: timeout}})
}

// RestartAndResend is the demo's scenario 2, fixed: the call keeps its key
// across the restart of the server, and after the restart the helper reads
// the outcome back (the status resource, then the ledger) before it sends
// anything.
func RestartAndResend(ctx context.Context, c *mcp.Client, serverPath string, account string, amount int) (*mcp.CallToolResult, error) {
	call := gosdk.NewCall(&mcp.CallToolParams{
		Name:      "charge",
		Arguments: map[string]any{"account": account, "amount": amount},
	}, &gosdk.CallOptions{ReadBack: ReadCharge})
	cs, err := c.Connect(ctx, &mcp.CommandTransport{Command: exec.Command(serverPath)}, nil)
	if err != nil {
		return nil, err
	}
	res, err := call.Do(ctx, cs)
	if errors.Is(err, idem.ErrUnreachable) {
		// The server died; the spec says restart it. The same Call reads
		// back before it sends again.
		_ = cs.Close()
		if cs, err = c.Connect(ctx, &mcp.CommandTransport{Command: exec.Command(serverPath)}, nil); err != nil {
			return nil, err
		}
		res, err = call.Do(ctx, cs)
	}
	if cerr := cs.Close(); err == nil && cerr != nil {
		err = cerr
	}
	return res, err
}

// ReadCharge is a read-back for the helper: it finds the charge made under
// key in the ledger, through the server's ledger://charges/{key} resource.
func ReadCharge(ctx context.Context, cs *mcp.ClientSession, key string) (*mcp.CallToolResult, bool, error) {
	rr, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: server.ChargeURIPrefix + key})
	var je *jsonrpc.Error
	if errors.As(err, &je) && je.Code == jsonrpc.CodeInvalidParams { // not found
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	var r server.Receipt
	if len(rr.Contents) == 0 || json.Unmarshal([]byte(rr.Contents[0].Text), &r) != nil {
		return nil, false, errors.New("bad charge resource")
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: rr.Contents[0].Text}}, StructuredContent: r}, true, nil
}

// ChargeMCPGo is Charge with the mcp-go client: it replaces the demo's
// RetryMCPGo.
func ChargeMCPGo(ctx context.Context, c *mcpgoclient.Client, account string, amount int) (*mcpgomcp.CallToolResult, error) {
	var req mcpgomcp.CallToolRequest
	req.Params.Name = "charge"
	req.Params.Arguments = map[string]any{"account": account, "amount": amount}
	return mcpgo.CallTool(ctx, c, req, &mcpgo.CallOptions{ClientOptions: idem.ClientOptions{AttemptTimeout: time.Second}})
}

// NewClient returns the client the examples use.
func NewClient() *mcp.Client {
	return mcp.NewClient(&mcp.Implementation{Name: "chargeclient-fixed", Version: "v0.1.0"}, nil)
}
