// Package opts holds a project's own mcp-go tool options, declared in
// another package than the tools that use them.
package opts

import "github.com/mark3labs/mcp-go/mcp"

// WithPagination adds two parameters and sets no hint.
func WithPagination() mcp.ToolOption {
	return func(tool *mcp.Tool) {
		mcp.WithNumber("page", mcp.Description("Page number"), mcp.Min(1))(tool)
		mcp.WithNumber("pageSize", mcp.Description("Results per page"), mcp.Max(100))(tool)
	}
}

// ReadOnly marks a tool read-only through the SDK's option.
func ReadOnly() mcp.ToolOption {
	return func(tool *mcp.Tool) {
		mcp.WithReadOnlyHintAnnotation(true)(tool)
	}
}

// Safe marks a tool read-only and idempotent by storing its annotations.
func Safe() mcp.ToolOption {
	return func(tool *mcp.Tool) {
		tool.Annotations.ReadOnlyHint = mcp.ToBoolPtr(true)
		tool.Annotations.IdempotentHint = mcp.ToBoolPtr(true)
	}
}

// Listing is a read-only, paginated listing: one option made of others.
func Listing() mcp.ToolOption {
	return func(tool *mcp.Tool) {
		ReadOnly()(tool)
		WithPagination()(tool)
	}
}

// Maybe marks a tool read-only only when asked: the hint is not known.
func Maybe(ro bool) mcp.ToolOption {
	return func(tool *mcp.Tool) {
		if ro {
			mcp.WithReadOnlyHintAnnotation(true)(tool)
		}
	}
}

// Describe passes the tool on to a function that sets its description.
func Describe(s string) mcp.ToolOption {
	return func(tool *mcp.Tool) {
		describe(tool, s)
	}
}

func describe(tool *mcp.Tool, s string) { tool.Description = s }

// Hook is set at run time: what it does to a tool is not known.
var Hook = func(tool *mcp.Tool) {}

// Hooked passes the tool on to a function the model cannot follow.
func Hooked() mcp.ToolOption {
	return func(tool *mcp.Tool) {
		Hook(tool)
	}
}
