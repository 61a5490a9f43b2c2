// Package server is the charge server again, built on
// github.com/mark3labs/mcp-go. Tools are declared with mcp.NewTool, whose
// defaults are the spec's: not read-only, destructive, not idempotent.
// Handlers read their arguments from the request (GetString, RequireFloat,
// ...) instead of from a typed struct.
package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/mcpvet/mcpvet/demo/ledger"
)

// Config configures the server.
type Config struct {
	Ledger *ledger.Ledger
	// LimitsPath is the JSON file that set_limit rewrites.
	LimitsPath string
	// Delay is how long a charge keeps running after it is written.
	Delay time.Duration
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
func New(cfg Config) (*server.MCPServer, error) {
	h := &handlers{
		led:        cfg.Ledger,
		delay:      cfg.Delay,
		limitsPath: cfg.LimitsPath,
		limits:     make(map[string]int),
	}
	if err := h.loadLimits(); err != nil {
		return nil, err
	}

	s := server.NewMCPServer("chargeserver-mcpgo", "0.1.0", server.WithToolCapabilities(false))

	s.AddTool(mcp.NewTool("charge",
		mcp.WithDescription("Charge an account. Not idempotent: every call is a new charge."),
		mcp.WithString("account", mcp.Required(), mcp.Description("the account to charge")),
		mcp.WithNumber("amount", mcp.Required(), mcp.Description("the amount to charge, in cents")),
	), h.charge)

	s.AddTool(mcp.NewTool("charge_keyed",
		mcp.WithDescription("Charge an account at most once per idempotency_key."),
		mcp.WithString("account", mcp.Required(), mcp.Description("the account to charge")),
		mcp.WithNumber("amount", mcp.Required(), mcp.Description("the amount to charge, in cents")),
		mcp.WithString("idempotency_key", mcp.Required(),
			mcp.Description("a key made once per logical charge and sent unchanged on every retry")),
	), h.chargeKeyed)

	s.AddTool(mcp.NewTool("set_limit",
		mcp.WithDescription("Set the spending limit of an account."),
		mcp.WithString("account", mcp.Required(), mcp.Description("the account to configure")),
		mcp.WithNumber("limit", mcp.Required(), mcp.Description("the new spending limit, in cents")),
		mcp.WithIdempotentHintAnnotation(true),
	), h.setLimit)

	s.AddTool(mcp.NewTool("balance",
		mcp.WithDescription("Read the balance of an account."),
		mcp.WithString("account", mcp.Required(), mcp.Description("the account to read")),
		mcp.WithReadOnlyHintAnnotation(true),
	), h.balance)

	// Tools registered through a local helper, as many servers do.
	mustTool(s, "refund", "Refund an amount to an account. Not idempotent.",
		func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			account, err := request.RequireString("account")
			if err != nil {
				return mcp.NewToolResultError(err.Error()), nil
			}
			amount, err := request.RequireFloat("amount")
			if err != nil {
				return mcp.NewToolResultError(err.Error()), nil
			}
			e := ledger.Entry{Tool: "refund", Account: account, Amount: -int(amount), At: time.Now().UTC()}
			if err := h.led.Append(e); err != nil { // expect: dedupekey
				return mcp.NewToolResultErrorFromErr("refund failed", err), nil
			}
			time.Sleep(h.delay)
			return mcp.NewToolResultText(fmt.Sprintf("refunded %d to %s", int(amount), account)), nil
		},
		mcp.WithString("account", mcp.Required()),
		mcp.WithNumber("amount", mcp.Required()),
	)

	mustTool(s, "refund_keyed", "Refund an amount to an account at most once per idempotency_key.",
		func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			key, err := request.RequireString("idempotency_key")
			if err != nil {
				return mcp.NewToolResultError(err.Error()), nil
			}
			account, err := request.RequireString("account")
			if err != nil {
				return mcp.NewToolResultError(err.Error()), nil
			}
			amount, err := request.RequireFloat("amount")
			if err != nil {
				return mcp.NewToolResultError(err.Error()), nil
			}

			h.keyMu.Lock()
			defer h.keyMu.Unlock()
			if prev, ok := h.led.Lookup(key); ok {
				return mcp.NewToolResultText(fmt.Sprintf("already refunded %d to %s", -prev.Amount, prev.Account)), nil
			}
			e := ledger.Entry{Key: key, Tool: "refund_keyed", Account: account, Amount: -int(amount), At: time.Now().UTC()}
			if err := h.led.Append(e); err != nil {
				return mcp.NewToolResultErrorFromErr("refund failed", err), nil
			}
			return mcp.NewToolResultText(fmt.Sprintf("refunded %d to %s", int(amount), account)), nil
		},
		mcp.WithString("account", mcp.Required()),
		mcp.WithNumber("amount", mcp.Required()),
		mcp.WithString("idempotency_key", mcp.Required()),
	)

	return s, nil
}

