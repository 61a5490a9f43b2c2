package mcpmodel

// trpc.group/trpc-go/trpc-mcp-go (checked against v0.0.20), one package
// mcp:
//
//	tool := mcp.NewTool(name, mcp.WithDescription(...), mcp.WithToolAnnotations(&mcp.ToolAnnotations{...}))
//	srv.RegisterTool(tool, handler)  // *mcp.Server, *mcp.SSEServer, *mcp.StdioServer
//	handler: func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error),
//	or mcp.NewTypedToolHandler(func(ctx, req, input I) (O, error)),
//	mcp.NewStructuredToolHandler(func(ctx, req) (O, error))
//
// ToolAnnotations' hints are *bool (mcp.BoolPtr); NewTool sets none.
const trpcMCP = "trpc.group/trpc-go/trpc-mcp-go"

// TRPC is trpc.group/trpc-go/trpc-mcp-go.
const TRPC SDK = "trpc-mcp-go"

var trpcTable = sdkTable{
	sdk:   TRPC,
	paths: []string{trpcMCP},
	registrations: map[[3]string]registration{
		{trpcMCP, "Server", "RegisterTool"}:      {TRPC, 0, 1},
		{trpcMCP, "SSEServer", "RegisterTool"}:   {TRPC, 0, 1},
		{trpcMCP, "StdioServer", "RegisterTool"}: {TRPC, 0, 1},
	},
	toolTypes: map[[2]string]bool{
		{trpcMCP, "Tool"}: true,
	},
	constructors: map[[2]string]constructor{
		{trpcMCP, "NewTool"}: {name: 0, opts: 1, annotations: "WithToolAnnotations"},
	},
	adapters: map[[2]string]bool{
		{trpcMCP, "NewTypedToolHandler"}:      true,
		{trpcMCP, "NewStructuredToolHandler"}: true,
	},
}
