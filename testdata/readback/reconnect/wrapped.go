package reconnect

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// send is the project's own CallTool wrapper: it builds the request from
// a name and arguments.
func (p *Pool) send(ctx context.Context, name string, args map[string]any) (*mcp.CallToolResult, error) {
	return p.cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
}

// sendAgain is a second wrapper that builds the same request.
func (p *Pool) sendAgain(ctx context.Context, name string, args map[string]any) (*mcp.CallToolResult, error) {
	return p.cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
}

// CallWrapped sends the same name and arguments through the wrapper on
// the restarted server: the same tool call again.
func (p *Pool) CallWrapped(ctx context.Context, name string, args map[string]any) (*mcp.CallToolResult, error) {
	res, err := p.send(ctx, name, args)
	if err != nil {
		if rerr := p.restart(ctx); rerr != nil {
			return nil, rerr
		}
		return p.sendAgain(ctx, name, args) // want `Pool.sendAgain \(which calls CallTool\) is sent again in the error path`
	}
	return res, nil
}

// CallWrappedOther sends other arguments after the restart: the next
// step, not the same call.
func (p *Pool) CallWrappedOther(ctx context.Context, name string, args map[string]any) (*mcp.CallToolResult, error) {
	res, err := p.send(ctx, name, args)
	if err != nil {
		if rerr := p.restart(ctx); rerr != nil {
			return nil, rerr
		}
		return p.sendAgain(ctx, name, map[string]any{"of": name})
	}
	return res, nil
}
