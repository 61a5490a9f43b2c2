package mcpmodel

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// This file recognizes middleware: a function that takes a handler and
// returns a closure calling it (or returns it) wraps that handler, and the
// handler to analyze is the argument, not the closure. A project's own
// registration layers (tool values that keep their handler in a field, a
// table of them, a constructor building them) are followed by the
// value-flow engine (flow.go).

// WrapsHandler is an object fact on a function that wraps a handler: its
// only result is a function, and each of its return statements returns
// parameter Param, or a closure calling it, or the result of another
// wrapper given such a closure. Importers follow a call of it to the
// handler passed at Param. With Method, Param is a typed tool (an
// interface or type parameter value) and the closure calls its method
// Method: the handler is that method of the value passed.
type WrapsHandler struct {
	Param  int
	Method string
}

func (*WrapsHandler) AFact() {}

func (f *WrapsHandler) String() string {
	if f.Method != "" {
		return fmt.Sprintf("wraps(param=%d.%s)", f.Param, f.Method)
	}
	return fmt.Sprintf("wraps(param=%d)", f.Param)
}

// wrapped is the handler a wrapper runs: its parameter Param, or the
// method Method of it.
type wrapped struct {
	param  int
	method string
}

var notWrapped = wrapped{param: -1}

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
	return ok && b.wrapsParam(fd.Type, fd.Body).param >= 0
}

// wrapsParam returns the handler a function wraps, or notWrapped: its
// only result is a function (or a type parameter), and every return
// statement of its body returns one parameter, a closure that calls it
// (or calls a method of it: a typed tool's Handle), another wrapper's
// result given such a closure, or a conversion of either. A parameter
// is a handler when it has the returned function's shape, or is a typed
// handler taking the SDK's request (func(ctx, req, Params) (Result,
// error), which an adapter binds the arguments for), or a typed tool
// (typedTool). A parameter of the returned shape comes first: a
// middleware calling another callback before next(ctx, req) wraps next.
func (b *builder) wrapsParam(ft *ast.FuncType, body *ast.BlockStmt) wrapped {
	return b.wrapsParamAt(ft, body, 0)
}

func (b *builder) wrapsParamAt(ft *ast.FuncType, body *ast.BlockStmt, depth int) wrapped {
	if w := b.wrapsParamDepth(ft, body, depth, false); w.param >= 0 {
		return w
	}
	return b.wrapsParamDepth(ft, body, depth, true)
}

func (b *builder) wrapsParamDepth(ft *ast.FuncType, body *ast.BlockStmt, depth int, typed bool) wrapped {
	info := b.pass.TypesInfo
	if body == nil || ft.Results == nil || len(ft.Results.List) != 1 || len(ft.Results.List[0].Names) > 1 || ft.Params == nil {
		return notWrapped
	}
	rt := info.TypeOf(ft.Results.List[0].Type)
	if !funcLike(rt) {
		return notWrapped
	}
	var params []*types.Var
	for _, f := range ft.Params.List {
		if len(f.Names) == 0 {
			params = append(params, nil)
			continue
		}
		for _, n := range f.Names {
			v, _ := info.Defs[n].(*types.Var)
			if v != nil && !sameHandlerShape(v.Type(), rt) && (!typed || !typedRequestHandler(v.Type()) && typedTool(v.Type()) == nil) {
				v = nil // a callback of another shape (a logger, a check)
			}
			params = append(params, v)
		}
	}
	found, ok := notWrapped, true
	analysisutil.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			w := notWrapped
			if len(n.Results) == 1 {
				w = b.wrappedBy(n.Results[0], params, depth, typed)
			}
			if w.param < 0 || (found.param >= 0 && w != found) {
				ok = false
			}
			found = w
		}
		return ok
	})
	if !ok {
		return notWrapped
	}
	return found
}

// wrappedBy returns the handler a returned expression wraps, or
// notWrapped.
func (b *builder) wrappedBy(e ast.Expr, params []*types.Var, depth int, typed bool) wrapped {
	info := b.pass.TypesInfo
	e = ast.Unparen(b.vf.Inlined(e)) // what a literal run in place returns
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
		if i := index(info.Uses[id]); i >= 0 && typedTool(params[i].Type()) == nil {
			return wrapped{param: i}
		}
		e = ast.Unparen(b.value(id)) // wrapped := func(...) {...}; return wrapped
	}
	switch e := e.(type) {
	case *ast.FuncLit:
		found := notWrapped
		analysisutil.Inspect(e.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			// h(ctx, req), or call(h, ctx, req) that calls h, or
			// tool.Handle(ctx, req, params) of a typed tool.
			w := notWrapped
			switch fun := ast.Unparen(b.vf.Invoked(call)).(type) {
			case *ast.Ident:
				if i := index(info.Uses[fun]); i >= 0 && typedTool(params[i].Type()) == nil {
					w = wrapped{param: i}
				}
			case *ast.SelectorExpr:
				if id, ok := ast.Unparen(fun.X).(*ast.Ident); ok {
					if i := index(info.Uses[id]); i >= 0 {
						if m := typedTool(params[i].Type()); m != nil && m.Name() == fun.Sel.Name {
							w = wrapped{param: i, method: m.Name()}
						}
					}
				}
			}
			switch {
			case w.param < 0:
			case found.param == -2:
			case found.param >= 0 && found != w:
				found = wrapped{param: -2}
			default:
				found = w
			}
			return true
		})
		if found.param >= 0 {
			return found
		}
	case *ast.CallExpr:
		// return Typed(business): another wrapper, given a closure
		// that calls the parameter.
		if depth >= 2 || isMethodExpr(info, e) {
			return notWrapped
		}
		fn, _ := typeutil.Callee(info, e).(*types.Func)
		if fn == nil {
			return notWrapped
		}
		inner := notWrapped
		if d := b.decls[fn.Origin()]; d != nil {
			inner = b.wrapsParamAt(d.Type, d.Body, depth+1)
		} else if f := new(WrapsHandler); b.pass.ImportObjectFact(fn.Origin(), f) {
			inner = wrapped{param: f.Param, method: f.Method}
		}
		if inner.param < 0 || inner.method != "" || inner.param >= len(e.Args) {
			return notWrapped
		}
		return b.wrappedBy(e.Args[inner.param], params, depth+1, typed)
	}
	return notWrapped
}

