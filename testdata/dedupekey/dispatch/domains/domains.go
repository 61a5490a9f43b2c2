// Package domains registers the domain tools (teams-local-mcp's
// internal/server): each verb's handler is wrapped in middleware, some a
// caller passes in.
package domains

import (
	"bytes"
	"context"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/dedupekey/dispatch/mw"
	"example.com/dedupekey/dispatch/ops"
	"example.com/dedupekey/dispatch/verbs"
)

type config struct {
	api      string
	authMW   func(server.ToolHandlerFunc) server.ToolHandlerFunc
	resolve  func(server.ToolHandlerFunc) server.ToolHandlerFunc
	readOnly bool
}

func wrap(c config, name string, h server.ToolHandlerFunc) verbs.Handler {
	return verbs.Handler(c.authMW(c.resolve(mw.Observe(name, mw.Audit(name, h)))))
}

// guard refuses the call in read-only mode, else runs the handler: the
// value is one of two functions.
func guard(readOnly bool, h server.ToolHandlerFunc) server.ToolHandlerFunc {
	if !readOnly {
		return h
	}
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultError("read-only mode"), nil
	}
}

func newList(api string) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		resp, err := http.Get(api + "/messages")
		if err != nil {
			return nil, err
		}
		resp.Body.Close()
		return mcp.NewToolResultText("listed"), nil
	}
}

func newSend(api string) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		body := bytes.NewBufferString(req.GetString("text", ""))
		resp, err := http.Post(api+"/messages", "text/plain", body) // want `tool "chat" is not idempotent but sends an HTTP POST`
		if err != nil {
			return nil, err
		}
		resp.Body.Close()
		return mcp.NewToolResultText("sent"), nil
	}
}

func chatVerbs(c config) []verbs.Verb {
	vs := []verbs.Verb{{
		Name:        "list",
		Handler:     wrap(c, "chat.list", newList(c.api)),
		Annotations: []mcp.ToolOption{mcp.WithReadOnlyHintAnnotation(true)},
	}}
	if !c.readOnly {
		vs = append(vs, verbs.Verb{
			Name:        "send",
			Handler:     wrap(c, "chat.send", guard(c.readOnly, newSend(c.api))),
			Annotations: []mcp.ToolOption{mcp.WithIdempotentHintAnnotation(false)},
		})
	}
	return vs
}

func newStatus() server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("ok"), nil
	}
}

func newVersion() server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("v1"), nil
	}
}

// Register registers the chat tool (one of its verbs posts) and the
// system tool (whose verbs only read), with the caller's auth middleware.
func Register(s *server.MCPServer, api string, readOnly bool, authMW func(server.ToolHandlerFunc) server.ToolHandlerFunc) {
	c := config{api: api, authMW: authMW, resolve: mw.Resolver(map[string]string{}), readOnly: readOnly}
	verbs.RegisterDomain(s, verbs.Config{
		Domain: "chat",
		Verbs:  chatVerbs(c),
		Hints:  []mcp.ToolOption{mcp.WithReadOnlyHintAnnotation(false), mcp.WithIdempotentHintAnnotation(false)},
	})
	// Operations of another package, two of which write: one finding at
	// the registration, for the first.
	verbs.RegisterDomain(s, verbs.Config{ // want `tool "files" is not idempotent but writes a file \(ops.Append\)`
		Domain: "files",
		Verbs: []verbs.Verb{
			{Name: "append", Handler: wrap(c, "files.append", ops.Append)},
			{Name: "touch", Handler: wrap(c, "files.touch", ops.Touch)},
		},
		Hints: []mcp.ToolOption{mcp.WithReadOnlyHintAnnotation(false), mcp.WithIdempotentHintAnnotation(false)},
	})
	// ok: no verb of the system tool has an effect.
	verbs.RegisterDomain(s, verbs.Config{
		Domain: "system",
		Verbs: []verbs.Verb{
			{Name: "status", Handler: wrap(c, "system.status", newStatus())},
			{Name: "version", Handler: wrap(c, "system.version", newVersion())},
		},
		Hints: []mcp.ToolOption{mcp.WithReadOnlyHintAnnotation(false), mcp.WithIdempotentHintAnnotation(false)},
	})
}
