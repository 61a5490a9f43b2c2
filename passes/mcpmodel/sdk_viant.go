package mcpmodel

// github.com/viant/mcp-protocol (checked against v0.11.0), the server side
// of github.com/viant/mcp:
//
//	server.RegisterTool[I, O](registry, name, description, func(ctx, input I) (*schema.CallToolResult, *jsonrpc.Error))
//	registry.RegisterToolWithSchema(name, description, in, out, handler)
//	registry.RegisterTool(&server.ToolEntry{Handler: h, Metadata: schema.Tool{Name: ..., Annotations: ...}})
//
// The first two set no annotations; a ToolEntry literal pairs its handler
// with a schema.Tool (*bool hints in ToolAnnotations) as any literal
// does.
const (
	viantServer = "github.com/viant/mcp-protocol/server"
	viantSchema = "github.com/viant/mcp-protocol/schema"
)

// Viant is github.com/viant/mcp and github.com/viant/mcp-protocol.
const Viant SDK = "viant/mcp"

var viantTable = sdkTable{
	sdk:   Viant,
	paths: []string{viantServer, viantSchema},
	registrations: map[[3]string]registration{
		{viantServer, "", "RegisterTool"}:                   {Viant, 1, 3},
		{viantServer, "Registry", "RegisterToolWithSchema"}: {Viant, 0, 4},
	},
	toolTypes: map[[2]string]bool{
		{viantSchema, "Tool"}: true,
	},
}
