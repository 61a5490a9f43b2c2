// Package reconnect re-sends a tool call on a new session after the first
// failed: a restarted stdio server, a project's reconnect helper, and the
// fall-through path of a CallTool wrapper.
package reconnect

import (
	"context"
	"errors"
	"io"
	"os/exec"

	mcpgo "github.com/mark3labs/mcp-go/client"
	gomcp "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Pool keeps one session per server and restarts it when it breaks.
type Pool struct {
	client  *mcp.Client
	command string
	cs      *mcp.ClientSession
}

// restart closes the session and starts a new server process.
func (p *Pool) restart(ctx context.Context) error {
	if p.cs != nil {
		_ = p.cs.Close()
	}
	cs, err := p.client.Connect(ctx, &mcp.CommandTransport{Command: exec.Command(p.command)}, nil)
	if err != nil {
		return err
	}
	p.cs = cs
	return nil
}

// Call sends the call again on the restarted server, through the
// reconnect helper, with a request built from the same name and
// arguments.
func (p *Pool) Call(ctx context.Context, name string, args map[string]any) (*mcp.CallToolResult, error) {
	res, err := p.cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		if rerr := p.restart(ctx); rerr != nil {
			return nil, rerr
		}
		return p.cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args}) // want `CallTool is sent again in the error path`
	}
	return res, nil
}

// CallOnce restarts the server for the next call but does not send this
// one again.
func (p *Pool) CallOnce(ctx context.Context, name string, args map[string]any) (*mcp.CallToolResult, error) {
	res, err := p.cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		_ = p.restart(ctx)
		return nil, err
	}
	return res, nil
}

// CallThenList sends another tool after a restart: not the same call.
func (p *Pool) CallThenList(ctx context.Context, name string, args map[string]any) (*mcp.CallToolResult, error) {
	res, err := p.cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		if rerr := p.restart(ctx); rerr != nil {
			return nil, rerr
		}
		return p.cs.CallTool(ctx, &mcp.CallToolParams{Name: "status", Arguments: map[string]any{"of": name}})
	}
	return res, nil
}

func isConnectionError(err error) bool {
	return errors.Is(err, io.EOF) || errors.Is(err, mcp.ErrConnectionClosed)
}

// Invoke wraps CallTool: on success it returns, on a connection error it
// reconnects and sends the same call again on the fall-through path.
func (p *Pool) Invoke(ctx context.Context, params *mcp.CallToolParams) (*mcp.CallToolResult, error) {
	res, err := p.cs.CallTool(ctx, params)
	if err == nil {
		return res, nil
	}
	if !isConnectionError(err) {
		return nil, err
	}
	if err := p.restart(ctx); err != nil {
		return nil, err
	}
	return p.cs.CallTool(ctx, params) // want `CallTool is sent again in the error path`
}

// InvokeNext calls the tool on success and on failure alike: the second
// call is the next step, not a re-send.
func (p *Pool) InvokeNext(ctx context.Context, params *mcp.CallToolParams) (*mcp.CallToolResult, error) {
	_, err := p.cs.CallTool(ctx, params)
	if err != nil && isConnectionError(err) {
		if err := p.restart(ctx); err != nil {
			return nil, err
		}
	}
	return p.cs.CallTool(ctx, params)
}

// Remote is an mcp-go client that is rebuilt when its stdio server dies.
type Remote struct {
	c       *mcpgo.Client
	command string
}

func (r *Remote) reconnect(ctx context.Context) error {
	_ = r.c.Close()
	c, err := mcpgo.NewStdioMCPClient(r.command, nil)
	if err != nil {
		return err
	}
	if _, err := c.Initialize(ctx, gomcp.InitializeRequest{}); err != nil {
		return err
	}
	r.c = c
	return nil
}

// Call re-sends the request on the new client after the first failed.
func (r *Remote) Call(ctx context.Context, req gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	res, err := r.c.CallTool(ctx, req)
	if err == nil {
		return res, nil
	}
	if !errors.Is(err, io.EOF) {
		return nil, err
	}
	if err := r.reconnect(ctx); err != nil {
		return nil, err
	}
	return r.c.CallTool(ctx, req) // want `CallTool is sent again in the error path`
}

