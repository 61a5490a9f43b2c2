package mcpmodel

// github.com/metoro-io/mcp-golang (checked against v0.16.0):
//
//	err := server.RegisterTool(name, description, handler any)
//
// The handler is checked and called by reflection: func(args T)
// (*mcp_golang.ToolResponse, error), or with a context.Context first. A
// function value passed as the any is still the handler. The SDK has no
// tool annotations.
const mcpGolang = "github.com/metoro-io/mcp-golang"

// MCPGolang is github.com/metoro-io/mcp-golang.
const MCPGolang SDK = "mcp-golang"

var mcpGolangTable = sdkTable{
	sdk:   MCPGolang,
	paths: []string{mcpGolang},
	registrations: map[[3]string]registration{
		{mcpGolang, "Server", "RegisterTool"}: {MCPGolang, 0, 2},
	},
}
