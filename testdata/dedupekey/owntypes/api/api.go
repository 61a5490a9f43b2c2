// Package api declares a project's own tool and annotation types and
// imports no SDK (as kubernetes-mcp-server's pkg/api does): packages that
// register tools through them are analyzed although they import no SDK
// either.
package api

import "context"

type ToolAnnotations struct {
	ReadOnlyHint   *bool
	IdempotentHint *bool
}

type Tool struct {
	Name        string
	Annotations ToolAnnotations
}

type ServerTool struct {
	Tool    Tool
	Handler func(ctx context.Context, args map[string]any) (string, error)
}

func Ptr[T any](v T) *T { return &v }
