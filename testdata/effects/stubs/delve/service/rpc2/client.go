// Package rpc2 is a stub of github.com/go-delve/delve/service/rpc2: the
// client's methods, with Delve's signatures.
package rpc2

import "github.com/go-delve/delve/service/api"

type RPCClient struct{}

func NewClient(addr string) *RPCClient { return &RPCClient{} }

func (*RPCClient) GetState() (*api.DebuggerState, error)                        { return nil, nil }
func (*RPCClient) Continue() <-chan *api.DebuggerState                          { return nil }
func (*RPCClient) Next() (*api.DebuggerState, error)                            { return nil, nil }
func (*RPCClient) Step() (*api.DebuggerState, error)                            { return nil, nil }
func (*RPCClient) StepOut() (*api.DebuggerState, error)                         { return nil, nil }
func (*RPCClient) Halt() (*api.DebuggerState, error)                            { return nil, nil }
func (*RPCClient) Restart(rebuild bool) ([]api.DiscardedBreakpoint, error)      { return nil, nil }
func (*RPCClient) Detach(kill bool) error                                       { return nil }
func (*RPCClient) CreateBreakpoint(bp *api.Breakpoint) (*api.Breakpoint, error) { return nil, nil }
func (*RPCClient) ClearBreakpoint(id int) (*api.Breakpoint, error)              { return nil, nil }
func (*RPCClient) ListBreakpoints(all bool) ([]*api.Breakpoint, error)          { return nil, nil }
func (*RPCClient) EvalVariable(scope api.EvalScope, expr string, cfg api.LoadConfig) (*api.Variable, error) {
	return nil, nil
}
func (*RPCClient) SetVariable(scope api.EvalScope, symbol, value string) error { return nil }
