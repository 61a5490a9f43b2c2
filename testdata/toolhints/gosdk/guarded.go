package gosdk

import (
	"context"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// toolMeta picks the annotations by its readOnly parameter, with an
// early return (hugo-mcp-go's shape).
func toolMeta(name string, readOnly bool) *mcp.Tool {
	t := &mcp.Tool{Name: name}
	if readOnly {
		t.Annotations = &mcp.ToolAnnotations{ReadOnlyHint: true}
		return t
	}
	t.Annotations = &mcp.ToolAnnotations{DestructiveHint: ptrTo(true)}
	return t
}

func ptrTo(b bool) *bool { return &b }

type noteIn struct {
	Path string `json:"path"`
}

func RegisterMeta(s *mcp.Server) {
	mcp.AddTool(s, toolMeta("peek_note", true), func(ctx context.Context, _ *mcp.CallToolRequest, in noteIn) (*mcp.CallToolResult, any, error) {
		return nil, nil, os.WriteFile(in.Path, nil, 0o644) // want `tool "peek_note" is annotated read-only`
	})
	// ok: readOnly false chooses the other annotations.
	mcp.AddTool(s, toolMeta("write_note", false), func(ctx context.Context, _ *mcp.CallToolRequest, in noteIn) (*mcp.CallToolResult, any, error) {
		return nil, nil, os.WriteFile(in.Path, nil, 0o644)
	})
}
