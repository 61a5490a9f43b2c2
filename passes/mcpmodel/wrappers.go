package mcpmodel

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
)

// This file recognizes middleware: a function that takes a handler and
// returns a closure calling it (or returns it) wraps that handler, and the
// handler to analyze is the argument, not the closure. A project's own
// registration layers (tool values that keep their handler in a field, a
// table of them, a constructor building them) are followed by the
// value-flow engine (flow.go).

// WrapsHandler is an object fact on a function that wraps a handler: its
// only result is a function, and each of its return statements returns
// parameter Param, or a closure calling it. Importers follow a call of it
// to the handler passed at Param.
type WrapsHandler struct {
	Param int
}

func (*WrapsHandler) AFact() {}

func (f *WrapsHandler) String() string { return fmt.Sprintf("wraps(param=%d)", f.Param) }

// constString resolves e to a constant string, through single
// assignments and, where the syntax stops (a name kept in a struct
// field, an options struct, a constructor's result), the engine.
func (b *builder) constString(e ast.Expr) (string, bool) {
	for range 6 {
		if s, ok := analysisutil.ConstString(b.pass.TypesInfo, e); ok {
			return s, true
		}
		v := b.value(e)
		if v == e {
			break
		}
		e = v
	}
	return b.flowString(e)
}

// inMiddleware reports whether f is a function literal that a
// middleware of the package returns (its function wraps a handler).
func (b *builder) inMiddleware(f *Func) bool {
	if f == nil || f.Lit == nil {
		return false
	}
	fd, ok := b.enclosingFunc(f.Lit.Pos()).(*ast.FuncDecl)
	return ok && b.wrapsParam(fd.Type, fd.Body) >= 0
}

// wrapsParam returns the index of the parameter a function wraps, or -1:
// its only result is a function (or a type parameter), and every return
// statement of its body returns that parameter, a closure that calls it,
// or a conversion of either.
func (b *builder) wrapsParam(ft *ast.FuncType, body *ast.BlockStmt) int {
	info := b.pass.TypesInfo
	if body == nil || ft.Results == nil || len(ft.Results.List) != 1 || len(ft.Results.List[0].Names) > 1 || ft.Params == nil {
		return -1
	}
	rt := info.TypeOf(ft.Results.List[0].Type)
	if !funcLike(rt) {
		return -1
	}
	var params []*types.Var
	for _, f := range ft.Params.List {
		if len(f.Names) == 0 {
			params = append(params, nil)
			continue
		}
		for _, n := range f.Names {
			v, _ := info.Defs[n].(*types.Var)
			if v != nil && !sameHandlerShape(v.Type(), rt) {
				v = nil // a callback of another shape (a logger, a check)
			}
			params = append(params, v)
		}
	}
	found, ok := -1, true
	analysisutil.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			i := -1
			if len(n.Results) == 1 {
				i = b.wrappedBy(n.Results[0], params)
			}
			if i < 0 || (found >= 0 && i != found) {
				ok = false
			}
			found = i
		}
		return ok
	})
	if !ok {
		return -1
	}
	return found
}

// wrappedBy returns the parameter a returned expression wraps, or -1.
func (b *builder) wrappedBy(e ast.Expr, params []*types.Var) int {
	info := b.pass.TypesInfo
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 {
		if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
			e = ast.Unparen(call.Args[0]) // a conversion: H(func(...) {...})
		}
	}
	index := func(obj types.Object) int {
		for i, p := range params {
			if p != nil && p == obj {
				return i
			}
		}
		return -1
	}
	if id, ok := e.(*ast.Ident); ok {
		if i := index(info.Uses[id]); i >= 0 {
			return i
		}
		e = ast.Unparen(b.value(id)) // wrapped := func(...) {...}; return wrapped
	}
	switch e := e.(type) {
	case *ast.FuncLit:
		found := -1
		analysisutil.Inspect(e.Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				// h(ctx, req), or call(h, ctx, req) that calls h.
				if id, ok := ast.Unparen(b.vf.Invoked(call)).(*ast.Ident); ok {
					if i := index(info.Uses[id]); i >= 0 {
						if found >= 0 && found != i {
							found = -2
						} else if found != -2 {
							found = i
						}
					}
				}
			}
			return true
		})
		if found >= 0 {
			return found
		}
	}
	return -1
}

// sameHandlerShape reports whether a parameter of type p can be the
// handler a wrapper returning r wraps: the same type parameter, identical
// function types, or two functions of as many parameters and results
// taking a context.Context first.
func sameHandlerShape(p, r types.Type) bool {
	if tp, ok := types.Unalias(p).(*types.TypeParam); ok {
		return types.Identical(tp, types.Unalias(r))
	}
	ps, ok1 := p.Underlying().(*types.Signature)
	rs, ok2 := r.Underlying().(*types.Signature)
	if !ok1 || !ok2 {
		return false
	}
	if types.Identical(ps, rs) {
		return true
	}
	firstCtx := func(s *types.Signature) bool {
		if s.Params().Len() == 0 {
			return false
		}
		path, name := namedIn(s.Params().At(0).Type())
		return path == "context" && name == "Context"
	}
	return firstCtx(ps) && firstCtx(rs) && ps.Params().Len() == rs.Params().Len() && ps.Results().Len() == rs.Results().Len()
}

