package gosdk

import (
	"context"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Annotations stored into the tool after its literal: the tool registered
// is the one the stores leave.
func RegisterStored(s *mcp.Server) {
	// ok: annotated idempotent by the store after the literal.
	idem := &mcp.Tool{Name: "stored_idem"}
	idem.Annotations = &mcp.ToolAnnotations{IdempotentHint: true}
	mcp.AddTool(s, idem, func(ctx context.Context, req *mcp.CallToolRequest, in ChargeIn) (*mcp.CallToolResult, any, error) {
		return nil, nil, led.Append(in.Account, in.Amount)
	})
	// ok: the same through a local annotations value.
	ann := mcp.ToolAnnotations{}
	ann.IdempotentHint = true
	mcp.AddTool(s, &mcp.Tool{Name: "stored_ann", Annotations: &ann}, func(ctx context.Context, req *mcp.CallToolRequest, in ChargeIn) (*mcp.CallToolResult, any, error) {
		return nil, nil, led.Append(in.Account, in.Amount)
	})
	// ok: annotated read-only when the environment says so: the hint is
	// not known here.
	maybe := &mcp.Tool{Name: "stored_maybe"}
	if os.Getenv("READ_ONLY") == "1" {
		maybe.Annotations = &mcp.ToolAnnotations{ReadOnlyHint: true}
	}
	mcp.AddTool(s, maybe, func(ctx context.Context, req *mcp.CallToolRequest, in ChargeIn) (*mcp.CallToolResult, any, error) {
		return nil, nil, led.Append(in.Account, in.Amount)
	})
	// A store that annotates nothing the rule reads leaves it reported.
	plain := &mcp.Tool{Name: "stored_plain"}
	plain.Annotations = &mcp.ToolAnnotations{Title: "Plain"}
	mcp.AddTool(s, plain, func(ctx context.Context, req *mcp.CallToolRequest, in ChargeIn) (*mcp.CallToolResult, any, error) {
		return nil, nil, led.Append(in.Account, in.Amount) // want `tool "stored_plain" is not idempotent`
	})
}

type storedEntry struct {
	tool    *mcp.Tool
	handler mcp.ToolHandlerFor[ChargeIn, any]
}

type copiedEntry struct {
	tool    mcp.Tool
	handler mcp.ToolHandlerFor[ChargeIn, any]
}

func markedCharge(ctx context.Context, req *mcp.CallToolRequest, in ChargeIn) (*mcp.CallToolResult, any, error) {
	return nil, nil, led.Append(in.Account, in.Amount)
}

func copiedCharge(ctx context.Context, req *mcp.CallToolRequest, in ChargeIn) (*mcp.CallToolResult, any, error) {
	return nil, nil, led.Append(in.Account, in.Amount) // want `tool "copied_charge" is not idempotent`
}

// RegisterMarked marks a table's tools idempotent in a loop before it
// registers them.
func RegisterMarked(s *mcp.Server) {
	// ok: the loop's element is a copy, but its tool is a pointer: the
	// store reaches the tool the table holds.
	marked := []storedEntry{{tool: &mcp.Tool{Name: "marked_charge"}, handler: markedCharge}}
	for _, e := range marked {
		e.tool.Annotations = &mcp.ToolAnnotations{IdempotentHint: true}
	}
	for _, e := range marked {
		mcp.AddTool(s, e.tool, e.handler)
	}
	// The element and its tool are copies: the table's tool keeps no
	// annotations.
	copied := []copiedEntry{{tool: mcp.Tool{Name: "copied_charge"}, handler: copiedCharge}}
	for _, e := range copied {
		e.tool.Annotations = &mcp.ToolAnnotations{IdempotentHint: true}
	}
	for _, e := range copied {
		mcp.AddTool(s, &e.tool, e.handler)
	}
}

// addIdempotent annotates the tool it is given before it registers it.
func addIdempotent(s *mcp.Server, t *mcp.Tool, h mcp.ToolHandlerFor[ChargeIn, any]) {
	t.Annotations = &mcp.ToolAnnotations{IdempotentHint: true}
	mcp.AddTool(s, t, h)
}

type modeServer struct {
	readOnly bool
	tools    []*mcp.Tool
}

func modeCharge(ctx context.Context, req *mcp.CallToolRequest, in ChargeIn) (*mcp.CallToolResult, any, error) {
	return nil, nil, led.Append(in.Account, in.Amount)
}

func helpedCharge(ctx context.Context, req *mcp.CallToolRequest, in ChargeIn) (*mcp.CallToolResult, any, error) {
	return nil, nil, led.Append(in.Account, in.Amount)
}

func RegisterHelped(s *mcp.Server) {
	// ok: the helper annotates it idempotent.
	addIdempotent(s, &mcp.Tool{Name: "helped_charge"}, helpedCharge)

	// ok: marked read-only in read-only mode, which the environment
	// chooses: the hint is not known here.
	m := &modeServer{readOnly: os.Getenv("READ_ONLY") == "1"}
	m.tools = []*mcp.Tool{{Name: "mode_charge"}}
	if m.readOnly {
		for _, t := range m.tools {
			t.Annotations = &mcp.ToolAnnotations{ReadOnlyHint: true}
		}
	}
	for _, t := range m.tools {
		mcp.AddTool(s, t, modeCharge)
	}
}
