// Package server is a charge server built on the official Go SDK
// (github.com/modelcontextprotocol/go-sdk). It reproduces the seed's setup: a
// tool commits its side effect (a ledger line) early, then takes a long time
// to answer, so a client that times out and retries charges twice.
//
// Each tool shows one way to write the handler; the comments say which ones
// mcpvet's dedupekey analyzer reports.
package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpvet/mcpvet/demo/ledger"
)

// ChargeURIPrefix is the prefix of the resource that reads back a keyed
// charge: ChargeURIPrefix + idempotency key.
const ChargeURIPrefix = "ledger://charges/"

// Config configures the server.
type Config struct {
	Ledger *ledger.Ledger
	// LimitsPath is the JSON file that set_limit rewrites.
	LimitsPath string
	// Delay is how long a charge keeps running after it has been written to
	// the ledger (settlement, notifications, ...): the window in which a
	// client gives up on a call that has already happened.
	Delay time.Duration
}

// ChargeInput is the input of the charge tool.
type ChargeInput struct {
	Account string `json:"account" jsonschema:"the account to charge"`
	Amount  int    `json:"amount" jsonschema:"the amount to charge, in cents"`
}

// KeyedChargeInput is the input of charge_keyed and charge_late_key.
type KeyedChargeInput struct {
	Account        string `json:"account" jsonschema:"the account to charge"`
	Amount         int    `json:"amount" jsonschema:"the amount to charge, in cents"`
	IdempotencyKey string `json:"idempotency_key" jsonschema:"a key made once per logical charge and sent unchanged on every retry"`
}

// Receipt is the structured result of the charge tools.
type Receipt struct {
	Account string `json:"account"`
	Amount  int    `json:"amount"`
	Key     string `json:"key,omitempty"`
	At      string `json:"at"`
	// Replayed is set when the answer comes from an earlier call with the
	// same idempotency key rather than from a new charge.
	Replayed bool `json:"replayed,omitempty"`
}

// BalanceInput is the input of the balance tool.
type BalanceInput struct {
	Account string `json:"account" jsonschema:"the account to read"`
}

// BalanceOutput is the result of the balance tool.
type BalanceOutput struct {
	Account string `json:"account"`
	Balance int    `json:"balance"`
}

// LimitInput is the input of the set_limit tool.
type LimitInput struct {
	Account string `json:"account" jsonschema:"the account to configure"`
	Limit   int    `json:"limit" jsonschema:"the new spending limit, in cents"`
}

type handlers struct {
	led        *ledger.Ledger
	delay      time.Duration
	limitsPath string

	keyMu sync.Mutex // serializes the Lookup-then-Append of keyed charges

	limitsMu sync.Mutex
	limits   map[string]int
}

// New returns a server with the charge tools registered.
func New(cfg Config) (*mcp.Server, error) {
	h := &handlers{
		led:        cfg.Ledger,
		delay:      cfg.Delay,
		limitsPath: cfg.LimitsPath,
		limits:     make(map[string]int),
	}
	if err := h.loadLimits(); err != nil {
		return nil, err
	}

	s := mcp.NewServer(&mcp.Implementation{Name: "chargeserver", Version: "v0.1.0"}, nil)

	// The seed's tool. No annotations: the spec defaults apply, so charge
	// is declared not idempotent, and it is not.
	mcp.AddTool(s, &mcp.Tool{
		Name:        "charge",
		Description: "Charge an account. Not idempotent: every call is a new charge.",
	}, h.charge)

	// The cure: the caller names the logical charge, and the handler looks
	// the name up before charging. Left without annotations on purpose, so
	// that mcpvet has to recognize the key check itself.
	mcp.AddTool(s, &mcp.Tool{
		Name:        "charge_keyed",
		Description: "Charge an account at most once per idempotency_key.",
	}, h.chargeKeyed)

	// Takes a key, but consults it only after charging.
	mcp.AddTool(s, &mcp.Tool{
		Name:        "charge_late_key",
		Description: "Charge an account; reports whether idempotency_key was seen before.",
	}, h.chargeLateKey)

	mcp.AddTool(s, &mcp.Tool{
		Name:        "balance",
		Description: "Read the balance of an account.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true},
	}, h.balance)

	// Overwrites a file with the same content for the same input: retrying
	// it is harmless, and the annotation says so.
	mcp.AddTool(s, &mcp.Tool{
		Name:        "set_limit",
		Description: "Set the spending limit of an account.",
		Annotations: &mcp.ToolAnnotations{IdempotentHint: true},
	}, h.setLimit)

	// A raw handler: the SDK does no unmarshaling or validation for it.
	s.AddTool(&mcp.Tool{
		Name:        "refund",
		Description: "Refund an amount to an account. Not idempotent.",
		InputSchema: json.RawMessage(`{
			"type": "object",
			"properties": {
				"account": {"type": "string"},
				"amount": {"type": "integer", "minimum": 1}
			},
			"required": ["account", "amount"]
		}`),
	}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var in struct {
			Account string `json:"account"`
			Amount  int    `json:"amount"`
		}
		if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
			return toolError(fmt.Errorf("invalid arguments: %v", err)), nil
		}
		if in.Account == "" || in.Amount <= 0 {
			return toolError(errors.New("account and a positive amount are required")), nil
		}
		e := ledger.Entry{Tool: "refund", Account: in.Account, Amount: -in.Amount, At: time.Now().UTC()}
		if err := h.led.Append(e); err != nil { // expect: dedupekey
			return nil, err
		}
		time.Sleep(h.delay)
		return &mcp.CallToolResult{
			Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf("refunded %d to %s", in.Amount, in.Account)}},
		}, nil
	})

	// Read-back: the state a client consults before re-sending a keyed
	// charge whose first attempt went unanswered.
	s.AddResourceTemplate(&mcp.ResourceTemplate{
		Name:        "charge",
		Description: "The charge recorded under an idempotency key.",
		URITemplate: ChargeURIPrefix + "{key}",
		MIMEType:    "application/json",
	}, h.readCharge)

	return s, nil
}

