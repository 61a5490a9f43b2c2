// Package reg registers every value of its tool types through one template. // want package:"mcppackage\\(sdk=true, tooltypes=false\\)" package:"templates"
package reg

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type Def struct {
	Name       string
	Idempotent bool
	ReadOnly   *bool // a condition on the pointer is not followed
	Handler    server.ToolHandlerFunc
}

// The registration's values are an element of defs: a placeholder (p2)
// the importer binds to each element it passes.
func Register(s *server.MCPServer, defs []Def) { // want Register:"registers\\(mcp-go def=.*NewTool\\(..\\) handler=p2.Handler loops=1\\)"
	for _, d := range defs {
		s.AddTool(mcp.NewTool(d.Name,
			mcp.WithIdempotentHintAnnotation(d.Idempotent),
			mcp.WithReadOnlyHintAnnotation(d.ReadOnly != nil && *d.ReadOnly),
		), d.Handler)
	}
}

// A constructor is the engine's (a FuncSummary), not a template.
func NewDef(name string, idempotent bool, h server.ToolHandlerFunc) *Def {
	return &Def{Name: name, Idempotent: idempotent, ReadOnly: nil, Handler: h}
}

// The template sets constant hints and calls the handler in a closure.
type Fixed struct {
	Title string
	Run   func(ctx context.Context, args map[string]any) (string, error)
}

// The literal forwards to the value's Run: the handler is f.Run.
func RegisterFixed(s *server.MCPServer, f Fixed) { // want RegisterFixed:"registers\\(mcp-go def=.*NewTool\\(..\\) handler=p1.Run loops=0\\)"
	s.AddTool(mcp.NewTool("fixed", mcp.WithIdempotentHintAnnotation(true)), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		out, err := f.Run(ctx, req.GetArguments())
		return mcp.NewToolResultText(out), err
	})
}

// Hints converted by a function the model does not follow: the
// importer's registrations have unknown hints.
type Opaque struct {
	Flags   int
	Handler server.ToolHandlerFunc
}

func RegisterOpaque(s *server.MCPServer, o Opaque) { // want RegisterOpaque:"registers\\(mcp-go def=.*NewTool\\(..\\) handler=p1.Handler loops=0\\)"
	s.AddTool(mcp.NewTool("opaque", mcp.WithToolAnnotation(annotations(o.Flags))), o.Handler)
}

func annotations(flags int) mcp.ToolAnnotation {
	return mcp.ToolAnnotation{ReadOnlyHint: mcp.ToBoolPtr(flags&1 != 0)}
}

// A registration of constants only is no template.
func RegisterConst(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("const"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, nil
	})
}

// Nor is an unexported function's: no importer can call it.
func registerOne(s *server.MCPServer, d Def) {
	s.AddTool(mcp.NewTool(d.Name), d.Handler)
}
