// Package verbs is a project's dispatcher layer (teams-local-mcp's
// internal/tools): one MCP tool per domain, its handler looking up the
// operation in a map of verbs and running the verb's handler.
package verbs

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Handler is a verb's handler.
type Handler func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error)

// Verb is one operation of a domain tool. Its Annotations document the
// verb; they are not the tool's.
type Verb struct {
	Name        string
	Handler     Handler
	Annotations []mcp.ToolOption
	middleware  func(server.ToolHandlerFunc) server.ToolHandlerFunc
}

func (v Verb) wrapped() server.ToolHandlerFunc {
	h := server.ToolHandlerFunc(v.Handler)
	if v.middleware != nil {
		return v.middleware(h)
	}
	return h
}

// Registry maps operation names to verbs.
type Registry map[string]Verb

// Config configures one domain tool.
type Config struct {
	Domain     string
	Verbs      []Verb
	Hints      []mcp.ToolOption
	Middleware func(server.ToolHandlerFunc) server.ToolHandlerFunc
}

// RegisterDomain registers one tool for the domain, with an operation
// argument naming the verb to run.
func RegisterDomain(s *server.MCPServer, cfg Config) Registry {
	registry := make(Registry, len(cfg.Verbs))
	for _, v := range cfg.Verbs {
		if cfg.Middleware != nil {
			v.middleware = cfg.Middleware
		}
		registry[v.Name] = v
	}
	opts := append([]mcp.ToolOption{mcp.WithDescription(cfg.Domain)}, cfg.Hints...)
	opts = append(opts, mcp.WithString("operation", mcp.Required()))
	tool := mcp.NewTool(cfg.Domain, opts...)
	s.AddTool(tool, dispatch(cfg.Domain, registry))
	return registry
}

func dispatch(domain string, registry Registry) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		op := req.GetString("operation", "")
		verb, ok := registry[op]
		if !ok {
			return mcp.NewToolResultError(fmt.Sprintf("unknown operation %q for %s", op, domain)), nil
		}
		return verb.wrapped()(ctx, req)
	}
}
