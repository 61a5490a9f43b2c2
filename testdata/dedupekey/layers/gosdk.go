// Package layers registers tools through a layer of its own: tool values
// that keep their handler in a field, registered by one generic function.
package layers

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/store"
)

var led = &store.Ledger{Path: "ledger"}

// ---- A slice of definitions registered in a loop (go-sdk). ----

type Definition struct {
	Name        string
	Description string
	Handler     func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error)
	Params      any
}

type srv struct{ s *mcp.Server }

func (s *srv) addEntry(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, led.Append("a", 1) // want `tool "def_add" is not idempotent but`
}

func (s *srv) addKeyed(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var in struct {
		Key string `json:"idempotencyKey"`
	}
	// The key must come from the tool call (a struct never filled from
	// the request holds no client key).
	if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
		return nil, err
	}
	if in.Key == "" {
		return nil, context.Canceled
	}
	return nil, led.Append("a", 1) // ok: keyed
}

func (s *srv) registerAll() {
	defs := []Definition{
		{Name: "def_add", Description: "adds", Handler: s.addEntry},
		{Name: "def_keyed", Description: "adds once", Handler: s.addKeyed},
	}
	defs = append(defs, Definition{
		Name: "def_inline",
		Handler: func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, led.Insert(ctx, "i") // want `tool "def_inline" is not idempotent but writes to an SQL database`
		},
	})
	for _, d := range defs {
		register(s.s, d)
	}
}

func register(server *mcp.Server, def Definition) {
	tool := &mcp.Tool{Name: def.Name, Description: def.Description, InputSchema: def.Params}
	server.AddTool(tool, def.Handler)
}

// ---- Hints read from the value by the registering function. ----

type Annotated struct {
	Name       string
	ReadOnly   bool
	Idempotent bool
	Run        mcp.ToolHandler
}

var annotated = []Annotated{
	{Name: "an_create", Run: func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Insert(ctx, "c") // want `tool "an_create" is not idempotent`
	}},
	{Name: "an_put", Idempotent: true, Run: func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Insert(ctx, "p") // ok: idempotent by the value's field
	}},
	{Name: "an_get", ReadOnly: true, Run: func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Insert(ctx, "g") // ok for dedupekey: read-only (toolhints' business)
	}},
}

func registerAnnotated(server *mcp.Server) {
	for _, a := range annotated {
		server.AddTool(&mcp.Tool{
			Name:        a.Name,
			Annotations: &mcp.ToolAnnotations{ReadOnlyHint: a.ReadOnly, IdempotentHint: a.Idempotent},
		}, a.Run)
	}
}

// ---- Middleware of the package around the stored handler. ----

func logged(name string, h mcp.ToolHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		store.Log("call " + name)
		return h(ctx, req)
	}
}

type Wrapped struct {
	Name string
	H    mcp.ToolHandler
}

func registerWrapped(server *mcp.Server) {
	for _, w := range []Wrapped{
		{Name: "wr_charge", H: func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, led.Append("w", 1) // want `tool "wr_charge" is not idempotent`
		}},
		{Name: "wr_read", H: func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			_, err := led.Count(ctx) // ok: reads only
			return nil, err
		}},
	} {
		server.AddTool(&mcp.Tool{Name: w.Name}, logged(w.Name, w.H))
	}
}

// ---- A func field that is never registered is not a handler. ----

type Job struct {
	Name string
	Run  func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error)
}

var jobs = []Job{{Name: "job_write", Run: func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, led.Append("j", 1) // ok: not a tool
}}}

// ---- Converted hints the model cannot follow mean silence. ----

type Opaque struct {
	Name  string
	Flags int
	Run   mcp.ToolHandler
}

func hints(flags int) *mcp.ToolAnnotations { return &mcp.ToolAnnotations{ReadOnlyHint: flags&1 != 0} }

func registerOpaque(server *mcp.Server) {
	for _, o := range []Opaque{
		{Name: "op_write", Flags: 1, Run: func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, led.Append("o", 1) // ok: hints unknown
		}},
	} {
		server.AddTool(&mcp.Tool{Name: o.Name, Annotations: hints(o.Flags)}, o.Run)
	}
}