func funcLike(t types.Type) bool {
	if t == nil {
		return false
	}
	if _, ok := types.Unalias(t).(*types.TypeParam); ok {
		return true
	}
	_, ok := t.Underlying().(*types.Signature)
	return ok
}

// coreSignature returns the signature of a function type, or of the
// one function type a type parameter's constraint allows (H ~func(ctx,
// req) (res, error): a generic middleware's handler); nil otherwise.
func coreSignature(t types.Type) *types.Signature {
	if tp, ok := types.Unalias(t).(*types.TypeParam); ok {
		iface, _ := tp.Constraint().Underlying().(*types.Interface)
		if iface == nil || iface.NumEmbeddeds() != 1 {
			return nil
		}
		t = iface.EmbeddedType(0)
		if u, ok := t.(*types.Union); ok {
			if u.Len() != 1 {
				return nil
			}
			t = u.Term(0).Type()
		}
	}
	sig, _ := t.Underlying().(*types.Signature)
	return sig
}

func isMethodExpr(info *types.Info, call *ast.CallExpr) bool {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s, ok := info.Selections[sel]; ok && s.Kind() == types.MethodExpr {
			return true
		}
	}
	return false
}

// exportWrappers exports a WrapsHandler fact for each function of the
// package that wraps a handler.
func (b *builder) exportWrappers() {
	for obj, d := range b.decls {
		fn, ok := obj.(*types.Func)
		if !ok || d.Type.Results == nil || d.Type.Params == nil || len(d.Type.Params.List) == 0 {
			continue
		}
		if i := b.wrapsParam(d.Type, d.Body); i >= 0 {
			b.pass.ExportObjectFact(fn, &WrapsHandler{Param: i})
		}
	}
}

// handlerCall reports whether a call of a func field inside a registered
// closure is the call of the handler: the field takes a context.Context
// first and returns a result and more (an error), and what it returns is
// what the closure returns, directly or through the variables it assigns.
// A handler is handed the request: the call passes on a value of a
// parameter of the function ft declares other than its context, whole
// or as a composite (t.handler(ctx, req), h(ctx, req.GetArguments())),
// not a string or number read from one (factory.Drive(ctx,
// input.UserEmail), pick(ctx, req.GetString("account", "")), or
// resolve(ctx): helpers that return a client and an error).
func handlerCall(info *types.Info, ft *ast.FuncType, body *ast.BlockStmt, call *ast.CallExpr) bool {
	t := info.TypeOf(call.Fun)
	if t == nil {
		return false
	}
	sig := coreSignature(t)
	if sig == nil || sig.Params().Len() < 2 || sig.Results().Len() < 2 {
		return false
	}
	if path, name := namedIn(sig.Params().At(0).Type()); path != "context" || name != "Context" {
		return false
	}
	if !passesParam(info, ft, body, call.Args[1:]) {
		return false
	}
	return returnedBy(info, body, call)
}

// passesParam reports whether one of args, not of a basic type, is
// made from a parameter of ft, directly or through a local of body
// assigned from one (args := params.Arguments).
func passesParam(info *types.Info, ft *ast.FuncType, body *ast.BlockStmt, args []ast.Expr) bool {
	if ft == nil {
		return false
	}
	params := make(map[types.Object]bool)
	addNames(info, params, ft.Params)
	mentions := func(e ast.Expr) bool {
		found := false
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && params[info.Uses[id]] {
				found = true
			}
			return !found
		})
		return found
	}
	if body != nil {
		analysisutil.Inspect(body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.AssignStmt:
				if len(n.Lhs) == len(n.Rhs) {
					for i, l := range n.Lhs {
						if id, ok := l.(*ast.Ident); ok && mentions(n.Rhs[i]) {
							if obj := info.ObjectOf(id); obj != nil {
								params[obj] = true
							}
						}
					}
				}
			}
			return true
		})
	}
	for _, a := range args {
		if t := info.TypeOf(a); t != nil && !isBasic(t) && mentions(a) {
			return true
		}
	}
	return false
}

func isBasic(t types.Type) bool {
	_, ok := t.Underlying().(*types.Basic)
	return ok
}

// returnedBy reports whether what call returns is what body returns,
// directly or through the variables it assigns.
func returnedBy(info *types.Info, body *ast.BlockStmt, call *ast.CallExpr) bool {
	vars := make(map[types.Object]bool)
	returned := false
	analysisutil.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if len(n.Rhs) == 1 && ast.Unparen(n.Rhs[0]) == call {
				for _, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						if obj := info.ObjectOf(id); obj != nil {
							vars[obj] = true
						}
					}
				}
			}
		}
		return true
	})
	analysisutil.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				analysisutil.Inspect(r, func(m ast.Node) bool {
					if m == call {
						returned = true
					}
					if id, ok := m.(*ast.Ident); ok && vars[info.Uses[id]] {
						returned = true
					}
					return !returned
				})
			}
		}
		return !returned
	})
	return returned
}
