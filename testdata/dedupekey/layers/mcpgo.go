package layers

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/dedupekey/layers/mw"
	"example.com/dedupekey/store"
)

// ---- A constructor and setters; a closure registers every value. ----

type Handler func(ctx context.Context, args map[string]any) (string, error)

type Tool struct {
	name, desc string
	readOnly   bool
	idempotent bool
	handler    Handler
}

func NewTool(name, desc string, params []string, h Handler) *Tool {
	return &Tool{name: name, desc: desc, handler: h}
}

func (t *Tool) ReadOnly() *Tool { t.readOnly = true; return t }

func (t *Tool) SetIdempotent(v bool) *Tool {
	t.idempotent = v
	return t
}

func send(ctx context.Context, args map[string]any) (string, error) {
	return "", store.Notify(ctx, "http://x") // want `tool "ct_send" is not idempotent but`
}

func sendKeyed(ctx context.Context, args map[string]any) (string, error) {
	if args["idempotency_key"] == nil {
		return "", errors.New("key required")
	}
	return "", store.Notify(ctx, "http://x") // ok: keyed
}

func put(ctx context.Context, args map[string]any) (string, error) {
	return "", led.Insert(ctx, "p") // ok: idempotent by setter
}

func list(ctx context.Context, args map[string]any) (string, error) {
	return "", led.Insert(ctx, "l") // ok for dedupekey: read-only by setter
}

func Tools() []*Tool {
	return []*Tool{
		NewTool("ct_send", "sends", nil, send),
		NewTool("ct_send_keyed", "sends once", nil, sendKeyed),
		NewTool("ct_put", "puts", nil, put).SetIdempotent(true),
		NewTool("ct_list", "lists", nil, list).ReadOnly(),
	}
}

// Serve hands the values to the generic registration: only values that
// reach an SDK registration are tools.
func Serve(s *server.MCPServer) { Register(s, Tools()) }

func Register(s *server.MCPServer, tools []*Tool) {
	for _, t := range tools {
		s.AddTool(mcp.NewTool(t.name,
			mcp.WithDescription(t.desc),
			mcp.WithReadOnlyHintAnnotation(t.readOnly),
			mcp.WithIdempotentHintAnnotation(t.idempotent),
		), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			out, err := t.handler(ctx, req.GetArguments())
			if err != nil {
				return nil, err
			}
			return mcp.NewToolResultText(out), nil
		})
	}
}

// ---- Middleware of another package (facts), stacked. ----

func charge(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, led.Append("mw", 1) // want `tool "mw_charge" is not idempotent`
}

func guarded(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, led.Append("g", 1) // want `tool "mw_guarded" is not idempotent`
}

func setLimit(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, led.Append("s", 1) // ok: idempotent
}

func allow(context.Context) error { return nil }

func RegisterMiddleware(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("mw_charge"), mw.Adapt(mw.Trace("mw_charge", charge)))
	s.AddTool(mcp.NewTool("mw_guarded"), mw.Guard(allow, guarded))
	s.AddTool(mcp.NewTool("mw_set", mcp.WithIdempotentHintAnnotation(true)), mw.Guard(allow, mw.Trace("mw_set", setLimit)))
	// A factory whose function argument is a logger: its closure is the
	// handler, and it writes nothing.
	note := func(text string) { _ = led.Record(text) }
	s.AddTool(mcp.NewTool("mw_static"), mw.Static("hi", note)) // ok: note is not the handler
}

// ---- Middleware of this package, generic. ----

func withRecover[H ~func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error)](h H) H {
	return func(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
		defer func() {
			if recover() != nil {
				err = errors.New("panic")
			}
		}()
		return h(ctx, req)
	}
}

func RegisterLocal(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("lm_write"), withRecover(func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Append("lm", 1) // want `tool "lm_write" is not idempotent`
	}))
	s.AddTool(mcp.NewTool("lm_ro", mcp.WithReadOnlyHintAnnotation(true)), withRecover(func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Append("lm", 1) // ok for dedupekey: read-only
	}))
}

// ---- A hook field called by the registered closure is not a handler. ----

type Options struct {
	OnCall func(ctx context.Context, name string) error
}

func RegisterHooked(s *server.MCPServer, opts Options) {
	s.AddTool(mcp.NewTool("hooked_charge"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if err := opts.OnCall(ctx, "hooked_charge"); err != nil {
			return nil, err
		}
		return nil, led.Append("h", 1) // want `tool "hooked_charge" is not idempotent`
	})
}

var hookOpts = Options{OnCall: func(ctx context.Context, name string) error {
	return led.Append(name, 1) // ok: a hook, not a tool
}}

func viaCharge(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, led.Append("via", 1) // want `tool "mw_via" is not idempotent`
}

func keptCharge(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, led.Append("kept", 1) // ok: the middleware never calls it
}

func RegisterVia(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("mw_via"), mw.Via(viaCharge))
	s.AddTool(mcp.NewTool("mw_kept"), mw.Keep(keptCharge))
}