// mustTool declares a tool and registers its handler in one step, with the
// description first and any schema or annotation options after it.
func mustTool(s *server.MCPServer, name, desc string, h server.ToolHandlerFunc, opts ...mcp.ToolOption) {
	if s.GetTool(name) != nil {
		panic(fmt.Sprintf("tool %q registered twice", name))
	}
	opts = append([]mcp.ToolOption{mcp.WithDescription(desc)}, opts...)
	s.AddTool(mcp.NewTool(name, opts...), h)
}

// charge is the seed's bug again: write first, then take h.delay to answer.
func (h *handlers) charge(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	account := request.GetString("account", "")
	amount, err := request.RequireFloat("amount")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	if account == "" || amount <= 0 {
		return mcp.NewToolResultError("account and a positive amount are required"), nil
	}
	e := ledger.Entry{Tool: "charge", Account: account, Amount: int(amount), At: time.Now().UTC()}
	if err := h.led.Append(e); err != nil { // expect: dedupekey
		return mcp.NewToolResultErrorFromErr("charge failed", err), nil
	}
	time.Sleep(h.delay)
	return mcp.NewToolResultText(fmt.Sprintf("charged %d to %s", e.Amount, e.Account)), nil
}

// chargeKeyed requires an idempotency key and consults the ledger's key index
// before writing.
func (h *handlers) chargeKeyed(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	key, err := request.RequireString("idempotency_key")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	account := request.GetString("account", "")
	amount, err := request.RequireFloat("amount")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	if key == "" || account == "" || amount <= 0 {
		return mcp.NewToolResultError("idempotency_key, account and a positive amount are required"), nil
	}

	h.keyMu.Lock()
	if prev, ok := h.led.Lookup(key); ok {
		h.keyMu.Unlock()
		return mcp.NewToolResultText(fmt.Sprintf("charged %d to %s (replayed)", prev.Amount, prev.Account)), nil
	}
	e := ledger.Entry{Key: key, Tool: "charge_keyed", Account: account, Amount: int(amount), At: time.Now().UTC()}
	err = h.led.Append(e)
	h.keyMu.Unlock()
	if err != nil {
		return mcp.NewToolResultErrorFromErr("charge failed", err), nil
	}

	time.Sleep(h.delay)
	return mcp.NewToolResultText(fmt.Sprintf("charged %d to %s", e.Amount, e.Account)), nil
}

// setLimit rewrites the whole limits file: the same input leaves the same file.
func (h *handlers) setLimit(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	account, err := request.RequireString("account")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	limit, err := request.RequireFloat("limit")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}

	h.limitsMu.Lock()
	defer h.limitsMu.Unlock()
	h.limits[account] = int(limit)
	data, err := json.MarshalIndent(h.limits, "", "  ")
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(h.limitsPath, data, 0o644); err != nil {
		return mcp.NewToolResultErrorFromErr("set_limit failed", err), nil
	}
	return mcp.NewToolResultText(fmt.Sprintf("limit of %s set to %d", account, int(limit))), nil
}

func (h *handlers) balance(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	account, err := request.RequireString("account")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText(fmt.Sprintf("%s: %d", account, h.led.Balance(account))), nil
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
