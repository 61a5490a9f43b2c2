// Package gosdkserver registers a charge tool that appends to a ledger
// before it reads any key, on go-sdk servers with and without the idem
// middleware in front of their tools.
package gosdkserver

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpvet/mcpvet/idem"
	"github.com/mcpvet/mcpvet/idem/gosdk"

	"example.com/idem/ledger"
)

type ChargeIn struct {
	Account string `json:"account"`
	Amount  int    `json:"amount"`
}

func impl() *mcp.Implementation { return &mcp.Implementation{Name: "charge", Version: "v0"} }

// Plain is the positive twin of Installed: no middleware.
func Plain() *mcp.Server {
	s := mcp.NewServer(impl(), nil)
	mcp.AddTool(s, &mcp.Tool{Name: "charge"}, func(ctx context.Context, req *mcp.CallToolRequest, in ChargeIn) (*mcp.CallToolResult, any, error) {
		if err := ledger.Append(in.Account, in.Amount); err != nil { // want `tool "charge" is not idempotent but writes a file`
			return nil, nil, err
		}
		return &mcp.CallToolResult{}, nil, nil
	})
	return s
}

// Installed: gosdk.Install puts the middleware in front of every tool of
// s, which dedupes keyed calls before the handler runs.
func Installed(store idem.Store) *mcp.Server {
	s := mcp.NewServer(impl(), nil)
	gosdk.Install(s, store, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "charge_installed"}, func(ctx context.Context, req *mcp.CallToolRequest, in ChargeIn) (*mcp.CallToolResult, any, error) {
		if err := ledger.Append(in.Account, in.Amount); err != nil { // ok: behind the idem middleware
			return nil, nil, err
		}
		return &mcp.CallToolResult{}, nil, nil
	})
	return s
}

func chargeHandler(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := ledger.Append("a", 1); err != nil { // ok: registered only behind the middleware (Receiving)
		return nil, err
	}
	return &mcp.CallToolResult{}, nil
}

// Receiving adds the middleware itself, after the tool, with another one.
func Receiving(store idem.Store, logging mcp.Middleware) *mcp.Server {
	s := mcp.NewServer(impl(), nil)
	s.AddTool(&mcp.Tool{Name: "charge_method", InputSchema: map[string]any{"type": "object"}}, chargeHandler)
	mw := gosdk.Middleware(idem.NewGuard(store, nil))
	s.AddReceivingMiddleware(logging, mw)
	return s
}

// OtherMiddleware installs a middleware that is not idem's.
func OtherMiddleware(logging mcp.Middleware) *mcp.Server {
	s := mcp.NewServer(impl(), nil)
	s.AddReceivingMiddleware(logging)
	mcp.AddTool(s, &mcp.Tool{Name: "charge_logged"}, func(ctx context.Context, req *mcp.CallToolRequest, in ChargeIn) (*mcp.CallToolResult, any, error) {
		if err := ledger.Append(in.Account, in.Amount); err != nil { // want `tool "charge_logged" is not idempotent`
			return nil, nil, err
		}
		return &mcp.CallToolResult{}, nil, nil
	})
	return s
}

// TwoServers installs idem on one server and registers on the other.
func TwoServers(store idem.Store) (*mcp.Server, *mcp.Server) {
	a := mcp.NewServer(impl(), nil)
	b := mcp.NewServer(impl(), nil)
	gosdk.Install(a, store, nil)
	mcp.AddTool(b, &mcp.Tool{Name: "charge_other"}, func(ctx context.Context, req *mcp.CallToolRequest, in ChargeIn) (*mcp.CallToolResult, any, error) {
		if err := ledger.Append(in.Account, in.Amount); err != nil { // want `tool "charge_other" is not idempotent`
			return nil, nil, err
		}
		return &mcp.CallToolResult{}, nil, nil
	})
	return a, b
}

// New installs idem and registers the tools in a helper.
func New(store idem.Store) *mcp.Server {
	s := mcp.NewServer(impl(), nil)
	gosdk.Install(s, store, nil)
	addTools(s)
	return s
}

func addTools(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "charge_helper"}, func(ctx context.Context, req *mcp.CallToolRequest, in ChargeIn) (*mcp.CallToolResult, any, error) {
		if err := ledger.Append(in.Account, in.Amount); err != nil { // ok: every server addTools is given has the middleware
			return nil, nil, err
		}
		return &mcp.CallToolResult{}, nil, nil
	})
}

// NewPlain registers through a helper that is also given a server without
// the middleware.
func NewPlain(store idem.Store) (*mcp.Server, *mcp.Server) {
	a := mcp.NewServer(impl(), nil)
	gosdk.Install(a, store, nil)
	addSome(a)
	b := mcp.NewServer(impl(), nil)
	addSome(b)
	return a, b
}

func addSome(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "charge_some"}, func(ctx context.Context, req *mcp.CallToolRequest, in ChargeIn) (*mcp.CallToolResult, any, error) {
		if err := ledger.Append(in.Account, in.Amount); err != nil { // want `tool "charge_some" is not idempotent`
			return nil, nil, err
		}
		return &mcp.CallToolResult{}, nil, nil
	})
}

// App keeps its server in a field; its constructor installs idem on it.
type App struct {
	srv *mcp.Server
}

func NewApp(store idem.Store) *App {
	a := &App{srv: mcp.NewServer(impl(), nil)}
	gosdk.Install(a.srv, store, nil)
	a.register()
	return a
}

func (a *App) register() {
	mcp.AddTool(a.srv, &mcp.Tool{Name: "charge_app"}, func(ctx context.Context, req *mcp.CallToolRequest, in ChargeIn) (*mcp.CallToolResult, any, error) {
		if err := ledger.Append(in.Account, in.Amount); err != nil { // ok: a.srv has the middleware
			return nil, nil, err
		}
		return &mcp.CallToolResult{}, nil, nil
	})
}

// Register is given a server from elsewhere and installs idem on it first.
func Register(s *mcp.Server, store idem.Store) {
	gosdk.Install(s, store, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "charge_param"}, func(ctx context.Context, req *mcp.CallToolRequest, in ChargeIn) (*mcp.CallToolResult, any, error) {
		if err := ledger.Append(in.Account, in.Amount); err != nil { // ok: the same server value
			return nil, nil, err
		}
		return &mcp.CallToolResult{}, nil, nil
	})
}

// RegisterPlain is given a server from elsewhere, which may have no
// middleware.
func RegisterPlain(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "charge_exported"}, func(ctx context.Context, req *mcp.CallToolRequest, in ChargeIn) (*mcp.CallToolResult, any, error) {
		if err := ledger.Append(in.Account, in.Amount); err != nil { // want `tool "charge_exported" is not idempotent`
			return nil, nil, err
		}
		return &mcp.CallToolResult{}, nil, nil
	})
}

// WithHelper installs idem through a helper of its own.
func WithHelper(store idem.Store) *mcp.Server {
	s := mcp.NewServer(impl(), nil)
	withIdem(s, store)
	mcp.AddTool(s, &mcp.Tool{Name: "charge_withidem"}, func(ctx context.Context, req *mcp.CallToolRequest, in ChargeIn) (*mcp.CallToolResult, any, error) {
		if err := ledger.Append(in.Account, in.Amount); err != nil { // ok: withIdem installed the middleware on s
			return nil, nil, err
		}
		return &mcp.CallToolResult{}, nil, nil
	})
	return s
}

func withIdem(s *mcp.Server, store idem.Store) {
	gosdk.Install(s, store, nil)
}
