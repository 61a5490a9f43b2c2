// Package clientkeys retries charge calls with keys made per attempt and
// through the idem helper, which makes one key per logical call.
package clientkeys

import (
	"context"
	"crypto/rand"

	mcpgoclient "github.com/mark3labs/mcp-go/client"
	mcpgomcp "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpvet/mcpvet/idem/gosdk"
	"github.com/mcpvet/mcpvet/idem/mcpgo"
)

// FreshKey makes a key per attempt of its own loop: the positive twin of
// Helper.
func FreshKey(ctx context.Context, cs *mcp.ClientSession) error {
	var err error
	for range 3 {
		p := &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"amount": 1}}
		p.Meta = mcp.Meta{"idempotency_key": rand.Text()} // want `idempotency key "idempotency_key" is made anew on every attempt`
		if _, err = cs.CallTool(ctx, p); err == nil {
			return nil
		}
	}
	return err
}

// Helper loops around the helper, which makes the key (once per logical
// call) and reads back before any resend.
func Helper(ctx context.Context, cs *mcp.ClientSession) error {
	var err error
	for range 3 {
		if _, err = gosdk.CallTool(ctx, cs, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"amount": 1}}, nil); err == nil { // ok
			return nil
		}
	}
	return err
}

// HelperCall keeps one Call across attempts.
func HelperCall(ctx context.Context, cs *mcp.ClientSession) error {
	call := gosdk.NewCall(&mcp.CallToolParams{Name: "charge"}, nil)
	var err error
	for range 3 {
		if _, err = call.Do(ctx, cs); err == nil { // ok
			return nil
		}
	}
	return err
}

// HelperMCPGo loops around the mcp-go helper.
func HelperMCPGo(ctx context.Context, c *mcpgoclient.Client) error {
	var req mcpgomcp.CallToolRequest
	req.Params.Name = "charge"
	var err error
	for range 3 {
		if _, err = mcpgo.NewCall(req, nil).Do(ctx, c); err == nil { // ok
			return nil
		}
	}
	return err
}

// FreshKeyHelper hands the helper a key made per attempt of its own loop:
// the helper keeps a key it is given, so each attempt is a new call.
func FreshKeyHelper(ctx context.Context, cs *mcp.ClientSession) error {
	var err error
	for range 3 {
		p := &mcp.CallToolParams{Name: "charge", Meta: mcp.Meta{"idempotency_key": rand.Text()}} // want `idempotency key "idempotency_key" is made anew on every attempt`
		if _, err = gosdk.CallTool(ctx, cs, p, nil); err == nil {
			return nil
		}
	}
	return err
}
