package layers

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/dedupekey/layers/mw"
)

// ---- Wrapped handlers kept in a registration's options struct. ----

type regOpts struct {
	Handler server.ToolHandlerFunc
}

type regOpt func(*regOpts)

func withHandler(h server.ToolHandlerFunc) regOpt { return func(o *regOpts) { o.Handler = h } }

func newRegOpts(opts ...regOpt) *regOpts {
	o := &regOpts{}
	for _, opt := range opts {
		opt(o)
	}
	return o
}

func optCharge(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, led.Append("opt", 1) // want `tool "opt_charge" is not idempotent`
}

func optRecovered(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, led.Append("opt", 1) // want `tool "opt_recovered" is not idempotent`
}

func RegisterOpts(s *server.MCPServer) {
	// Another package's middleware: its WrapsHandler fact names the
	// handler it captured.
	charge := newRegOpts(withHandler(mw.Adapt(mw.Trace("opt_charge", optCharge))))
	s.AddTool(mcp.NewTool("opt_charge"), charge.Handler)
	// This package's generic middleware.
	recovered := newRegOpts(withHandler(withRecover(optRecovered)))
	s.AddTool(mcp.NewTool("opt_recovered"), recovered.Handler)
	// ok: the function Static takes is a logger, not the handler.
	note := func(text string) { _ = led.Record(text) }
	static := newRegOpts(withHandler(mw.Static("hi", note)))
	s.AddTool(mcp.NewTool("opt_static"), static.Handler)
}
