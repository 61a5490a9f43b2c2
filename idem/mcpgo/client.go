package mcpgo

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"

	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/mcpvet/mcpvet/idem"
)

// Client is the part of an mcp-go client the helper uses. *client.Client
// and every client.MCPClient implement it.
type Client interface {
	CallTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error)
	ListTools(ctx context.Context, request mcp.ListToolsRequest) (*mcp.ListToolsResult, error)
	ReadResource(ctx context.Context, request mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error)
}

// CallOptions configures CallTool and Call.
type CallOptions struct {
	idem.ClientOptions
	// ReadBack, optional, finds the effect of the call by its key when the
	// status resource cannot tell (the server serves none, or the record is
	// stuck running because the server died mid-call), and returns it as
	// the call's result, with false if there is no such effect. It must not
	// have side effects.
	ReadBack func(ctx context.Context, c Client, key string) (*mcp.CallToolResult, bool, error)
}

// Call is one logical tool call: the request and the idempotency key made
// for it once, sent with every attempt. Keep the Call to continue it on a
// new client after Do returns idem.ErrUnreachable (the server died and you
// restarted it): Do then reads the outcome back before it sends anything.
// A Call is not safe for concurrent use.
type Call struct {
	req   mcp.CallToolRequest
	opts  CallOptions
	state idem.CallState
	err   error
}

// NewCall prepares a logical call. It takes the key from req (in _meta, or
// in the argument opts.ArgumentKey) or makes a new one with idem.NewKey,
// and puts it in the _meta entry opts.MetaKey (default "idempotency_key")
// of a copy of req, and also in the argument opts.ArgumentKey if that is
// set. opts may be nil.
func NewCall(req mcp.CallToolRequest, opts *CallOptions) *Call {
	c := &Call{}
	if opts != nil {
		c.opts = *opts
	}
	o := c.opts.ClientOptions.WithDefaults()
	meta := &mcp.Meta{AdditionalFields: map[string]any{}}
	if req.Params.Meta != nil {
		meta.ProgressToken = req.Params.Meta.ProgressToken
		maps.Copy(meta.AdditionalFields, req.Params.Meta.AdditionalFields)
	}
	var args map[string]any
	if o.ArgumentKey != "" {
		var err error
		if args, err = argumentMap(req.Params.Arguments, req.Params.RawArguments); err != nil {
			c.err = err
		}
	}
	key, _ := meta.AdditionalFields[o.MetaKey].(string)
	if key == "" && o.ArgumentKey != "" {
		key, _ = args[o.ArgumentKey].(string)
	}
	if key == "" {
		key = idem.NewKey()
	}
	if err := idem.ValidateKey(key); err != nil && c.err == nil {
		c.err = err
	}
	meta.AdditionalFields[o.MetaKey] = key
	req.Params.Meta = meta
	if o.ArgumentKey != "" {
		if args == nil {
			args = map[string]any{}
		}
		args[o.ArgumentKey] = key
		req.Params.Arguments = args
		req.Params.RawArguments = nil
	}
	c.req = req
	c.state = idem.CallState{Tool: req.Params.Name, Key: key}
	return c
}

