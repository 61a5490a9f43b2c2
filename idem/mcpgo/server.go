// Package mcpgo applies idem to github.com/mark3labs/mcp-go: a tool
// handler middleware that runs each tools/call at most once per
// idempotency key, the status resource tasks://{task_id}/status, Accept
// for work finished in the background, and a client helper that sends one
// key with every attempt and reads the outcome back before it sends again.
//
// A server adds two lines:
//
//	store, err := sqlitestore.Open("idem.db", nil) // survives restarts
//	mcpgo.Install(s, store, nil)              // middleware + status resource
//
// A client replaces CallTool:
//
//	res, err := mcpgo.CallTool(ctx, c, req, nil)
package mcpgo

import (
	"context"
	"encoding/json"
	"errors"
	"maps"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/mcpvet/mcpvet/idem"
)

// Install adds the idem middleware (s.Use) and the status resource
// template to s, and returns the Guard they share. opts may be nil.
// Install must run before s serves requests.
func Install(s *server.MCPServer, store idem.Store, opts *idem.Options) *idem.Guard {
	g := idem.NewGuard(store, opts)
	s.Use(Middleware(g))
	t, h := StatusResource(g)
	s.AddResourceTemplate(t, h)
	return g
}

// Middleware returns a tool handler middleware that passes every tool call
// through g (see idem.Execute): a call without an idempotency key runs
// unchanged; a call with one runs its handler at most once per key, and
// repeats get the recorded result. Add it with s.Use or
// server.WithToolHandlerMiddleware.
func Middleware(g *idem.Guard) server.ToolHandlerMiddleware {
	return func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var meta map[string]any
			if req.Params.Meta != nil {
				meta = req.Params.Meta.AdditionalFields
			}
			args := []byte(req.Params.RawArguments)
			if len(args) == 0 && req.Params.Arguments != nil {
				var err error
				if args, err = json.Marshal(req.Params.Arguments); err != nil {
					return mcp.NewToolResultErrorf("idem: arguments do not marshal to JSON: %v", err), nil
				}
			}
			call := idem.Call{Tool: req.Params.Name, Meta: meta, Arguments: args}
			return idem.Execute(ctx, g, codec{}, call, func(ctx context.Context) (*mcp.CallToolResult, error) {
				return next(ctx, req)
			})
		}
	}
}

// StatusResource returns the resource template tasks://{task_id}/status
// and its handler, which serves the idem.StatusDoc of a task as JSON
// (status not_found for an unknown task id).
func StatusResource(g *idem.Guard) (mcp.ResourceTemplate, server.ResourceTemplateHandlerFunc) {
	t := mcp.NewResourceTemplate(idem.StatusURITemplate, "idempotent-call-status",
		mcp.WithTemplateTitle("Status of an idempotent tool call"),
		mcp.WithTemplateDescription("The status of a tools/call sent with an idempotency key: pending, running, done (with the recorded result), failed or not_found. The task id is idem.TaskID(key)."),
		mcp.WithTemplateMIMEType(idem.StatusMIMEType))
	h := func(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
		uri := req.Params.URI
		taskID, ok := idem.ParseStatusURI(uri)
		if !ok {
			return nil, mcp.ErrResourceNotFound
		}
		doc, err := g.Status(ctx, taskID)
		if err != nil {
			return nil, err
		}
		data, err := json.Marshal(doc)
		if err != nil {
			return nil, err
		}
		return []mcp.ResourceContents{mcp.TextResourceContents{URI: uri, MIMEType: idem.StatusMIMEType, Text: string(data)}}, nil
	}
	return t, h
}

// Accept accepts the call at once and runs work in the background (see
// idem.Accept): it returns a result that says the call is running, with
// its task id and status URI, and records work's result when it returns.
// Use it in a handler that runs under the middleware:
//
//	func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
//		return mcpgo.Accept(ctx, func(ctx context.Context) (*mcp.CallToolResult, error) {
//			return export(ctx, req) // the long work
//		})
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
	c.ResultType = ""
	c.Meta = withoutInfo(c.Meta)
	return json.Marshal(c)
}

func (codec) Decode(data []byte) (*mcp.CallToolResult, error) {
	raw := json.RawMessage(data)
	return mcp.ParseCallToolResult(&raw)
}

func (codec) Complete(r *mcp.CallToolResult) bool { return r != nil && !r.NeedsInput() }

func (codec) IsError(r *mcp.CallToolResult) bool { return r != nil && r.IsError }

func (codec) Notice(info idem.ResultInfo, msg string, isError bool) *mcp.CallToolResult {
	r := mcp.NewToolResultText(msg)
	r.IsError = isError
	r.Meta = mcp.NewMetaFromMap(map[string]any{idem.ResultMetaKey: info.Map()})
	return r
}

func (codec) Annotate(r *mcp.CallToolResult, info idem.ResultInfo) *mcp.CallToolResult {
	if r == nil {
		return r
	}
	c := *r
	m := &mcp.Meta{AdditionalFields: map[string]any{}}
	if r.Meta != nil {
		m.ProgressToken = r.Meta.ProgressToken
		maps.Copy(m.AdditionalFields, r.Meta.AdditionalFields)
	}
	m.AdditionalFields[idem.ResultMetaKey] = info.Map()
	c.Meta = m
	return &c
}

func withoutInfo(m *mcp.Meta) *mcp.Meta {
	if m == nil {
		return nil
	}
	if _, ok := m.AdditionalFields[idem.ResultMetaKey]; !ok {
		return m
	}
	c := &mcp.Meta{ProgressToken: m.ProgressToken, AdditionalFields: maps.Clone(m.AdditionalFields)}
	delete(c.AdditionalFields, idem.ResultMetaKey)
	if c.ProgressToken == nil && len(c.AdditionalFields) == 0 {
		return nil
	}
	return c
}
