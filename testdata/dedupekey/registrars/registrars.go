// Package registrars registers its tools from a table of specs, each
// naming the client method that serves it; a package-level map of
// registration closures keyed by that name binds each to its typed
// handler (mediawiki-mcp-server's HandlerRegistry). Each tool is the
// spec whose Method selects the closure, never the others.
package registrars

import (
	"context"
	"net/http"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Spec is a tool as the table describes it.
type Spec struct {
	Name        string
	Method      string
	ReadOnly    bool
	Idempotent  bool
	Destructive bool
}

var readSpecs = []Spec{
	{Name: "wiki_search", Method: "Search", ReadOnly: true, Idempotent: true},
}

var writeSpecs = []Spec{
	{Name: "wiki_upload", Method: "Upload"},
	{Name: "wiki_protect", Method: "Protect", Destructive: true},
	{Name: "wiki_rename", Method: "Rename", Idempotent: true},
}

// AllSpecs is every tool, in order.
var AllSpecs = concat(readSpecs, writeSpecs)

func concat(groups ...[]Spec) []Spec {
	var out []Spec
	for _, g := range groups {
		out = append(out, g...)
	}
	return out
}

// Client talks to the wiki.
type Client struct {
	base string
	http *http.Client
}

type QueryArgs struct {
	Query string `json:"query"`
}

type FileArgs struct {
	Name string `json:"name"`
	Body string `json:"body"`
}

type Result struct {
	OK bool `json:"ok"`
}

func (c *Client) send(ctx context.Context, method, path, body string) (Result, error) {
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, strings.NewReader(body))
	if err != nil {
		return Result{}, err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return Result{}, err
	}
	resp.Body.Close()
	return Result{OK: true}, nil
}

func (c *Client) Search(ctx context.Context, a QueryArgs) (Result, error) {
	return c.send(ctx, http.MethodGet, "/search?q="+a.Query, "")
}

func (c *Client) Upload(ctx context.Context, a FileArgs) (Result, error) {
	return c.send(ctx, http.MethodPost, "/files", a.Body) // want `tool "wiki_upload" is not idempotent but sends an HTTP POST`
}

func (c *Client) Protect(ctx context.Context, a FileArgs) (Result, error) {
	return c.send(ctx, http.MethodPut, "/files/"+a.Name+"/protection", "on") // want `tool "wiki_protect" is not marked idempotent and sends an HTTP PUT`
}

func (c *Client) Rename(ctx context.Context, a FileArgs) (Result, error) {
	return c.send(ctx, http.MethodPost, "/files/"+a.Name+"/copies", a.Body) // ok here: annotated idempotent (toolhints' finding)
}

// Registry registers the tools.
type Registry struct {
	client *Client
}

// RegisterAll registers every spec's tool.
func (h *Registry) RegisterAll(s *mcp.Server) {
	for _, spec := range AllSpecs {
		h.registerByName(s, spec)
	}
}

type registrar func(*Registry, *mcp.Server, *mcp.Tool, Spec)

var registrarsByMethod = map[string]registrar{
	"Search": func(h *Registry, s *mcp.Server, t *mcp.Tool, sp Spec) {
		register(h, s, t, sp, h.client.Search)
	},
	"Upload": func(h *Registry, s *mcp.Server, t *mcp.Tool, sp Spec) {
		register(h, s, t, sp, h.client.Upload)
	},
	"Protect": func(h *Registry, s *mcp.Server, t *mcp.Tool, sp Spec) {
		register(h, s, t, sp, h.client.Protect)
	},
	"Rename": func(h *Registry, s *mcp.Server, t *mcp.Tool, sp Spec) {
		register(h, s, t, sp, h.client.Rename)
	},
}

func (h *Registry) registerByName(s *mcp.Server, spec Spec) {
	tool := buildTool(spec)
	if r, ok := registrarsByMethod[spec.Method]; ok {
		r(h, s, tool, spec)
	}
}

func buildTool(spec Spec) *mcp.Tool {
	annotations := &mcp.ToolAnnotations{
		ReadOnlyHint:   spec.ReadOnly,
		IdempotentHint: spec.Idempotent,
	}
	if spec.Destructive {
		annotations.DestructiveHint = ptr(true)
	}
	return &mcp.Tool{
		Name:        spec.Name,
		Annotations: annotations,
	}
}

func ptr[T any](v T) *T { return &v }

func register[Args, Out any](h *Registry, s *mcp.Server, t *mcp.Tool, sp Spec, method func(context.Context, Args) (Out, error)) {
	mcp.AddTool(s, t, func(ctx context.Context, req *mcp.CallToolRequest, args Args) (*mcp.CallToolResult, Out, error) {
		out, err := method(ctx, args)
		return nil, out, err
	})
}
