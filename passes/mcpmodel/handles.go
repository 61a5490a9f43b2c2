package mcpmodel

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"
)

// Handles is an object fact on an exported function whose function
// literal is the handler of a tool its own package registers: a tool
// constructor that returns the tool and its handler (buildkite's
// CreateBuild(client) (mcp.Tool, handler, scopes)), whose package's
// model registers the pair where it is made. The packages that import
// it and register the same tool again (a toolset table, the server's
// loop) then leave its handler to that package's checks (Tool.Upstream):
// one finding per handler, not one per layer.
type Handles struct {
	Tools []HandledTool
}

// HandledTool is one tool of a Handles fact: the literal (its ordinal
// in the function, plus one, as effects.LitRef.Ord counts), the tool's
// name and its hints as registered there.
type HandledTool struct {
	Ord                           int
	Name                          string
	Idempotent, ReadOnly, Destroy Hint
}

func (*Handles) AFact() {}

func (f *Handles) String() string {
	var parts []string
	for _, t := range f.Tools {
		parts = append(parts, strconv.Itoa(t.Ord)+":"+t.Name)
	}
	return "handles(" + strings.Join(parts, ", ") + ")"
}

// exportHandles exports the Handles facts of the package's exported
// functions whose literals are handlers of its named tools.
func (b *builder) exportHandles() {
	if b.vf == nil {
		return
	}
	var facts map[*types.Func]*Handles
	var generated map[*token.File]bool // made on the first candidate
	for _, t := range b.model.Tools {
		if t.Name == "" || t.Handler == nil || t.Handler.Lit == nil || t.Test {
			continue
		}
		if generated == nil {
			generated = make(map[*token.File]bool)
			for _, f := range b.pass.Files {
				if ast.IsGenerated(f) {
					generated[b.pass.Fset.File(f.Pos())] = true
				}
			}
		}
		// A finding in a generated file is not reported (the
		// checks skip it): the importers' registrations are.
		if generated[b.pass.Fset.File(t.Reg.Pos())] || generated[b.pass.Fset.File(t.Handler.Lit.Pos())] {
			continue
		}
		fn, ord, ok := b.vf.LitOrdinal(t.Handler.Lit)
		if !ok || !fn.Exported() || !handsOut(fn) {
			continue
		}
		if facts == nil {
			facts = make(map[*types.Func]*Handles)
		}
		f := facts[fn]
		if f == nil {
			f = new(Handles)
			facts[fn] = f
		}
		f.Tools = append(f.Tools, HandledTool{Ord: ord + 1, Name: t.Name, Idempotent: t.Idempotent, ReadOnly: t.ReadOnly, Destroy: t.Destructive})
	}
	for fn, f := range facts {
		b.pass.ExportObjectFact(fn, f)
	}
}

// markUpstream sets Tool.Upstream on the tools whose handler a Handles
// fact of its function lists under the same name and hints.
func (b *builder) markUpstream() {
	for _, t := range b.model.Tools {
		h := t.Handler
		if h == nil || h.Obj == nil || h.Ref.Ord == 0 || h.Ref.In != "" || h.Obj.Pkg() == nil || h.Obj.Pkg() == b.pass.Pkg {
			continue
		}
		var f Handles
		if !b.pass.ImportObjectFact(h.Obj, &f) {
			continue
		}
		for _, u := range f.Tools {
			if u.Ord == h.Ref.Ord && u.Name == t.Name && u.Idempotent == t.Idempotent && u.ReadOnly == t.ReadOnly && u.Destroy == t.Destructive {
				t.Upstream = true
			}
		}
	}
}

// handsOut reports whether fn returns a function or a struct with a
// function field: a handler an importer can register again.
func handsOut(fn *types.Func) bool {
	res := fn.Signature().Results()
	for i := 0; i < res.Len(); i++ {
		t := res.At(i).Type()
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		switch u := t.Underlying().(type) {
		case *types.Signature:
			return true
		case *types.Struct:
			for j := 0; j < u.NumFields(); j++ {
				if _, ok := u.Field(j).Type().Underlying().(*types.Signature); ok {
					return true
				}
			}
		}
	}
	return false
}
