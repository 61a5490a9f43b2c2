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
