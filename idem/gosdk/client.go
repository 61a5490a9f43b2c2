package gosdk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpvet/mcpvet/idem"
)

// CallOptions configures CallTool and Call.
type CallOptions struct {
	idem.ClientOptions
	// ReadBack, optional, finds the effect of the call by its key when the
	// status resource cannot tell (the server serves none, or the record is
	// stuck running because the server died mid-call), and returns it as
	// the call's result, with false if there is no such effect. For
	// example, it reads a ledger://charges/{key} resource or calls a
	// read-only query tool. It must not have side effects.
	ReadBack func(ctx context.Context, cs *mcp.ClientSession, key string) (*mcp.CallToolResult, bool, error)
}

// Call is one logical tool call: the parameters and the idempotency key
// made for it once, sent with every attempt. Keep the Call to continue it
// on a new session after Do returns idem.ErrUnreachable (the server died
// and you restarted it): Do then reads the outcome back before it sends
// anything. A Call is not safe for concurrent use.
type Call struct {
	params *mcp.CallToolParams
	opts   CallOptions
	state  idem.CallState
	err    error
}

// NewCall prepares a logical call. It takes the key from params (in _meta,
// or in the argument opts.ArgumentKey) or makes a new one with
// idem.NewKey, and puts it in the _meta entry opts.MetaKey (default
// "idempotency_key") of a copy of params, and also in the argument
// opts.ArgumentKey if that is set. params is not modified. opts may be nil.
func NewCall(params *mcp.CallToolParams, opts *CallOptions) *Call {
	c := &Call{}
	if opts != nil {
		c.opts = *opts
	}
	o := c.opts.ClientOptions.WithDefaults()
	if params == nil {
		c.err = errors.New("idem: nil CallToolParams")
		c.params = &mcp.CallToolParams{}
		return c
	}
	p := *params
	p.Meta = maps.Clone(params.Meta)
	if p.Meta == nil {
		p.Meta = mcp.Meta{}
	}
	var args map[string]any
	if o.ArgumentKey != "" {
		var err error
		if args, err = argumentMap(params.Arguments); err != nil {
			c.err = err
		}
	}
	key, _ := p.Meta[o.MetaKey].(string)
	if key == "" && o.ArgumentKey != "" {
		key, _ = args[o.ArgumentKey].(string)
	}
	if key == "" {
		key = idem.NewKey()
	}
	if err := idem.ValidateKey(key); err != nil && c.err == nil {
		c.err = err
	}
	p.Meta[o.MetaKey] = key
	if o.ArgumentKey != "" {
		if args == nil {
			args = map[string]any{}
		}
		args[o.ArgumentKey] = key
		p.Arguments = args
	}
	c.params = &p
	c.state = idem.CallState{Tool: p.Name, Key: key}
	return c
}

