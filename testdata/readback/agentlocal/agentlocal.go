// Package agentlocal declares its tool interface, an MCP implementation
// and the loop that retries tools, all in one package.
package agentlocal

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Handler is the tool abstraction.
type Handler interface {
	Handle(ctx context.Context, req map[string]any) (string, error)
}

// Remote sends the request to an MCP server.
type Remote struct {
	cs   *mcp.ClientSession
	tool string
}

func (r Remote) Handle(ctx context.Context, req map[string]any) (string, error) {
	_, err := r.cs.CallTool(ctx, &mcp.CallToolParams{Name: r.tool, Arguments: req})
	return "", err
}

// Local answers by itself.
type Local struct{}

func (Local) Handle(ctx context.Context, req map[string]any) (string, error) { return "", nil }

// Agent retries each tool call up to three times.
func Agent(ctx context.Context, h Handler, req map[string]any) (string, error) {
	var err error
	for i := 0; i < 3; i++ {
		var out string
		if out, err = h.Handle(ctx, req); err == nil { // want `Handler.Handle \(implemented by Remote.Handle, which calls CallTool\) is sent again by this loop`
			return out, nil
		}
	}
	return "", err
}

// Once calls the tool once.
func Once(ctx context.Context, h Handler, req map[string]any) (string, error) {
	return h.Handle(ctx, req) // ok: one attempt
}
