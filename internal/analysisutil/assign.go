package analysisutil

import (
	"go/ast"
	"go/types"
)

// EachAssign calls f for every assignment in n (function literals
// included): each left-hand side with its right-hand side, and idx, the
// result index when one call or tuple on the right feeds several names
// (x, err := f()), or -1. A right-hand side that is a literal called in
// place returning one expression is given as that expression (Inlined):
// x, err := func() (T, error) { return f() }() assigns f()'s results.
func EachAssign(n ast.Node, f func(lhs, rhs ast.Expr, idx int)) {
	InspectNoIdents(n, func(n ast.Node) bool {
		if TypeSyntax(n) {
			return false // no assignment there
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			pairs(n.Lhs, n.Rhs, f)
		case *ast.ValueSpec:
			lhs := make([]ast.Expr, len(n.Names))
			for i, name := range n.Names {
				lhs[i] = name
			}
			pairs(lhs, n.Values, f)
		}
		return true
	})
}

func pairs(lhs, rhs []ast.Expr, f func(lhs, rhs ast.Expr, idx int)) {
	switch {
	case len(lhs) == len(rhs):
		for i := range lhs {
			f(lhs[i], Inlined(rhs[i]), -1)
		}
	case len(rhs) == 1:
		r := Inlined(rhs[0])
		for i := range lhs {
			f(lhs[i], r, i)
		}
	}
}

// RootVar returns the variable at the root of a selector chain (req in
// req.Params.Name, through pointer dereferences), or nil.
func RootVar(info *types.Info, e ast.Expr) *types.Var {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.Ident:
			v, _ := info.ObjectOf(x).(*types.Var)
			return v
		default:
			return nil
		}
	}
}

// FuncDisplay renders fn for a message: "charge", "Client.Charge", or,
// outside the package local, "billing.Client.Charge".
func FuncDisplay(fn *types.Func, local *types.Package) string {
	name := fn.Name()
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
		t := types.Unalias(sig.Recv().Type())
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			name = n.Obj().Name() + "." + name
		}
	}
	if fn.Pkg() != nil && fn.Pkg() != local {
		name = fn.Pkg().Name() + "." + name
	}
	return name
}

// ParamOf returns, for fn's parameters that keep accepts, a function
// that tells which of them an expression names (the parameter's index),
// and whether any parameter was kept.
func ParamOf(info *types.Info, fn *types.Func, keep func(*types.Var) bool) (func(ast.Expr) (int, bool), bool) {
	params := make(map[types.Object]int)
	sig := fn.Signature()
	for i := 0; i < sig.Params().Len(); i++ {
		if p := sig.Params().At(i); keep(p) {
			params[p] = i
		}
	}
	return func(e ast.Expr) (int, bool) {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return 0, false
		}
		i, ok := params[info.Uses[id]]
		return i, ok
	}, len(params) > 0
}
