package mcpmodel

// github.com/strowk/foxy-contexts (checked against v0.1.0-beta.6):
//
//	func NewMyTool(deps ...) fxctx.Tool {
//		return fxctx.NewTool(&mcp.Tool{Name: "my-tool", ...},
//			func(ctx context.Context, args map[string]interface{}) *mcp.CallToolResult { ... })
//	}
//
// uber/fx wires the constructors (app.NewBuilder().WithTool(NewMyTool));
// the NewTool call pairs the tool with its handler, so it is the
// registration. mcp.Tool has no annotations.
const (
	foxyFxctx = "github.com/strowk/foxy-contexts/pkg/fxctx"
	foxyMCP   = "github.com/strowk/foxy-contexts/pkg/mcp"
)

// Foxy is github.com/strowk/foxy-contexts.
const Foxy SDK = "foxy-contexts"

var foxyTable = sdkTable{
	sdk:   Foxy,
	paths: []string{foxyFxctx, foxyMCP},
	registrations: map[[3]string]registration{
		{foxyFxctx, "", "NewTool"}: {Foxy, 0, 1},
	},
	toolTypes: map[[2]string]bool{
		{foxyMCP, "Tool"}: true,
	},
}
