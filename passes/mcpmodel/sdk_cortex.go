package mcpmodel

// github.com/FreePeak/cortex (checked against v1.0.5):
//
//	tool := tools.NewTool(name, tools.WithDescription(...), tools.WithString(...))  // *types.Tool
//	srv.AddTool(ctx, tool, handler)  // (*server.MCPServer).AddTool
//	handler: func(ctx context.Context, request server.ToolCallRequest) (interface{}, error)
//	provider.RegisterTool(tool, executor)  // (*plugin.BaseProvider).RegisterTool
//	executor: func(ctx, params map[string]interface{}, session *types.ClientSession) (interface{}, error)
//
// The SDK has no tool annotations: types.Tool holds a name, a
// description and parameters.
const (
	cortexServer = "github.com/FreePeak/cortex/pkg/server"
	cortexPlugin = "github.com/FreePeak/cortex/pkg/plugin"
	cortexTools  = "github.com/FreePeak/cortex/pkg/tools"
	cortexTypes  = "github.com/FreePeak/cortex/pkg/types"
)

// Cortex is github.com/FreePeak/cortex.
const Cortex SDK = "cortex"

var cortexTable = sdkTable{
	sdk:   Cortex,
	paths: []string{cortexServer, cortexPlugin, cortexTools, cortexTypes},
	registrations: map[[3]string]registration{
		{cortexServer, "MCPServer", "AddTool"}:         {Cortex, 1, 2},
		{cortexPlugin, "BaseProvider", "RegisterTool"}: {Cortex, 0, 1},
	},
	toolTypes: map[[2]string]bool{
		{cortexTypes, "Tool"}: true,
	},
	constructors: map[[2]string]constructor{
		// Its options set the description and parameters, never a hint:
		// the type has none.
		{cortexTools, "NewTool"}: {name: 0, opts: -1},
	},
}
