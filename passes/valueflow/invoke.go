package valueflow

import (
	"go/ast"
	"go/types"

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
				case *ast.FuncLit, *ast.GoStmt, *ast.DeferStmt:
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
