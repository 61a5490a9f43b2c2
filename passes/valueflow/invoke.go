package valueflow

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
)

// Invoked returns the function value that call calls: its Fun, or, for a
// call of a function of this package that calls one of its function
// parameters in its own body (func invoke(f func() error) error { return
// f() }), the argument given for that parameter, through any chain of
// such functions. A retry loop or a middleware that calls its operation
// through a helper calls the operation.
func (r *Result) Invoked(call *ast.CallExpr) ast.Expr {
	if r == nil || r.en == nil || len(call.Args) == 0 {
		return call.Fun
	}
	fn, _ := typeutil.Callee(r.en.info, call).(*types.Func)
	if fn == nil || fn.Pkg() != r.en.pkg {
		return call.Fun
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.en.invokes == nil {
		r.en.findInvokers()
	}
	if j, ok := r.en.invokes[fn.Origin()]; ok && j < len(call.Args) {
		return ast.Unparen(call.Args[j])
	}
	return call.Fun
}

// RunsHere reports whether the function literal lit runs where it is
// written, once, as part of the function that writes it: it is called
// right away (func() error { ... }()), or handed to a function of this
// package that calls it in its own body (Invoked: a retry, rate-limiting
// or transaction helper). What such a literal does, its function does,
// in the literal's place; walks over a function's body enter it where
// they skip other literals (callbacks, goroutines, handlers it
// registers).
func (r *Result) RunsHere(lit *ast.FuncLit) bool {
	call := r.litCall(lit)
	if call == nil {
		return false
	}
	if ast.Unparen(call.Fun) == lit {
		return true
	}
	return r.Invoked(call) == lit
}

// RunsIn returns the function lit runs as part of: the function that
// writes it while it runs where it is written (RunsHere), through any
// nesting of such literals (a declaration, or a literal that does not);
// lit itself otherwise.
func (r *Result) RunsIn(lit *ast.FuncLit) ast.Node {
	var n ast.Node = lit
	for range 8 {
		l, ok := n.(*ast.FuncLit)
		if !ok || !r.RunsHere(l) {
			return n
		}
		in := r.litSite(l).in
		if in == nil {
			return n
		}
		n = in
	}
	return n
}

// CalledHere reports whether the function literal lit is called right
// where it is written (func() error { ... }()): it runs once, in its
// place, whatever the helpers of RunsHere do with theirs (a retry
// helper calls its literal in a loop).
func (r *Result) CalledHere(lit *ast.FuncLit) bool {
	call := r.litCall(lit)
	return call != nil && ast.Unparen(call.Fun) == lit
}

// litCall returns the call lit is the function or an argument of.
func (r *Result) litCall(lit *ast.FuncLit) *ast.CallExpr { return r.litSite(lit).call }

// litSite returns the call lit is the function or an argument of, and
// the function making it.
func (r *Result) litSite(lit *ast.FuncLit) callSite {
	if r == nil || r.en == nil || lit == nil {
		return callSite{}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.en.index().litCalls[lit]
}

// findInvokers fills invokes: the functions of the package that call one
// of their function parameters in their own body (not in a closure, a go
// or a defer statement), directly or through another such function.
func (en *Engine) findInvokers() {
	en.invokes = make(map[*types.Func]int)
	decls := en.index().decls
	for changed, round := true, 0; changed && round < 4; round++ {
		changed = false
		for fn, d := range decls {
			if _, done := en.invokes[fn]; done || d.Body == nil {
				continue
			}
			paramOf, some := analysisutil.ParamOf(en.info, fn, func(p *types.Var) bool {
				_, ok := p.Type().Underlying().(*types.Signature)
				return ok
			})
			if !some {
				continue
			}
			idx := -1
			ast.Inspect(d.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncLit:
					// A literal run right away, or handed to a function
					// found to invoke it, is the function's own code
					// (RunsHere).
					call := en.index().litCalls[n].call
					if call == nil {
						return false
					}
					if ast.Unparen(call.Fun) == n {
						return true
					}
					g, _ := typeutil.Callee(en.info, call).(*types.Func)
					if g == nil {
						return false
					}
					j, ok := en.invokes[g.Origin()]
					return ok && j < len(call.Args) && ast.Unparen(call.Args[j]) == n
				case *ast.GoStmt, *ast.DeferStmt:
					return false
				case *ast.CallExpr:
					if i, ok := paramOf(n.Fun); ok {
						idx = i
					} else if g, _ := typeutil.Callee(en.info, n).(*types.Func); g != nil {
						if j, ok := en.invokes[g.Origin()]; ok && j < len(n.Args) {
							if i, ok := paramOf(n.Args[j]); ok {
								idx = i
							}
						}
					}
				}
				return idx < 0
			})
			if idx >= 0 {
				en.invokes[fn] = idx
				changed = true
			}
		}
	}
}

