// Package gosdk applies idem to the official Go SDK,
// github.com/modelcontextprotocol/go-sdk: a receiving middleware that runs
// each tools/call at most once per idempotency key, the status resource
// tasks://{task_id}/status, Accept for work finished in the background,
// and a client helper that sends one key with every attempt and reads the
// outcome back before it sends again.
//
// A server adds two lines:
//
//	store, err := sqlitestore.Open("idem.db", nil) // survives restarts
//	gosdk.Install(server, store, nil)         // middleware + status resource
//
// A client replaces CallTool:
//
//	res, err := gosdk.CallTool(ctx, session, &mcp.CallToolParams{Name: "charge", Arguments: args}, nil)
package gosdk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpvet/mcpvet/idem"
)

// Install adds the idem middleware and the status resource to s, and
// returns the Guard they share. opts may be nil. Install must run before s
// serves requests.
func Install(s *mcp.Server, store idem.Store, opts *idem.Options) *idem.Guard {
	g := idem.NewGuard(store, opts)
	s.AddReceivingMiddleware(Middleware(g))
	t, h := StatusResource(g)
	s.AddResourceTemplate(t, h)
	return g
}

// Middleware returns a receiving middleware that passes every tools/call
// through g (see idem.Execute): a call without an idempotency key runs
// unchanged; a call with one runs its handler at most once per key, and
// repeats get the recorded result. Other methods pass through.
func Middleware(g *idem.Guard) mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method != "tools/call" {
				return next(ctx, method, req)
			}
			ctr, ok := req.(*mcp.CallToolRequest)
			if !ok || ctr.Params == nil {
				return next(ctx, method, req)
			}
			call := idem.Call{Tool: ctr.Params.Name, Meta: ctr.Params.Meta, Arguments: ctr.Params.Arguments}
			res, err := idem.Execute(ctx, g, codec{}, call, func(ctx context.Context) (*mcp.CallToolResult, error) {
				r, err := next(ctx, method, req)
				if err != nil {
					return nil, err
				}
				ctr, ok := r.(*mcp.CallToolResult)
				if !ok {
					return nil, fmt.Errorf("idem: tools/call returned %T, not *mcp.CallToolResult", r)
				}
				return ctr, nil
			})
			if res == nil {
				return nil, err // a nil *CallToolResult is not a nil Result
			}
			return res, err
		}
	}
}

// StatusResource returns the resource template tasks://{task_id}/status
// and its handler, which serves the idem.StatusDoc of a task as JSON
// (status not_found for an unknown task id).
func StatusResource(g *idem.Guard) (*mcp.ResourceTemplate, mcp.ResourceHandler) {
	t := &mcp.ResourceTemplate{
		Name:        "idempotent-call-status",
		Title:       "Status of an idempotent tool call",
		Description: "The status of a tools/call sent with an idempotency key: pending, running, done (with the recorded result), failed or not_found. The task id is idem.TaskID(key).",
		URITemplate: idem.StatusURITemplate,
		MIMEType:    idem.StatusMIMEType,
	}
	h := func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		uri := req.Params.URI
		taskID, ok := idem.ParseStatusURI(uri)
		if !ok {
			return nil, mcp.ResourceNotFoundError(uri)
		}
		doc, err := g.Status(ctx, taskID)
		if err != nil {
			return nil, err
		}
		data, err := json.Marshal(doc)
		if err != nil {
			return nil, err
		}
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: idem.StatusMIMEType, Text: string(data)}}}, nil
	}
	return t, h
}

// Accept accepts the call at once and runs work in the background (see
// idem.Accept): it returns a result that says the call is running, with
// its task id and status URI, and records work's result when it returns.
// Use it in a handler that runs under the middleware:
//
//	func(ctx context.Context, req *mcp.CallToolRequest, in Input) (*mcp.CallToolResult, any, error) {
//		res, err := gosdk.Accept(ctx, func(ctx context.Context) (*mcp.CallToolResult, error) {
//			return export(ctx, in) // the long work
//		})
//		return res, nil, err
//	}
func Accept(ctx context.Context, work func(context.Context) (*mcp.CallToolResult, error)) (*mcp.CallToolResult, error) {
	return idem.Accept(ctx, codec{}, work)
}

// codec is the idem.Codec of *mcp.CallToolResult.
type codec struct{}

func (codec) Encode(r *mcp.CallToolResult) ([]byte, error) {
	if r == nil {
		return nil, errors.New("nil result")
	}
	c := *r
	c.Meta = withoutInfo(c.Meta)
	return json.Marshal(&c)
}

func (codec) Decode(data []byte) (*mcp.CallToolResult, error) {
	var r mcp.CallToolResult
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, err
	}
	if r.Content == nil {
		r.Content = []mcp.Content{}
	}
	return &r, nil
}

func (codec) Complete(r *mcp.CallToolResult) bool {
	return r != nil && r.InputRequests == nil && r.RequestState == ""
}

func (codec) IsError(r *mcp.CallToolResult) bool { return r != nil && r.IsError }

func (codec) Notice(info idem.ResultInfo, msg string, isError bool) *mcp.CallToolResult {
	return &mcp.CallToolResult{
		Meta:    mcp.Meta{idem.ResultMetaKey: info.Map()},
		Content: []mcp.Content{&mcp.TextContent{Text: msg}},
		IsError: isError,
	}
}

func (codec) Annotate(r *mcp.CallToolResult, info idem.ResultInfo) *mcp.CallToolResult {
	if r == nil {
		return r
	}
	c := *r
	m := make(mcp.Meta, len(r.Meta)+1)
	for k, v := range r.Meta {
		m[k] = v
	}
	m[idem.ResultMetaKey] = info.Map()
	c.Meta = m
	return &c
}

func withoutInfo(m mcp.Meta) mcp.Meta {
	if _, ok := m[idem.ResultMetaKey]; !ok {
		return m
	}
	c := make(mcp.Meta, len(m))
	for k, v := range m {
		if k != idem.ResultMetaKey {
			c[k] = v
		}
	}
	return c
}