// CallUnauthorized re-sends only after an error that proves the call never
// ran.
func (r *Remote) CallUnauthorized(ctx context.Context, req gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	res, err := r.c.CallTool(ctx, req)
	if err == nil {
		return res, nil
	}
	if !errors.Is(err, ErrUnauthorized) {
		return nil, err
	}
	if err := r.reconnect(ctx); err != nil {
		return nil, err
	}
	return r.c.CallTool(ctx, req) // ok: an unauthorized call never ran
}

var ErrUnauthorized = errors.New("unauthorized")

// CallOther sends other arguments after the restart: another call.
func (p *Pool) CallOther(ctx context.Context, name string, args map[string]any) (*mcp.CallToolResult, error) {
	res, err := p.cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: map[string]any{"dry_run": false}})
	if err != nil {
		if rerr := p.restart(ctx); rerr != nil {
			return nil, rerr
		}
		return p.cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: map[string]any{"dry_run": true}}) // ok: other arguments
	}
	return res, nil
}

func toolError(res *mcp.CallToolResult) error { return errors.New("tool error") }

// Execute retries with a reconnect after a transport error and after a
// result that reports a broken connection.
func (p *Pool) Execute(ctx context.Context, name string, args map[string]any) (*mcp.CallToolResult, error) {
	var res *mcp.CallToolResult
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		res, err = p.cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args}) // want `CallTool is sent again by this loop`
		if err == nil {
			if res.IsError {
				if terr := toolError(res); isConnectionError(terr) && attempt < 2 {
					if rerr := p.restart(ctx); rerr == nil {
						continue
					}
				}
				return nil, toolError(res)
			}
			break
		}
		if isConnectionError(err) && attempt < 2 {
			if rerr := p.restart(ctx); rerr == nil {
				continue
			}
		}
		return nil, err
	}
	return res, nil
}

func finished(res *mcp.CallToolResult) bool { return len(res.Content) > 0 }

// Poll asks again while the job runs: it walks on after a success too.
func (p *Pool) Poll(ctx context.Context, name string) (*mcp.CallToolResult, error) {
	for attempt := 0; attempt < 10; attempt++ {
		res, err := p.cs.CallTool(ctx, &mcp.CallToolParams{Name: name}) // ok: a poll loop, not a retry
		if err == nil {
			if !finished(res) {
				continue
			}
			return res, nil
		}
		if rerr := p.restart(ctx); rerr == nil {
			continue
		}
		return nil, err
	}
	return nil, errors.New("timed out")
}

// Execute is the mcp-go form: the result reports the failure.
func (r *Remote) Execute(ctx context.Context, req gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	for attempt := 0; ; attempt++ {
		res, err := r.c.CallTool(ctx, req) // want `CallTool is sent again by this loop`
		if err == nil {
			if res.IsError && attempt < 2 {
				continue
			}
			return res, nil
		}
		if attempt == 2 {
			return nil, err
		}
		_ = r.reconnect(ctx)
	}
}

// resend restarts the server and sends the request on the new session.
func (p *Pool) resend(ctx context.Context, params *mcp.CallToolParams) (*mcp.CallToolResult, error) {
	if err := p.restart(ctx); err != nil {
		return nil, err
	}
	return p.cs.CallTool(ctx, params)
}

// CallVia hands the failed request to the reconnect helper, which sends
// it again.
func (p *Pool) CallVia(ctx context.Context, params *mcp.CallToolParams) (*mcp.CallToolResult, error) {
	res, err := p.cs.CallTool(ctx, params)
	if err != nil {
		return p.resend(ctx, params) // want `Pool.resend \(which calls CallTool\) is sent again in the error path`
	}
	return res, nil
}

// CallStatus hands another request to the helper.
func (p *Pool) CallStatus(ctx context.Context, params *mcp.CallToolParams) (*mcp.CallToolResult, error) {
	res, err := p.cs.CallTool(ctx, params)
	if err != nil {
		return p.resend(ctx, &mcp.CallToolParams{Name: "status"}) // ok: another tool
	}
	return res, nil
}
