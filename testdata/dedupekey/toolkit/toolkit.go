// Package toolkit is a project's own tool layer over mcp-go: a Tool
// interface whose one implementation turns its fields into an mcp-go
// tool, a setter that marks it read-only, and a Server interface whose
// implementation registers what it is given.
package toolkit

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Handler handles one call.
type Handler func(ctx context.Context, args map[string]any) (string, error)

// Tool is a tool the server can register.
type Tool interface {
	toServerTool() server.ServerTool
	SetReadOnly(readOnly bool)
}

type tool struct {
	name       string
	handler    Handler
	isReadOnly bool
}

// NewTool makes a tool; it is not read-only until marked.
func NewTool(name string, handler Handler) *tool {
	return &tool{name: name, handler: handler}
}

// SetReadOnly marks the tool read-only for its annotations.
func (t *tool) SetReadOnly(readOnly bool) { t.isReadOnly = readOnly }

func (t *tool) toServerTool() server.ServerTool {
	var opts []mcp.ToolOption
	if t.isReadOnly {
		opts = append(opts, mcp.WithReadOnlyHintAnnotation(true))
	} else {
		opts = append(opts, mcp.WithReadOnlyHintAnnotation(false), mcp.WithDestructiveHintAnnotation(true))
	}
	h := func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		out, err := t.handler(ctx, req.GetArguments())
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return mcp.NewToolResultText(out), nil
	}
	return server.ServerTool{Tool: mcp.NewTool(t.name, opts...), Handler: h}
}

// Server registers tools.
type Server interface {
	AddTools(tools ...Tool)
}

// Impl is the Server over an mcp-go server.
type Impl struct {
	srv *server.MCPServer
}

// NewServer makes a Server.
func NewServer(name string) *Impl {
	return &Impl{srv: server.NewMCPServer(name, "1.0.0")}
}

// AddTools registers the tools.
func (s *Impl) AddTools(tools ...Tool) {
	var sts []server.ServerTool
	for _, t := range tools {
		sts = append(sts, t.toServerTool())
	}
	s.srv.AddTools(sts...)
}
