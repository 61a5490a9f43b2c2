// Package mcptool declares the shop's own tool types, as projects that
// wrap an SDK do; mcpvet reads them as it reads an SDK's (a struct with an
// IdempotentHint field is a tool definition). The module imports no SDK,
// so that the command's tests that run mcpvet many times (configuration
// file, baseline) load only the standard library.
package mcptool

import "context"

// Annotations are a tool's hints.
type Annotations struct {
	ReadOnlyHint   *bool
	IdempotentHint *bool
}

// Tool is a tool's definition.
type Tool struct {
	Name        string
	Annotations Annotations
}

// ServerTool pairs a definition and its handler.
type ServerTool struct {
	Tool    Tool
	Handler func(ctx context.Context, args map[string]any) (string, error)
}

// Ptr returns a pointer to v.
func Ptr[T any](v T) *T { return &v }
