package effects

import (
	"go/ast"
	"go/token"
	"sync"

	"golang.org/x/tools/go/analysis"
)

// A Hop is one call on the way from a function to the sink of its effect:
// where it is (file, line and column, since a token.Pos does not survive
// in a fact) and what it calls. The last hop of a complete trail calls the
// sink itself.
type Hop struct {
	Callee    string // "(*ledger.Ledger).Append", or the sink "os.OpenFile"
	Pkg       string // the path of the package the call is in
	File      string
	Line, Col int
}

// maxTrail bounds the hops a fact carries, to keep facts small; a longer
// chain is cut at the far end (the sink is still named by Effect.Sink).
const maxTrail = 6

// trail returns the hops of a call at pos of callee (in the package under
// analysis) followed by the callee's own trail.
func trail(pass *analysis.Pass, pos token.Pos, callee string, rest []Hop) []Hop {
	p := pass.Fset.PositionFor(pos, false)
	if !p.IsValid() {
		return nil
	}
	out := make([]Hop, 0, min(1+len(rest), maxTrail))
	out = append(out, Hop{Callee: callee, Pkg: pass.Pkg.Path(), File: p.Filename, Line: p.Line, Col: p.Column})
	for _, h := range rest {
		if len(out) == maxTrail {
			break
		}
		out = append(out, h)
	}
	return out
}

// at returns a copy of e, the effect of call, whose trail starts at call.
func (e *Effect) at(pass *analysis.Pass, call *ast.CallExpr) *Effect {
	c := *e
	c.Asserted = false // the callee's author spoke for the callee only
	callee := e.Via
	if callee == "" {
		callee = e.Sink
	}
	c.Trail = trail(pass, callPos(call), callee, e.Trail)
	return &c
}

// callPos is where a call names its callee: the selector of x.F(...), so
// that a hop in a chain split over lines, c.Resource(gvr).Update(...), is
// on the line of Update.
func callPos(call *ast.CallExpr) token.Pos {
	fun := ast.Unparen(call.Fun)
	switch f := fun.(type) {
	case *ast.IndexExpr:
		fun = f.X
	case *ast.IndexListExpr:
		fun = f.X
	}
	if sel, ok := ast.Unparen(fun).(*ast.SelectorExpr); ok {
		return sel.Sel.Pos()
	}
	return call.Pos()
}

// trailFiles finds the fset's files by name, for positions kept in facts.
type trailFiles struct {
	once  sync.Once
	files map[string]*token.File
}

func (t *trailFiles) file(fset *token.FileSet, name string) *token.File {
	t.once.Do(func() {
		t.files = make(map[string]*token.File)
		fset.Iterate(func(f *token.File) bool {
			if _, dup := t.files[f.Name()]; !dup {
				t.files[f.Name()] = f
			}
			return true
		})
	})
	return t.files[name]
}

// hopPos returns the position of h in fset, or NoPos when fset has no
// file of that name with that line. Under go vet, the files of imported
// packages come from export data, with one byte per line and only as
// many lines as the positions of their exported objects need: a hop past
// them is not shown, and a hop is shown at its line's start.
func (r *Result) hopPos(fset *token.FileSet, h Hop) token.Pos {
	tf := r.files.file(fset, h.File)
	if tf == nil || h.Line < 1 || h.Line > tf.LineCount() {
		return token.NoPos
	}
	start := tf.LineStart(h.Line)
	end := tf.Base() + tf.Size()
	if h.Line < tf.LineCount() {
		end = int(tf.LineStart(h.Line + 1))
	}
	if h.Col > 1 && int(start)+h.Col-1 < end {
		return start + token.Pos(h.Col-1)
	}
	return start
}

// Related turns the trail of e, the effect of a call or of a handler,
// into related positions, one for each hop that lies in the module under
// analysis: "calls (*ledger.Ledger).Append", and at the sink "commits the
// file write here: os.OpenFile", so that an editor or a code-scanning
// view can walk from the finding to the write. Hops in other modules, and
// hops whose file fset does not have (see hopPos), are left out.
func (r *Result) Related(fset *token.FileSet, e *Effect) []analysis.RelatedInformation {
	if e == nil {
		return nil
	}
	var rel []analysis.RelatedInformation
	for i, h := range e.Trail {
		if !sameModule(r.module, h.Pkg) {
			continue
		}
		pos := r.hopPos(fset, h)
		if !pos.IsValid() {
			continue
		}
		msg := "calls " + h.Callee
		if i == len(e.Trail)-1 && h.Callee == e.Sink {
			msg = "commits the " + e.Kind + " here: " + h.Callee
		}
		rel = append(rel, analysis.RelatedInformation{Pos: pos, End: pos, Message: msg})
	}
	return rel
}

// MadeKeyAt returns where the key of e.KeyMade is made, when that is in
// the module under analysis and in a file the fset holds; else
// token.NoPos.
func (r *Result) MadeKeyAt(fset *token.FileSet, e *Effect) token.Pos {
	if e == nil || e.KeyMade == nil || !sameModule(r.module, e.KeyMade.At.Pkg) {
		return token.NoPos
	}
	return r.hopPos(fset, e.KeyMade.At)
}

// AtCall returns a copy of e, the effect of call in the package under
// analysis, whose trail starts at call: for a fact that carries a finding
// about call to the packages that import this one.
func (e *Effect) AtCall(pass *analysis.Pass, call *ast.CallExpr) *Effect { return e.at(pass, call) }

// HopAt returns the hop at pos in the package under analysis, to keep a
// position in a fact; ok is false when pos is not in a file.
func HopAt(pass *analysis.Pass, pos token.Pos, callee string) (h Hop, ok bool) {
	hops := trail(pass, pos, callee, nil)
	if len(hops) == 0 {
		return Hop{}, false
	}
	return hops[0], true
}

// HopPos returns the position of h in fset when it lies in the module
// under analysis and fset has its file (see hopPos), else token.NoPos.
func (r *Result) HopPos(fset *token.FileSet, h Hop) token.Pos {
	if !sameModule(r.module, h.Pkg) {
		return token.NoPos
	}
	return r.hopPos(fset, h)
}
