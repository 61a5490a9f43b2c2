// Package tools registers tools over the engine interface; it imports
// both implementations.
package tools

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/toolhints/engine"
	"example.com/toolhints/engine/api"
	"example.com/toolhints/engine/cli"
)

var (
	_ engine.Engine = (*cli.CLI)(nil)
	_ engine.Engine = (*api.API)(nil)
)

type In struct {
	ID string `json:"id"`
}

var idem = &mcp.ToolAnnotations{IdempotentHint: true}

func Register(s *mcp.Server, e engine.Engine) {
	// ok: an action POST (stop) whose CLI twin is idempotent by nature
	// ("podman stop"): the operation is not known to repeat.
	mcp.AddTool(s, &mcp.Tool{Name: "container_stop", Annotations: idem}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, e.Stop(ctx, in.ID)
	})

	// Both implementations start a new container: not idempotent.
	mcp.AddTool(s, &mcp.Tool{Name: "container_run", Annotations: idem}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, e.Run(ctx, in.ID) // want `tool "container_run" is annotated idempotent`
	})
}