// argumentMap returns a copy of the arguments as a map, for adding the key
// argument.
func argumentMap(a any, raw json.RawMessage) (map[string]any, error) {
	switch a := a.(type) {
	case nil:
		if len(raw) == 0 {
			return nil, nil
		}
	case map[string]any:
		return maps.Clone(a), nil
	}
	data := []byte(raw)
	if a != nil {
		var err error
		if data, err = json.Marshal(a); err != nil {
			return nil, fmt.Errorf("idem: arguments do not marshal to JSON: %v", err)
		}
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

// Request returns the request sent, key included.
func (c *Call) Request() mcp.CallToolRequest { return c.req }

// Do makes the call on cl (see idem.Run): it sends it and returns its
// result; if the outcome is unknown (timeout, closed transport), it probes
// the server with tools/list, reads the call's status back, and then
// returns the recorded result, polls while the call runs, or sends again
// with the same key if it failed or never arrived (at most MaxResends
// times). Errors are *idem.CallError values; test them with errors.Is
// against idem.ErrUnreachable, idem.ErrInProgress, ...
func (c *Call) Do(ctx context.Context, cl Client) (*mcp.CallToolResult, error) {
	if c.err != nil {
		return nil, c.err
	}
	if cl == nil {
		return nil, errors.New("idem: nil client")
	}
	ops := idem.Ops[*mcp.CallToolResult]{
		Send: func(ctx context.Context) (*mcp.CallToolResult, error) {
			req := c.req
			req.Params.Meta = &mcp.Meta{ProgressToken: c.req.Params.Meta.ProgressToken, AdditionalFields: maps.Clone(c.req.Params.Meta.AdditionalFields)}
			return cl.CallTool(ctx, req)
		},
		Probe: func(ctx context.Context) error {
			_, err := cl.ListTools(ctx, mcp.ListToolsRequest{})
			return err
		},
		Status: func(ctx context.Context, taskID string) (idem.StatusDoc, error) {
			return ReadStatus(ctx, cl, taskID)
		},
		Decode:   codec{}.Decode,
		Info:     ResultInfo,
		NeverRan: NeverRan,
	}
	if c.opts.ReadBack != nil {
		ops.ReadBack = func(ctx context.Context) (*mcp.CallToolResult, bool, error) {
			return c.opts.ReadBack(ctx, cl, c.state.Key)
		}
	}
	return idem.Run(ctx, &c.state, ops, &c.opts.ClientOptions)
}

// CallTool makes one logical call with a new idempotency key:
// NewCall(req, opts).Do(ctx, cl). It replaces cl.CallTool(ctx, req) for
// tools whose calls must not run twice.
func CallTool(ctx context.Context, cl Client, req mcp.CallToolRequest, opts *CallOptions) (*mcp.CallToolResult, error) {
	return NewCall(req, opts).Do(ctx, cl)
}

// ReadStatus reads the status resource of a task id. It returns an error
// wrapping idem.ErrNoStatus if the server does not serve it.
func ReadStatus(ctx context.Context, cl Client, taskID string) (idem.StatusDoc, error) {
	uri := idem.StatusURI(taskID)
	var req mcp.ReadResourceRequest
	req.Params.URI = uri
	rr, err := cl.ReadResource(ctx, req)
	if err != nil {
		if errors.Is(err, mcp.ErrResourceNotFound) || errors.Is(err, mcp.ErrMethodNotFound) || errors.Is(err, mcp.ErrInvalidParams) {
			return idem.StatusDoc{}, fmt.Errorf("%w: %w", idem.ErrNoStatus, err)
		}
		return idem.StatusDoc{}, err
	}
	for _, c := range rr.Contents {
		switch c := c.(type) {
		case mcp.TextResourceContents:
			return idem.ParseStatusDoc([]byte(c.Text))
		case *mcp.TextResourceContents:
			return idem.ParseStatusDoc([]byte(c.Text))
		}
	}
	return idem.StatusDoc{}, fmt.Errorf("idem: status resource %s has no text", uri)
}

// ResultInfo returns what the server middleware said about a result (the
// idem.ResultInfo in its _meta), and false if it said nothing.
func ResultInfo(r *mcp.CallToolResult) (idem.ResultInfo, bool) {
	if r == nil || r.Meta == nil {
		return idem.ResultInfo{}, false
	}
	return idem.ParseResultInfo(r.Meta.AdditionalFields)
}

// NeverRan reports whether err, returned by CallTool, proves that the
// server did not run the call: a JSON-RPC parse error, invalid request,
// method not found or invalid params, or an authorization failure.
func NeverRan(err error) bool {
	for _, e := range []error{
		mcp.ErrParseError, mcp.ErrInvalidRequest, mcp.ErrMethodNotFound, mcp.ErrInvalidParams,
		transport.ErrUnauthorized, transport.ErrAuthorizationRequired, transport.ErrOAuthAuthorizationRequired,
	} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}
