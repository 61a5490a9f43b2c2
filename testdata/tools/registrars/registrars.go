// Package registrars registers its tools from a table of specs through a
// package-level map of registration literals keyed by the spec's method,
// each of which calls a registrar function of its own (addAppend). The
// literals' calls, whose tool is the literal's parameter, are no
// registrations of their own: one row per spec, none at the literals.
package registrars

import (
	"context"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Spec is a tool as the table describes it.
type Spec struct {
	Name     string
	Method   string
	ReadOnly bool
}

var specs = []Spec{
	{Name: "reg_append", Method: "Append"},
	{Name: "reg_peek", Method: "Peek", ReadOnly: true},
}

// Args are the tools' arguments.
type Args struct {
	Line string `json:"line"`
}

// Store is a log file.
type Store struct{ Path string }

// Append adds a line to the log.
func (st *Store) Append(ctx context.Context, a Args) (string, error) {
	f, err := os.OpenFile(st.Path, os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return "", err
	}
	defer f.Close()
	_, err = f.WriteString(a.Line + "\n")
	return "ok", err
}

// Peek reads the log.
func (st *Store) Peek(ctx context.Context, a Args) (string, error) {
	b, err := os.ReadFile(st.Path)
	return string(b), err
}

type registrar func(*Store, *mcp.Server, *mcp.Tool, Spec)

var byMethod = map[string]registrar{
	"Append": func(st *Store, s *mcp.Server, t *mcp.Tool, sp Spec) {
		addAppend(st, s, t, sp)
	},
	"Peek": func(st *Store, s *mcp.Server, t *mcp.Tool, sp Spec) {
		addPeek(st, s, t, sp)
	},
}

func addTool(s *mcp.Server, t *mcp.Tool, method func(context.Context, Args) (string, error)) {
	mcp.AddTool(s, t, func(ctx context.Context, req *mcp.CallToolRequest, a Args) (*mcp.CallToolResult, string, error) {
		out, err := method(ctx, a)
		return nil, out, err
	})
}

// Register registers every spec's tool.
func Register(st *Store, s *mcp.Server) {
	for _, sp := range specs {
		t := buildTool(sp)
		if r, ok := byMethod[sp.Method]; ok {
			r(st, s, t, sp)
		}
	}
}

func buildTool(sp Spec) *mcp.Tool {
	return &mcp.Tool{Name: sp.Name, Annotations: &mcp.ToolAnnotations{ReadOnlyHint: sp.ReadOnly}}
}

func addAppend(st *Store, s *mcp.Server, t *mcp.Tool, sp Spec) { addTool(s, t, st.Append) }

func addPeek(st *Store, s *mcp.Server, t *mcp.Tool, sp Spec) { addTool(s, t, st.Peek) }