// Inlined returns the expression whose value the call e returns when e
// only runs a function literal written at it, and the literal's body is
// one return statement: the literal called in place (func() (R, error) {
// return cs.CallTool(ctx, p) }() is cs.CallTool(ctx, p)), or handed to a
// function that returns what it returns (func run[T any](f func() T) T
// { return f() }, by its summary: each result is the same result of
// calling its parameter), through any nesting of both; e otherwise. A
// check that reads a call's syntax (its statement, its error result)
// then reads the call the literal makes.
func (r *Result) Inlined(e ast.Expr) ast.Expr {
	for i := 0; i < 4; i++ {
		x := analysisutil.Inlined(e)
		if x != e {
			e = x
			continue
		}
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || r == nil || r.en == nil || !slices.ContainsFunc(call.Args, isFuncLit) {
			return e // no literal to run: no summary asked (most calls)
		}
		j, ok := r.passesThrough(call)
		if !ok || j >= len(call.Args) {
			return e
		}
		ret, ok := analysisutil.LitReturn(call.Args[j])
		if !ok {
			return e
		}
		e = ret
	}
	return e
}

func isFuncLit(e ast.Expr) bool {
	_, ok := ast.Unparen(e).(*ast.FuncLit)
	return ok
}

// passesThrough returns the parameter of the function call calls whose
// call, without arguments, gives each of its results: every result of
// its summary is that result of calling the parameter.
func (r *Result) passesThrough(call *ast.CallExpr) (int, bool) {
	fn, _ := typeutil.Callee(r.en.info, call).(*types.Func)
	if fn == nil {
		return 0, false
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Results().Len() == 0 {
		return 0, false
	}
	r.mu.Lock()
	r.en.begin()
	sum := r.en.funcSummary(fn.Origin())
	r.mu.Unlock()
	if sum == nil || len(sum.Results) != sig.Results().Len() {
		return 0, false
	}
	param := -1
	for i, v := range sum.Results {
		if v == nil || v.Kind != Method || v.Name != "" || v.Index != i || len(v.Args) != 0 || v.X == nil || v.X.Kind != Param {
			return 0, false
		}
		pv, _ := v.X.Obj.(*types.Var)
		p := -1
		for k := 0; k < sig.Params().Len(); k++ {
			if fn.Origin().Type().(*types.Signature).Params().At(k) == pv {
				p = k
			}
		}
		if p < 0 || param >= 0 && p != param {
			return 0, false
		}
		param = p
	}
	return param, param >= 0
}

// InspectHere is analysisutil.Inspect over the code that runs as part of
// n where it is written: it enters a function literal only where the
// literal runs in place (RunsHere: called right away, or handed to a
// function of the package that calls it), and skips the others
// (callbacks, goroutines' bodies, handlers), which f is not called for.
func (r *Result) InspectHere(n ast.Node, f func(ast.Node) bool) {
	if r == nil || r.en == nil {
		analysisutil.InspectHere(n, f)
		return
	}
	analysisutil.Inspect(n, func(x ast.Node) bool {
		if lit, ok := x.(*ast.FuncLit); ok && !r.RunsHere(lit) {
			return false
		}
		return f(x)
	})
}
