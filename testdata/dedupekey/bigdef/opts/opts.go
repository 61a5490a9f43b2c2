// Package opts concatenates groups of tool options (MoreLogin's
// utils.CombineOptions).
package opts

import "github.com/mark3labs/mcp-go/mcp"

func Combine(options ...[]mcp.ToolOption) []mcp.ToolOption {
	var result []mcp.ToolOption
	for _, o := range options {
		result = append(result, o...)
	}
	return result
}
