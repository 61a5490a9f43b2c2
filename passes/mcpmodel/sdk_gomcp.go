package mcpmodel

// github.com/ThinkInAIXYZ/go-mcp (checked against v0.2.29):
//
//	tool, err := protocol.NewTool(name, description, inputStruct) // (*protocol.Tool, error)
//	srv.RegisterTool(tool, handler, middlewares...)
//	handler: func(context.Context, *protocol.CallToolRequest) (*protocol.CallToolResult, error)
//
// protocol.Tool.Annotations is a *protocol.ToolAnnotations with *bool
// hints; NewTool sets none.
const (
	goMCPServer   = "github.com/ThinkInAIXYZ/go-mcp/server"
	goMCPProtocol = "github.com/ThinkInAIXYZ/go-mcp/protocol"
)

// GoMCP is github.com/ThinkInAIXYZ/go-mcp.
const GoMCP SDK = "ThinkInAIXYZ/go-mcp"

var goMCPTable = sdkTable{
	sdk:   GoMCP,
	paths: []string{goMCPServer, goMCPProtocol},
	registrations: map[[3]string]registration{
		{goMCPServer, "Server", "RegisterTool"}: {GoMCP, 0, 1},
	},
	toolTypes: map[[2]string]bool{
		{goMCPProtocol, "Tool"}: true,
	},
	constructors: map[[2]string]constructor{
		{goMCPProtocol, "NewTool"}:              {name: 0, opts: -1},
		{goMCPProtocol, "NewToolWithRawSchema"}: {name: 0, opts: -1},
	},
}
