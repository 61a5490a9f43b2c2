// Package server is the demo's mcp-go charge server, fixed with idem: the
// charge handler is the demo's buggy one, and the server runs it through
// the idem middleware.
package server

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/mcpvet/mcpvet/demo/ledger"
	"github.com/mcpvet/mcpvet/idem"
	"github.com/mcpvet/mcpvet/idem/mcpgo"
)

// Config configures the server.
type Config struct {
	Ledger *ledger.Ledger
	// Store records the keyed calls.
	Store idem.Store
	// Delay is how long a charge keeps running after its ledger line.
	Delay time.Duration
}

// New returns the server, with the idem middleware and status resource.
func New(cfg Config) *server.MCPServer {
	s := server.NewMCPServer("chargeserver-mcpgo-fixed", "0.1.0", server.WithToolCapabilities(false))
	mcpgo.Install(s, cfg.Store, nil) // the fix: one line, before serving

	s.AddTool(mcp.NewTool("charge",
		mcp.WithDescription("Charge an account. Send an idempotency key in _meta (idempotency_key) to make a retry safe."),
		mcp.WithString("account", mcp.Required(), mcp.Description("the account to charge")),
		mcp.WithNumber("amount", mcp.Required(), mcp.Description("the amount to charge, in cents")),
	), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		account, err := req.RequireString("account")
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		amount, err := req.RequireFloat("amount")
		if err != nil || amount <= 0 {
			return mcp.NewToolResultError("a positive amount is required"), nil
		}
		key, _ := idem.KeyFromContext(ctx)
		e := ledger.Entry{Key: key, Tool: "charge", Account: account, Amount: int(amount), At: time.Now().UTC()}
		if err := cfg.Ledger.Append(e); err != nil {
			return nil, err
		}
		time.Sleep(cfg.Delay)
		data, _ := json.Marshal(e)
		return mcp.NewToolResultText(fmt.Sprintf("charged %d to %s: %s", e.Amount, e.Account, data)), nil
	})
	return s
}