// wrappedHandler resolves the handler a wrapper is given as arg: the
// argument, or its method when the wrapper runs a typed tool's method
// (WithValidation(t), t a *ManageTool: (*ManageTool).Handle).
func (b *builder) wrappedHandler(arg ast.Expr, method string, depth int) *Func {
	if method == "" {
		return b.resolveHandler(arg, depth)
	}
	if t := b.pass.TypesInfo.TypeOf(arg); t != nil && !types.IsInterface(t) {
		if _, ok := types.Unalias(t).(*types.TypeParam); !ok {
			if fn, ok := methodOf(t, b.pass.Pkg, method); ok {
				return b.valueFunc(&valueflow.Value{Kind: valueflow.Func, Obj: fn}, depth)
			}
			return nil
		}
	}
	if b.vf == nil {
		return nil
	}
	return b.flowHandler(b.vf.MethodValue(b.vf.Eval(arg, nil), method))
}

// methodOf returns the method name of type t.
func methodOf(t types.Type, pkg *types.Package, name string) (*types.Func, bool) {
	obj, _, _ := types.LookupFieldOrMethod(t, true, pkg, name)
	fn, ok := obj.(*types.Func)
	return fn, ok
}

// typedHandler reports whether t is a typed handler: a function taking
// a context.Context first and returning two results, the last an error.
func typedHandler(t types.Type) bool {
	sig := coreSignature(t)
	if sig == nil || sig.Params().Len() < 2 || sig.Results().Len() != 2 {
		return false
	}
	if path, name := namedIn(sig.Params().At(0).Type()); path != "context" || name != "Context" {
		return false
	}
	return isError(sig.Results().At(1).Type())
}

// typedRequestHandler reports whether t is a typed handler that takes
// the SDK's request (func(ctx, req mcp.CallToolRequest, args P) (R,
// error)): a callback of another shape that a handler factory is given
// (a lookup, svc(ctx, id)) is no handler, and the factory's closure is.
func typedRequestHandler(t types.Type) bool {
	sig := coreSignature(t)
	return sig != nil && typedHandler(t) && takesRequest(sig)
}

// typedTool returns the one method of an interface type (or of a type
// parameter's constraint) that is a typed handler taking the SDK's tool
// request (Handle(ctx, req mcp.CallToolRequest, params) (Result,
// error)), or nil. A client interface a handler factory captures
// (client.CreatePaste(ctx, &args)) is no tool.
func typedTool(t types.Type) *types.Func {
	var iface *types.Interface
	switch u := types.Unalias(t).(type) {
	case *types.TypeParam:
		iface, _ = u.Constraint().Underlying().(*types.Interface)
	default:
		iface, _ = t.Underlying().(*types.Interface)
	}
	if iface == nil {
		return nil
	}
	var found *types.Func
	for i := 0; i < iface.NumMethods(); i++ {
		m := iface.Method(i)
		if !typedHandler(m.Type()) || !takesRequest(m.Type().(*types.Signature)) {
			continue
		}
		if found != nil {
			return nil
		}
		found = m
	}
	return found
}

// takesRequest reports whether a signature has a parameter of an SDK's
// request type.
func takesRequest(sig *types.Signature) bool {
	for i := 0; i < sig.Params().Len(); i++ {
		if path, name := namedIn(sig.Params().At(i).Type()); isSDKPath(path) && strings.HasSuffix(name, "Request") {
			return true
		}
	}
	return false
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
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
		if w := b.wrapsParam(d.Type, d.Body); w.param >= 0 {
			b.pass.ExportObjectFact(fn, &WrapsHandler{Param: w.param, Method: w.method})
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
func handlerCall(info *types.Info, ft *ast.FuncType, body *ast.BlockStmt, call *ast.CallExpr, runs func(*ast.FuncLit) bool) bool {
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
	if !passesParam(info, ft, body, call.Args[1:], runs) {
		return false
	}
	return returnedBy(info, body, call, runs)
}

// passesParam reports whether one of args, not of a basic type, is
// made from a parameter of ft, directly or through a local of body
// assigned from one (args := params.Arguments). A literal the body runs
// where it is written (runs: valueflow's RunsHere) is part of it.
func passesParam(info *types.Info, ft *ast.FuncType, body *ast.BlockStmt, args []ast.Expr, runs func(*ast.FuncLit) bool) bool {
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
				return runs(n)
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
// directly or through the variables it assigns. A literal the body runs
// where it is written (runs) returns for it: func() (R, error) { return
// h(ctx, req) }() is h's result.
func returnedBy(info *types.Info, body *ast.BlockStmt, call *ast.CallExpr, runs func(*ast.FuncLit) bool) bool {
	vars := make(map[types.Object]bool)
	returned := false
	analysisutil.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return runs(n)
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
			return runs(n)
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
