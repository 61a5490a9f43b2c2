package gosdk

import (
	"context"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Annotations stored into the tool after its literal.
func RegisterStored(s *mcp.Server) {
	idem := &mcp.Tool{Name: "stored_idem"}
	idem.Annotations = &mcp.ToolAnnotations{IdempotentHint: true}
	mcp.AddTool(s, idem, func(ctx context.Context, _ *mcp.CallToolRequest, in noteIn) (*mcp.CallToolResult, any, error) {
		f, err := os.OpenFile(in.Path, os.O_APPEND|os.O_WRONLY, 0o644) // want `tool "stored_idem" is annotated idempotent`
		if err != nil {
			return nil, nil, err
		}
		defer f.Close()
		_, err = f.WriteString("line\n")
		return nil, nil, err
	})
	// ok: annotated read-only only when the environment says so.
	maybe := &mcp.Tool{Name: "stored_maybe"}
	if os.Getenv("READ_ONLY") == "1" {
		maybe.Annotations = &mcp.ToolAnnotations{ReadOnlyHint: true}
	}
	mcp.AddTool(s, maybe, func(ctx context.Context, _ *mcp.CallToolRequest, in noteIn) (*mcp.CallToolResult, any, error) {
		return nil, nil, os.WriteFile(in.Path, nil, 0o644)
	})
}
