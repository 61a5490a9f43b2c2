// Package registry keeps the tools that packages register from their
// init functions and adds them all to a server: a plugin registry. It
// does not import the tools; their packages import it, and what each
// registers is resolved at its call of RegisterTool.
package registry

import (
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type ToolRegistrar interface {
	GetTool() mcp.Tool
	GetHandler() server.ToolHandlerFunc
}

var tools = make([]ToolRegistrar, 0)

func RegisterTool(t ToolRegistrar) {
	tools = append(tools, t)
}

func RegisterAllTools(s *server.MCPServer) {
	for _, t := range tools {
		s.AddTool(t.GetTool(), t.GetHandler())
	}
}
