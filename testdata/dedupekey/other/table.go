package other

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/gosdk"
)

type handler = func(context.Context, *mcp.CallToolRequest, gosdk.ChargeIn) (*mcp.CallToolResult, any, error)

// One registration, reported once: at the loop's registration, as the
// engine resolves it (with two elements or more, at each element).
var table = []struct {
	tool *mcp.Tool
	h    handler
}{
	{&mcp.Tool{Name: "remote_table"}, gosdk.ExportedTable},
}

func RegisterTable(s *mcp.Server) {
	for _, e := range table {
		mcp.AddTool(s, e.tool, e.h) // want `tool "remote_table" is not idempotent but writes a file \(gosdk.ExportedTable\)`
	}
}

// Two elements: one registration each.
var pair = []struct {
	tool *mcp.Tool
	h    handler
}{
	{&mcp.Tool{Name: "remote_pair"}, gosdk.ExportedPair}, // want `tool "remote_pair" is not idempotent but writes a file \(gosdk.ExportedPair\)`
	// ok: idempotent.
	{&mcp.Tool{Name: "remote_pair_idem", Annotations: &mcp.ToolAnnotations{IdempotentHint: true}}, gosdk.ExportedPair},
}

func RegisterPair(s *mcp.Server) {
	for _, e := range pair {
		mcp.AddTool(s, e.tool, e.h)
	}
}
