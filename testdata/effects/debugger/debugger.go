// Package debugger drives a debugged program through Delve's RPC client:
// stepping and creating breakpoints run on from where the last call left
// it; clearing a breakpoint converges; reading state changes nothing.
package debugger

import (
	"github.com/go-delve/delve/service/api"
	"github.com/go-delve/delve/service/rpc2"
)

type Client struct {
	client *rpc2.RPCClient
}

func (c *Client) Continue() bool { // want Continue:`effect\(debugger command: \(\*rpc2.RPCClient\).Continue\)`
	st := <-c.client.Continue()
	return st != nil && st.Exited
}

func (c *Client) Step() error { // want Step:`effect\(debugger command: \(\*rpc2.RPCClient\).Step\)`
	if _, err := c.client.GetState(); err != nil {
		return err
	}
	_, err := c.client.Step()
	return err
}

func (c *Client) SetBreakpoint(file string, line int) (int, error) { // want SetBreakpoint:`effect\(debugger command: \(\*rpc2.RPCClient\).CreateBreakpoint\)`
	bp, err := c.client.CreateBreakpoint(&api.Breakpoint{File: file, Line: line})
	if err != nil {
		return 0, err
	}
	return bp.ID, nil
}

func (c *Client) RemoveBreakpoint(id int) error { // want RemoveBreakpoint:`effect\(debugger command: \(\*rpc2.RPCClient\).ClearBreakpoint\)`
	_, err := c.client.ClearBreakpoint(id)
	return err
}

// ListBreakpoints and Eval read: no fact.
func (c *Client) ListBreakpoints() (int, error) {
	bps, err := c.client.ListBreakpoints(false)
	return len(bps), err
}

func (c *Client) Eval(expr string) (string, error) {
	v, err := c.client.EvalVariable(api.EvalScope{GoroutineID: -1}, expr, api.LoadConfig{})
	if err != nil {
		return "", err
	}
	return v.Value, nil
}
