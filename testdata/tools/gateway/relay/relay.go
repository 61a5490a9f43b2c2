// Package relay calls the tools of an upstream server for the gateway:
// its functions pass their name and arguments on (Caller.Forwards).
package relay

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Call calls the upstream tool name with args.
func Call(ctx context.Context, up *mcp.ClientSession, name string, args any) (*mcp.CallToolResult, error) { // want `^calltool\(nameparam=2,forwards=2\+3\)$`
	return up.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
}
