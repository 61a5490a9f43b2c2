// Package server is the demo's go-sdk charge server, fixed with idem: the
// charge handler is the demo's buggy one (it writes the ledger line first,
// then takes a while), and the server runs it through the idem middleware,
// which runs it at most once per idempotency key and answers a repeated key
// with the recorded result.
package server

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpvet/mcpvet/demo/ledger"
	"github.com/mcpvet/mcpvet/idem"
	"github.com/mcpvet/mcpvet/idem/gosdk"
)

// ChargeURIPrefix + idempotency key is the resource that reads a charge
// back from the ledger.
const ChargeURIPrefix = "ledger://charges/"

// Config configures the server.
type Config struct {
	Ledger *ledger.Ledger
	// Store records the keyed calls: sqlitestore for a server that must
	// remember them across restarts.
	Store idem.Store
	// Delay is how long a charge keeps running after its ledger line.
	Delay time.Duration
}

// ChargeInput is the input of the charge tool.
type ChargeInput struct {
	Account string `json:"account" jsonschema:"the account to charge"`
	Amount  int    `json:"amount" jsonschema:"the amount to charge, in cents"`
}

// Receipt is the result of the charge tool.
type Receipt struct {
	Account string `json:"account"`
	Amount  int    `json:"amount"`
	Key     string `json:"key,omitempty"`
	At      string `json:"at"`
}

// New returns the server, with the idem middleware and status resource.
func New(cfg Config) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "chargeserver-fixed", Version: "v0.1.0"}, nil)
	gosdk.Install(s, cfg.Store, nil) // the fix: one line, before the tools

	mcp.AddTool(s, &mcp.Tool{
		Name:        "charge",
		Description: "Charge an account. Send an idempotency key in _meta (idempotency_key) to make a retry safe.",
	}, func(ctx context.Context, req *mcp.CallToolRequest, in ChargeInput) (*mcp.CallToolResult, Receipt, error) {
		if in.Account == "" || in.Amount <= 0 {
			return nil, Receipt{}, errors.New("account and a positive amount are required")
		}
		// Optional: keep the key with the effect, so that a client can find
		// the charge even if this process dies before it answers.
		key, _ := idem.KeyFromContext(ctx)
		e := ledger.Entry{Key: key, Tool: "charge", Account: in.Account, Amount: in.Amount, At: time.Now().UTC()}
		if err := cfg.Ledger.Append(e); err != nil {
			return nil, Receipt{}, err
		}
		time.Sleep(cfg.Delay)
		return nil, receipt(e), nil
	})

	s.AddResourceTemplate(&mcp.ResourceTemplate{
		Name:        "charge",
		Description: "The charge recorded under an idempotency key.",
		URITemplate: ChargeURIPrefix + "{key}",
		MIMEType:    "application/json",
	}, func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		e, ok := cfg.Ledger.Lookup(strings.TrimPrefix(req.Params.URI, ChargeURIPrefix))
		if !ok {
			return nil, mcp.ResourceNotFoundError(req.Params.URI)
		}
		data, err := json.Marshal(receipt(e))
		if err != nil {
			return nil, err
		}
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "application/json", Text: string(data)}}}, nil
	})
	return s
}

func receipt(e ledger.Entry) Receipt {
	return Receipt{Account: e.Account, Amount: e.Amount, Key: e.Key, At: e.At.Format(time.RFC3339Nano)}
}