// charge is the seed's bug: the ledger line is written first, then the call
// takes h.delay to finish. A client that times out in between and retries
// charges the account a second time.
func (h *handlers) charge(ctx context.Context, req *mcp.CallToolRequest, in ChargeInput) (*mcp.CallToolResult, Receipt, error) {
	if in.Account == "" || in.Amount <= 0 {
		return nil, Receipt{}, errors.New("account and a positive amount are required")
	}
	e := ledger.Entry{Tool: "charge", Account: in.Account, Amount: in.Amount, At: time.Now().UTC()}
	if err := h.led.Append(e); err != nil { // expect: dedupekey
		return nil, Receipt{}, err
	}
	// The charge is committed. Cancelling ctx from here on does not undo it,
	// which is why this handler does not even look at ctx.
	time.Sleep(h.delay)
	return nil, receipt(e, false), nil
}

// chargeKeyed is the fix: reject a call without a key, answer a repeated key
// with the original charge, and only then write.
func (h *handlers) chargeKeyed(ctx context.Context, req *mcp.CallToolRequest, in KeyedChargeInput) (*mcp.CallToolResult, Receipt, error) {
	if in.IdempotencyKey == "" {
		return nil, Receipt{}, errors.New("idempotency_key is required")
	}
	if in.Account == "" || in.Amount <= 0 {
		return nil, Receipt{}, errors.New("account and a positive amount are required")
	}

	h.keyMu.Lock()
	if prev, ok := h.led.Lookup(in.IdempotencyKey); ok {
		h.keyMu.Unlock()
		return nil, receipt(prev, true), nil
	}
	e := ledger.Entry{Key: in.IdempotencyKey, Tool: "charge_keyed", Account: in.Account, Amount: in.Amount, At: time.Now().UTC()}
	err := h.led.Append(e)
	h.keyMu.Unlock()
	if err != nil {
		return nil, Receipt{}, err
	}

	time.Sleep(h.delay)
	return nil, receipt(e, false), nil
}

// chargeLateKey accepts an idempotency key but looks at it only after the
// ledger line is written. The check can tell a retry that it is a duplicate;
// it cannot stop the duplicate charge, which has already happened.
func (h *handlers) chargeLateKey(ctx context.Context, req *mcp.CallToolRequest, in KeyedChargeInput) (*mcp.CallToolResult, Receipt, error) {
	if in.Account == "" || in.Amount <= 0 {
		return nil, Receipt{}, errors.New("account and a positive amount are required")
	}
	e := ledger.Entry{Tool: "charge_late_key", Account: in.Account, Amount: in.Amount, At: time.Now().UTC()}
	if err := h.led.Append(e); err != nil { // expect: dedupekey
		return nil, Receipt{}, err
	}
	time.Sleep(h.delay)

	if in.IdempotencyKey == "" {
		return nil, Receipt{}, errors.New("idempotency_key is required")
	}
	if prev, ok := h.led.Lookup(in.IdempotencyKey); ok {
		return nil, receipt(prev, true), nil
	}
	return nil, receipt(e, false), nil
}

func (h *handlers) balance(ctx context.Context, req *mcp.CallToolRequest, in BalanceInput) (*mcp.CallToolResult, BalanceOutput, error) {
	return nil, BalanceOutput{Account: in.Account, Balance: h.led.Balance(in.Account)}, nil
}

// setLimit rewrites the whole limits file. Calling it twice with the same
// input leaves the same file behind.
func (h *handlers) setLimit(ctx context.Context, req *mcp.CallToolRequest, in LimitInput) (*mcp.CallToolResult, any, error) {
	if in.Account == "" || in.Limit < 0 {
		return nil, nil, errors.New("account and a non-negative limit are required")
	}
	h.limitsMu.Lock()
	defer h.limitsMu.Unlock()
	h.limits[in.Account] = in.Limit
	data, err := json.MarshalIndent(h.limits, "", "  ")
	if err != nil {
		return nil, nil, err
	}
	if err := os.WriteFile(h.limitsPath, data, 0o644); err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{
		Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf("limit of %s set to %d", in.Account, in.Limit)}},
	}, nil, nil
}

func (h *handlers) readCharge(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	uri := req.Params.URI
	e, ok := h.led.Lookup(strings.TrimPrefix(uri, ChargeURIPrefix))
	if !ok {
		return nil, mcp.ResourceNotFoundError(uri)
	}
	data, err := json.Marshal(receipt(e, true))
	if err != nil {
		return nil, err
	}
	return &mcp.ReadResourceResult{
		Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: "application/json", Text: string(data)}},
	}, nil
}

func (h *handlers) loadLimits() error {
	if h.limitsPath == "" {
		return errors.New("LimitsPath is required")
	}
	data, err := os.ReadFile(h.limitsPath)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, &h.limits); err != nil {
		return fmt.Errorf("%s: %v", h.limitsPath, err)
	}
	if h.limits == nil { // the file held "null"
		h.limits = make(map[string]int)
	}
	return nil
}

func receipt(e ledger.Entry, replayed bool) Receipt {
	return Receipt{
		Account:  e.Account,
		Amount:   e.Amount,
		Key:      e.Key,
		At:       e.At.Format(time.RFC3339Nano),
		Replayed: replayed,
	}
}

func toolError(err error) *mcp.CallToolResult {
	return &mcp.CallToolResult{
		Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}},
		IsError: true,
	}
}
