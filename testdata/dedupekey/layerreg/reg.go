// Package layerreg declares a tool type and registers every value of it;
// the values are built in the packages that import it.
package layerreg

import (
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type Def struct {
	Name       string
	Idempotent bool
	ReadOnly   bool
	Handler    server.ToolHandlerFunc
}

func Register(s *server.MCPServer, defs []Def) {
	for _, d := range defs {
		s.AddTool(mcp.NewTool(d.Name,
			mcp.WithIdempotentHintAnnotation(d.Idempotent),
			mcp.WithReadOnlyHintAnnotation(d.ReadOnly),
		), d.Handler)
	}
}

// Hooks holds callbacks that are never registered as tools.
type Hooks struct {
	Name    string
	OnStart server.ToolHandlerFunc
}

// NewDef is a constructor: importers' calls of it are values of Def.
func NewDef(name string, h server.ToolHandlerFunc) Def {
	return Def{Name: name, Handler: h}
}

// WithReadOnly is a setter the importers' chains call.
func (d Def) WithReadOnly() Def {
	d.ReadOnly = true
	return d
}
