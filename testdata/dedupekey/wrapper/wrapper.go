// Package wrapper registers tools through its own wrappers, as real
// servers do.
package wrapper

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/store"
)

var led = &store.Ledger{Path: "ledger"}

// ---- A generic NewTool[In, Out](tool, handler) over go-sdk. ----

type ServerTool struct {
	Tool     *gomcp.Tool
	Register func(*gomcp.Server)
}

func NewTool[In, Out any](tool *gomcp.Tool, h gomcp.ToolHandlerFor[In, Out]) ServerTool {
	return ServerTool{Tool: tool, Register: func(s *gomcp.Server) { gomcp.AddTool(s, tool, h) }}
}

type In struct {
	Account string `json:"account"`
	Key     string `json:"idempotencyKey"`
}

func Tools() []ServerTool {
	return []ServerTool{
		NewTool(&gomcp.Tool{Name: "w_charge"}, func(ctx context.Context, req *gomcp.CallToolRequest, in In) (*gomcp.CallToolResult, any, error) {
			return nil, nil, led.Append(in.Account, 1) // want `tool "w_charge" is not idempotent`
		}),
		NewTool(&gomcp.Tool{Name: "w_keyed"}, func(ctx context.Context, req *gomcp.CallToolRequest, in In) (*gomcp.CallToolResult, any, error) {
			if in.Key == "" {
				return nil, nil, context.Canceled
			}
			return nil, nil, led.Append(in.Account, 1) // ok: keyed
		}),
		NewTool(&gomcp.Tool{Name: "w_ro", Annotations: &gomcp.ToolAnnotations{ReadOnlyHint: true}}, func(ctx context.Context, req *gomcp.CallToolRequest, in In) (*gomcp.CallToolResult, any, error) {
			return nil, nil, nil
		}),
		// A factory: the wrapper's own signature, returning the handler.
		NewFactoryTool(gomcp.Tool{Name: "w_factory"}, func(deps *store.Ledger) gomcp.ToolHandlerFor[In, any] {
			return func(ctx context.Context, req *gomcp.CallToolRequest, in In) (*gomcp.CallToolResult, any, error) {
				return nil, nil, deps.Insert(ctx, in.Account) // want `tool "w_factory" is not idempotent but writes to an SQL database`
			}
		}),
	}
}

func NewFactoryTool[In any](tool gomcp.Tool, f func(*store.Ledger) gomcp.ToolHandlerFor[In, any]) ServerTool {
	return ServerTool{Tool: &tool}
}

// ---- A MustTool(name, desc, handler, opts...) helper over mcp-go. ----

func MustTool(s *server.MCPServer, name, desc string, h server.ToolHandlerFunc, opts ...mcp.ToolOption) {
	s.AddTool(mcp.NewTool(name, append(opts, mcp.WithDescription(desc))...), h)
}

func RegisterMCPGo(s *server.MCPServer) {
	MustTool(s, "m_charge", "charges", func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Append("m", 1) // want `tool "m_charge" is not idempotent`
	}, mcp.WithString("account"))
	MustTool(s, "m_idem", "sets", func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Append("m", 1) // ok: idempotent by option
	}, mcp.WithIdempotentHintAnnotation(true))
}

// ---- A function returning (tool, handler), the github-mcp-server shape. ----

func ChargeTool() (mcp.Tool, server.ToolHandlerFunc) {
	return mcp.NewTool("r_charge"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, store.Notify(ctx, "http://x") // want `tool "r_charge" is not idempotent`
	}
}

// ---- The project's own tool and annotation types. ----

type Annotations struct {
	ReadOnlyHint   *bool
	IdempotentHint *bool
}

type Tool struct {
	Name        string
	Annotations Annotations
}

type OwnServerTool struct {
	Tool    Tool
	Handler func(ctx context.Context, args map[string]any) (string, error)
}

func ptr[T any](v T) *T { return &v }

var OwnTools = []OwnServerTool{
	{Tool: Tool{Name: "o_create", Annotations: Annotations{IdempotentHint: ptr(false), ReadOnlyHint: ptr(false)}},
		Handler: func(ctx context.Context, args map[string]any) (string, error) {
			return "", led.Insert(ctx, "o") // want `tool "o_create" is not idempotent`
		}},
	{Tool: Tool{Name: "o_apply", Annotations: Annotations{IdempotentHint: ptr(true)}},
		Handler: func(ctx context.Context, args map[string]any) (string, error) {
			return "", led.Insert(ctx, "o") // ok: idempotent
		}},
	{Tool: Tool{Name: "o_get", Annotations: Annotations{ReadOnlyHint: ptr(true)}},
		Handler: func(ctx context.Context, args map[string]any) (string, error) {
			return "", nil
		}},
}
