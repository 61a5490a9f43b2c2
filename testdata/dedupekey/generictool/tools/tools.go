// Package tools is a project's own typed-tool layer: each tool is a type
// with a generic Handle method, and a generic adapter turns it into the
// SDK's handler (the shape of StrangeBeeCorp/TheHiveMCP).
package tools

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// BaseTool is what the registry keeps.
type BaseTool interface {
	Name() string
	Definition() mcp.Tool
	Handler() server.ToolHandlerFunc
}

// Tool is a typed tool.
type Tool[P, R any] interface {
	BaseTool
	Handle(ctx context.Context, req mcp.CallToolRequest, params P) (R, error)
	Validate(params *P) error
}

// Registry keeps the tools until they are registered.
type Registry struct{ tools []BaseTool }

func NewRegistry() *Registry { return &Registry{tools: make([]BaseTool, 0)} }

func (r *Registry) Register(t BaseTool) { r.tools = append(r.tools, t) }

// RegisterAll registers every tool with the server.
func (r *Registry) RegisterAll(s *server.MCPServer) {
	for _, t := range r.tools {
		s.AddTool(t.Definition(), t.Handler())
	}
}

// WithValidation validates the parameters, then runs the tool.
func WithValidation[P, R any](tool Tool[P, R]) server.ToolHandlerFunc {
	business := func(ctx context.Context, req mcp.CallToolRequest, params P) (R, error) {
		if err := tool.Validate(&params); err != nil {
			var zero R
			return zero, err
		}
		return tool.Handle(ctx, req, params)
	}
	return Typed(business)
}

// Typed binds the arguments and renders the result.
func Typed[P, R any](handler func(ctx context.Context, req mcp.CallToolRequest, params P) (R, error)) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var params P
		if err := req.BindArguments(&params); err != nil {
			return mcp.NewToolResultError(fmt.Sprintf("invalid arguments: %v", err)), nil
		}
		result, err := handler(ctx, req, params)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return mcp.NewToolResultText(fmt.Sprint(result)), nil
	}
}
