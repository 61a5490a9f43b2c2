// Package reg registers every value of its tool types through one template. // want package:"mcppackage\\(sdk=true, tooltypes=false\\)" package:"layers"
package reg

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type Def struct {
	Name       string
	Idempotent bool
	ReadOnly   *bool                  // a condition on the pointer is not followed
	Handler    server.ToolHandlerFunc // want Handler:"toollayer\\(mcp-go, name=.Name, idempotent=.Idempotent, readonly=unknown\\)"
}

func Register(s *server.MCPServer, defs []Def) {
	for _, d := range defs {
		s.AddTool(mcp.NewTool(d.Name,
			mcp.WithIdempotentHintAnnotation(d.Idempotent),
			mcp.WithReadOnlyHintAnnotation(d.ReadOnly != nil && *d.ReadOnly),
		), d.Handler)
	}
}

func NewDef(name string, idempotent bool, h server.ToolHandlerFunc) *Def { // want NewDef:"toolconstructor\\(Handler, \\[\\{Name 0\\} \\{Idempotent 1\\} \\{ReadOnly -1\\} \\{Handler 2\\}\\]\\)"
	return &Def{Name: name, Idempotent: idempotent, ReadOnly: nil, Handler: h}
}

// The template sets constant hints and calls the handler in a closure.
type Fixed struct {
	Title string
	Run   func(ctx context.Context, args map[string]any) (string, error) // want Run:"toollayer\\(mcp-go, name=\"fixed\", idempotent=true, readonly=false\\)"
}

func RegisterFixed(s *server.MCPServer, f Fixed) {
	s.AddTool(mcp.NewTool("fixed", mcp.WithIdempotentHintAnnotation(true)), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		out, err := f.Run(ctx, req.GetArguments())
		return mcp.NewToolResultText(out), err
	})
}

// Hints converted by a function the model does not follow: no fact.
type Opaque struct {
	Flags   int
	Handler server.ToolHandlerFunc
}

func RegisterOpaque(s *server.MCPServer, o Opaque) {
	s.AddTool(mcp.NewTool("opaque", mcp.WithToolAnnotation(annotations(o.Flags))), o.Handler)
}

func annotations(flags int) mcp.ToolAnnotation {
	return mcp.ToolAnnotation{ReadOnlyHint: mcp.ToBoolPtr(flags&1 != 0)}
}