// argumentMap returns a copy of the arguments as a map, for adding the key
// argument.
func argumentMap(a any) (map[string]any, error) {
	switch a := a.(type) {
	case nil:
		return nil, nil
	case map[string]any:
		return maps.Clone(a), nil
	}
	data, err := json.Marshal(a)
	if err != nil {
		return nil, fmt.Errorf("idem: arguments do not marshal to JSON: %v", err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("idem: arguments are not a JSON object: %v", err)
	}
	return m, nil
}

// Key returns the call's idempotency key.
func (c *Call) Key() string { return c.state.Key }

// TaskID returns the call's task id, idem.TaskID(c.Key()).
func (c *Call) TaskID() string { return idem.TaskID(c.state.Key) }

// Params returns the parameters sent, key included.
func (c *Call) Params() *mcp.CallToolParams { return c.params }

// Do makes the call on cs (see idem.Run): it sends it and returns its
// result; if the outcome is unknown (timeout, closed connection), it
// probes the server with tools/list, reads the call's status back, and
// then returns the recorded result, polls while the call runs, or sends
// again with the same key if it failed or never arrived (at most
// MaxResends times). Errors are *idem.CallError values; test them with
// errors.Is against idem.ErrUnreachable, idem.ErrInProgress, ...
func (c *Call) Do(ctx context.Context, cs *mcp.ClientSession) (*mcp.CallToolResult, error) {
	if c.err != nil {
		return nil, c.err
	}
	if cs == nil {
		return nil, errors.New("idem: nil ClientSession")
	}
	ops := idem.Ops[*mcp.CallToolResult]{
		Send: func(ctx context.Context) (*mcp.CallToolResult, error) {
			p := *c.params
			p.Meta = maps.Clone(c.params.Meta)
			return cs.CallTool(ctx, &p)
		},
		Probe: func(ctx context.Context) error {
			_, err := cs.ListTools(ctx, nil)
			return err
		},
		Status: func(ctx context.Context, taskID string) (idem.StatusDoc, error) {
			return ReadStatus(ctx, cs, taskID)
		},
		Decode:   codec{}.Decode,
		Info:     ResultInfo,
		NeverRan: NeverRan,
	}
	if c.opts.ReadBack != nil {
		ops.ReadBack = func(ctx context.Context) (*mcp.CallToolResult, bool, error) {
			return c.opts.ReadBack(ctx, cs, c.state.Key)
		}
	}
	return idem.Run(ctx, &c.state, ops, &c.opts.ClientOptions)
}

// CallTool makes one logical call with a new idempotency key:
// NewCall(params, opts).Do(ctx, cs). It replaces cs.CallTool(ctx, params)
// for tools whose calls must not run twice.
func CallTool(ctx context.Context, cs *mcp.ClientSession, params *mcp.CallToolParams, opts *CallOptions) (*mcp.CallToolResult, error) {
	return NewCall(params, opts).Do(ctx, cs)
}

// ReadStatus reads the status resource of a task id. It returns an error
// wrapping idem.ErrNoStatus if the server does not serve it.
func ReadStatus(ctx context.Context, cs *mcp.ClientSession, taskID string) (idem.StatusDoc, error) {
	uri := idem.StatusURI(taskID)
	rr, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: uri})
	if err != nil {
		var je *jsonrpc.Error
		if errors.As(err, &je) && (je.Code == jsonrpc.CodeInvalidParams || je.Code == jsonrpc.CodeMethodNotFound || je.Code == -32002) {
			return idem.StatusDoc{}, fmt.Errorf("%w: %w", idem.ErrNoStatus, err)
		}
		return idem.StatusDoc{}, err
	}
	if len(rr.Contents) == 0 || rr.Contents[0] == nil {
		return idem.StatusDoc{}, fmt.Errorf("idem: empty status resource %s", uri)
	}
	return idem.ParseStatusDoc([]byte(rr.Contents[0].Text))
}

// ResultInfo returns what the server middleware said about a result (the
// idem.ResultInfo in its _meta), and false if it said nothing.
func ResultInfo(r *mcp.CallToolResult) (idem.ResultInfo, bool) {
	if r == nil {
		return idem.ResultInfo{}, false
	}
	return idem.ParseResultInfo(r.Meta)
}

// NeverRan reports whether err, returned by CallTool, proves that the
// server did not run the call: a JSON-RPC parse error, invalid request,
// method not found or invalid params (an unknown tool, arguments that fail
// validation), or an HTTP 401 or 403.
func NeverRan(err error) bool {
	var je *jsonrpc.Error
	if errors.As(err, &je) {
		switch je.Code {
		case jsonrpc.CodeParseError, jsonrpc.CodeInvalidRequest, jsonrpc.CodeMethodNotFound, jsonrpc.CodeInvalidParams:
			return true
		}
		return false
	}
	msg := err.Error()
	return strings.HasSuffix(msg, ": Unauthorized") || strings.HasSuffix(msg, ": Forbidden")
}
