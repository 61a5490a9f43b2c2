// Package tooldefs builds trpc-mcp-go tools that the server package
// registers: the registration reads their names and hints from the
// constructors' summaries.
package tooldefs

import mcp "trpc.group/trpc-go/trpc-mcp-go"

// Charge sets no annotations: not idempotent.
func Charge() *mcp.Tool {
	return mcp.NewTool("pkg_charge", mcp.WithDescription("charge an account"))
}

// Overwrite is annotated idempotent on the tool NewTool returned.
func Overwrite() *mcp.Tool {
	tool := mcp.NewTool("pkg_overwrite")
	tool.Annotations = &mcp.ToolAnnotations{IdempotentHint: mcp.BoolPtr(true)}
	return tool
}
