package mcpgo

import (
	"context"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// One handler serves several tools, dispatching on the called tool's
// name: each tool is judged by the statements of its own case.
func handleSwitched(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := request.Params.Name
	switch name {
	case "sw_create":
		return nil, led.Append(request.GetString("account", ""), 1) // want `tool "sw_create" is not idempotent but writes a file .*repeats it$`
	case "sw_get":
		_, err := os.ReadFile("/var/ledger")
		return nil, err
	default:
		return mcp.NewToolResultError("unknown tool " + name), nil
	}
}

func RegisterSwitched(s *server.MCPServer) {
	for _, name := range []string{"sw_create", "sw_get"} {
		s.AddTool(mcp.NewTool(name), handleSwitched) // related: tool registered here; check a client-supplied idempotency key before the effect, or annotate IdempotentHint: true if a repeat is harmless
	}
	// ok: a name no case lists is served by the default, which writes
	// nothing.
	s.AddTool(mcp.NewTool("sw_other"), handleSwitched)
}
