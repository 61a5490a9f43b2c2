// Package opts concatenates lists of tool options (mcp-gitee's
// utils.CombineOptions).
package opts

import "github.com/mark3labs/mcp-go/mcp"

// Combine returns the options of every list, in order; nil for none.
func Combine(options ...[]mcp.ToolOption) []mcp.ToolOption {
	var result []mcp.ToolOption
	for _, option := range options {
		result = append(result, option...)
	}
	return result
}
