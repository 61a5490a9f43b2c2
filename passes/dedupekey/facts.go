package dedupekey

import (
	"go/ast"
	"go/types"
	"reflect"
	"strconv"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/passes/blocks"
	"github.com/mcpvet/mcpvet/passes/config"
	"github.com/mcpvet/mcpvet/passes/effects"
	"github.com/mcpvet/mcpvet/passes/fresh"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// FreshFallback is the fact that a function reads a dedupe key from what
// its caller gives it and falls back to a fresh value when the key is
// missing (func KeyOr(in In) string { return cmp.Or(in.Key,
// uuid.NewString()) }): a handler of another package that passes it the
// tool call's data has a fresh fallback, as it would with the helper in
// its own package (helperFallback). At is where the fresh value is made.
type FreshFallback struct {
	File      string
	Line, Col int
}

func (*FreshFallback) AFact() {}
func (f *FreshFallback) String() string {
	return "freshFallback(line " + strconv.Itoa(f.Line) + ")"
}

// factsPass exports the FreshFallback facts, inside the blocks analyzer
// (see package blocks): the helper may be in another package than the
// handler that calls it.
var factsPass = &analysis.Analyzer{
	Name:       "dedupekey_facts",
	Doc:        "computes dedupekey's FreshFallback facts, inside the blocks analyzer; it reports nothing",
	Run:        runFacts,
	Requires:   []*analysis.Analyzer{config.Analyzer, valueflow.Analyzer, effects.Analyzer, fresh.Analyzer},
	ResultType: reflect.TypeFor[*factsResult](),
	FactTypes:  []analysis.Fact{new(FreshFallback)},
}

// factsResult is factsPass's result: the pass that imports the facts,
// and the facts it exported.
type factsResult struct {
	pass      *analysis.Pass
	fallbacks map[*types.Func]*FreshFallback
}

func init() { blocks.Register(factsPass) }

func runFacts(pass *analysis.Pass) (any, error) {
	res := &factsResult{pass: pass}
	if analysisutil.Library(pass) {
		return res, nil
	}
	eff := pass.ResultOf[effects.Analyzer].(*effects.Result)
	fr := pass.ResultOf[fresh.Analyzer].(*fresh.Result)
	vf, _ := pass.ResultOf[valueflow.Analyzer].(*valueflow.Result)
	info := pass.TypesInfo
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok || decl.Body == nil || !decl.Name.IsExported() || decl.Type.Params.NumFields() == 0 {
				continue
			}
			fn, _ := info.Defs[decl.Name].(*types.Func)
			if fn == nil || !readsCallerKey(eff, fn) {
				continue // only a key reader can fall back
			}
			h := eff.Handler(info, decl.Recv, decl.Type, decl.Body, nil)
			fz := &freshness{info: info, h: h, fr: fr, vf: vf, eff: eff, params: paramObjs(info, decl.Type), depth: 1, facts: pass}
			h.SetFresh(func(e ast.Expr) bool { return fz.origin(e) != nil })
			fb := findFallback(fz, decl.Body)
			if fb == nil {
				continue
			}
			p := pass.Fset.PositionFor(fb.Pos(), false)
			fact := &FreshFallback{File: p.Filename, Line: p.Line, Col: p.Column}
			pass.ExportObjectFact(fn, fact)
			if res.fallbacks == nil {
				res.fallbacks = make(map[*types.Func]*FreshFallback)
			}
			res.fallbacks[fn] = fact
		}
	}
	return res, nil
}

// readsCallerKey reports whether fn reads a dedupe key from its
// parameters (a KeyRead fact, or an Effect fact keyed by them).
func readsCallerKey(eff *effects.Result, fn *types.Func) bool {
	if kr := eff.FuncKeyRead(fn); kr != nil {
		return len(kr.KeyFrom) > 0
	}
	e := eff.FuncEffect(fn)
	return e != nil && e.KeyChecked && len(e.KeyFrom) > 0
}

// remoteFallback reports whether fn, a function of another package, has a
// FreshFallback fact.
func (fz *freshness) remoteFallback(fn *types.Func) bool {
	if fz.facts == nil || fn.Pkg() == nil || fn.Pkg() == fz.facts.Pkg {
		return false
	}
	return fz.facts.ImportObjectFact(fn.Origin(), new(FreshFallback))
}
