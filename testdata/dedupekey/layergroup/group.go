// Package layergroup applies hints to groups of tool values in loops.
package layergroup

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/dedupekey/store"
)

var led = &store.Ledger{Path: "ledger"}

type Tool struct {
	Name       string
	ReadOnly   bool
	Idempotent bool
	Run        server.ToolHandlerFunc
}

func (t *Tool) SetReadOnly(v bool) { t.ReadOnly = v }

// A group held by a variable, marked by a loop.
var reads = []*Tool{{Name: "g_list", Run: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, led.Append("g", 1) // ok for dedupekey: read-only by its group
}}}

var writes = []*Tool{{Name: "g_send", Run: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, led.Append("g", 1) // want `tool "g_send" is not idempotent`
}}}

// A group function marking the values passed to it.
func idempotent(ts ...*Tool) []*Tool {
	for _, t := range ts {
		t.Idempotent = true
	}
	return ts
}

var puts = idempotent(&Tool{Name: "g_put", Run: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, led.Append("g", 1) // ok: idempotent by its group
}})

func Register(s *server.MCPServer) {
	for _, t := range reads {
		t.SetReadOnly(true)
	}
	all := append(append(reads, writes...), puts...)
	for _, t := range all {
		s.AddTool(mcp.NewTool(t.Name,
			mcp.WithReadOnlyHintAnnotation(t.ReadOnly),
			mcp.WithIdempotentHintAnnotation(t.Idempotent),
		), t.Run)
	}
}

// A group function called with a variable: which values it marks is not
// known, so the field is not resolved for any value.
type Other struct {
	Name     string
	ReadOnly bool
	Run      server.ToolHandlerFunc
}

func markAll(ts []*Other) {
	for _, t := range ts {
		t.ReadOnly = true
	}
}

var others = []*Other{{Name: "o_write", Run: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, led.Append("o", 1) // ok: the hint is not resolved
}}}

func RegisterOthers(s *server.MCPServer) {
	markAll(others)
	for _, o := range others {
		s.AddTool(mcp.NewTool(o.Name, mcp.WithReadOnlyHintAnnotation(o.ReadOnly)), o.Run)
	}
}

// Two templates register values of one type, read tools with a read-only
// hint and write tools without: each takes the values of its own slice.
type Entry struct {
	Name string
	Run  server.ToolHandlerFunc
}

var readEntries = []Entry{{Name: "e_list", Run: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, led.Append("e", 1) // ok for dedupekey: registered read-only
}}}

var writeEntries = []Entry{{Name: "e_send", Run: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, led.Append("e", 1) // want `tool "e_send" is not idempotent`
}}}

func RegisterEntries(s *server.MCPServer) {
	for _, e := range readEntries {
		s.AddTool(mcp.NewTool(e.Name, mcp.WithReadOnlyHintAnnotation(true)), e.Run)
	}
	for _, e := range writeEntries {
		s.AddTool(mcp.NewTool(e.Name), e.Run)
	}
}

// The same with slices the model cannot see: no value's hints are known.
type Item struct {
	Name string
	Run  server.ToolHandlerFunc
}

func readItems() []Item {
	return []Item{{Name: "i_list", Run: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Append("i", 1) // ok: which template registers it is not known
	}}}
}

func writeItems() []Item { return nil }

func RegisterItems(s *server.MCPServer) {
	for _, it := range readItems() {
		s.AddTool(mcp.NewTool(it.Name, mcp.WithReadOnlyHintAnnotation(true)), it.Run)
	}
	for _, it := range writeItems() {
		s.AddTool(mcp.NewTool(it.Name), it.Run)
	}
}
