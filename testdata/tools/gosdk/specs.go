package gosdk

import (
	"context"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// spec is a tool as a table describes it; build sets DestructiveHint
// only for the specs that say so (mediawiki-mcp-server's buildTool): the
// inventory reads each row's hints from the value.
type spec struct {
	Name        string
	Idempotent  bool
	Destructive bool
}

var specs = []spec{
	{Name: "wipe", Destructive: true},
	{Name: "trim", Idempotent: true},
}

func build(sp spec) *mcp.Tool {
	a := &mcp.ToolAnnotations{IdempotentHint: sp.Idempotent}
	if sp.Destructive {
		a.DestructiveHint = f(true)
	}
	return &mcp.Tool{Name: sp.Name, Annotations: a}
}

// RegisterSpecs registers the table's tools, each removing a file.
func RegisterSpecs(s *mcp.Server) {
	for _, sp := range specs {
		mcp.AddTool(s, build(sp), func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
			return nil, nil, os.Remove(in.Name)
		})
	}
}
