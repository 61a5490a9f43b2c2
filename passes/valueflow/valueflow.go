// Package valueflow defines a building-block analyzer that answers, for
// any expression of a package, what values it can hold and where they
// come from: the constants (tool names, hints, HTTP methods, command
// words), the structs with their fields, the functions, and, where a
// value is not decided here, the parameter, field or call it comes from.
// It reports nothing.
//
// The engine follows values through local and package-level
// assignments (every assignment of a variable, flow-insensitively: both
// branches of a condition), composite literals, field stores and
// setters (x.f = v; a method or function that stores into a parameter;
// a functional option applied to the value it configures), function
// results (return statements, with the function's parameters bound to
// the arguments of each call), closures and method values, generic
// functions, range loops over slices, arrays, maps and function
// iterators, and interface method calls on values whose dynamic type it
// knows. Each function of
// the package gets a summary (what it returns, what it stores through
// its parameters, in terms of its parameters), exported as a
// FuncSummary fact, so that a constructor in another package or module
// is resolved the same way as one of this package.
//
// Where a value comes from includes which call made it: a Call value
// carries the call of this package whose evaluation made it
// (Value.MadeBy), through the helpers whose results or stores it came
// out of, so that a consumer can tell a value made anew at each
// evaluation of an expression (newHolder() whose key a helper of it
// makes) from one made once and read there (a variable set before a
// loop, a package variable, a cache's entry).
//
// A function literal that runs where it is written (called in place,
// func() error { ... }(), or handed to a function of the package that
// calls it: a retry, rate-limiting or transaction helper) is part of the
// function around it: RunsHere and CalledHere say which literals are,
// InspectHere walks a body entering them and no others, and Inlined reads
// what such a literal returns where the literal's call stands (x, err :=
// func() (T, error) { return f() }() assigns f()'s results). The checks'
// own walks ask these, so that moving a call into such a literal (the
// metamorphic rewrites run-closure and run-helper) changes no finding.
// The variables a literal captures hold, at each of its calls, what the
// caller's bindings say (CallEnvs binds a registration made in
// func() { h.register(s, spec) }() per spec), and a call of a function
// value that is still a parameter is followed to the callers that
// decide which literal it runs.
//
// Precision first: what the engine cannot follow is Unknown, and the
// consumers (mcpmodel, effects, toolcalls, retry) stay silent on it.
package valueflow

import (
	"go/ast"
	"go/constant"
	"go/types"
	"reflect"
	"slices"
	"sort"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
)

// Analyzer computes the value-flow summaries of a package's functions.
var Analyzer = &analysis.Analyzer{
	Name:       "valueflow",
	Doc:        "computes what values expressions can hold and where they come from; it reports nothing",
	URL:        "https://pkg.go.dev/github.com/mcpvet/mcpvet/passes/valueflow",
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(FuncSummary), new(VarValue), new(Analyzed), new(ForeignStores)},
	// What type-checked is followed; the rest is Unknown.
	RunDespiteErrors: true,
}

// Result answers value queries on the package. Its methods are safe for
// concurrent use.
type Result struct {
	mu sync.Mutex
	en *Engine
	// litSites are the calls of function values, by the literal they
	// may run; built on first use (litCallSites).
	litSites map[*ast.FuncLit][]CallSite
	// openSites are the calls of function values that are parameters
	// (or a parameter's field or element): each may run a literal of
	// the parameter's type.
	openSites []CallSite
}

// Eval returns what e, an expression of the package, can hold, with
// env's bindings (nil: none).
func (r *Result) Eval(e ast.Expr, env *Env) *Value {
	if r == nil || r.en == nil {
		return UnknownValue("no engine")
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if v := r.en.Eval(e, env); v != nil {
		return v
	}
	// Not expected; seen once, on a range variable over a field of a
	// struct another package's function returns (x/crypto's
	// acme/autocert): a consumer reading its Kind must not panic.
	return UnknownValue("no value")
}

// EvalResult returns what result idx of call, a call of the package
// with several results, can hold: s.AddTool(tools.Create()) where
// Create returns (mcp.Tool, server.ToolHandlerFunc).
func (r *Result) EvalResult(call *ast.CallExpr, idx int, env *Env) *Value {
	if r == nil || r.en == nil {
		return UnknownValue("no engine")
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.en.begin()
	return r.en.call(call, env, idx)
}

// Strings returns the constant strings that e, a string expression of
// the package, can hold, and whether it holds nothing else: its constant
// value, or every value the engine finds (a name kept in a local, a
// field, a table, a constructor's result). It is false for an expression
// not of string type.
func (r *Result) Strings(e ast.Expr) ([]string, bool) {
	if r == nil || r.en == nil {
		return nil, false
	}
	tv, ok := r.en.info.Types[e]
	if !ok || tv.Type == nil {
		return nil, false
	}
	if b, ok := tv.Type.Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
		return nil, false
	}
	if tv.Value != nil {
		if tv.Value.Kind() != constant.String {
			return nil, false
		}
		return []string{constant.StringVal(tv.Value)}, true
	}
	ss, ok := r.Eval(e, nil).Strings()
	return ss, ok && len(ss) > 0
}

// Call returns result idx of calling the function value f with args.
func (r *Result) Call(f *Value, args []*Value, idx int) *Value {
	if r == nil || r.en == nil {
		return UnknownValue("no engine")
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.en.begin()
	return r.en.applyValue(f, args, idx)
}

// MethodValue returns the method value v.name: for each alternative of
// v whose dynamic type is known (a struct), its method; unknown for the
// others.
func (r *Result) MethodValue(v *Value, name string) *Value {
	if r == nil || r.en == nil || v == nil {
		return UnknownValue("no engine")
	}
	var out []*Value
	for _, a := range v.Each() {
		if fn := r.en.dispatch(a, name); fn != nil {
			out = append(out, &Value{Kind: Func, Obj: fn, Recv: a})
			continue
		}
		out = append(out, UnknownValue("method of an unknown type"))
	}
	return Union(out...)
}

// CallSites returns the calls of fn (a function of the package) in the
// package, and the functions (declarations or literals) that make them.
func (r *Result) CallSites(fn *types.Func) []CallSite {
	if r == nil || r.en == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []CallSite
	for _, c := range r.en.index().callers[fn.Origin()] {
		out = append(out, CallSite{Call: c.call, In: c.in})
	}
	return out
}

// DynamicCallSites returns the calls in the package of interface
// methods that fn, a method of a type of the package, implements: t.
// toServerTool() on a Tool, which may run fn. Who calls them, through
// which values, decides the receiver fn is given as CallSites' calls do.
func (r *Result) DynamicCallSites(fn *types.Func) []CallSite {
	if r == nil || r.en == nil {
		return nil
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil || types.IsInterface(sig.Recv().Type()) {
		return nil
	}
	recv := sig.Recv().Type()
	if p, ok := recv.(*types.Pointer); ok {
		recv = p.Elem()
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []CallSite
	for m, sites := range r.en.index().ifaceCalls {
		if m.Name() != fn.Name() {
			continue
		}
		iface, _ := m.Type().(*types.Signature).Recv().Type().Underlying().(*types.Interface)
		if iface == nil || !types.Implements(recv, iface) && !types.Implements(types.NewPointer(recv), iface) {
			continue
		}
		for _, c := range sites {
			out = append(out, CallSite{Call: c.call, In: c.in})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Call.Pos() < out[j].Call.Pos() })
	return out
}

// CallSite is a static call of a function and the function that makes
// it (nil at package level).
type CallSite struct {
	Call *ast.CallExpr
	In   ast.Node
}

// Bindings returns env with the parameters of fn (a declaration or a
// literal of the package) bound to the arguments of call, evaluated
// with callerEnv.
func (r *Result) Bindings(fn ast.Node, call *ast.CallExpr, callerEnv *Env) *Env {
	if r == nil || r.en == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	en := r.en
	en.begin()
	var ft *ast.FuncType
	var env *Env
	switch f := fn.(type) {
	case *ast.FuncDecl:
		ft = f.Type
		if f.Recv != nil && len(f.Recv.List) == 1 && len(f.Recv.List[0].Names) == 1 {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				if v, ok := en.info.Defs[f.Recv.List[0].Names[0]].(*types.Var); ok {
					env = env.Bind(v, en.eval(sel.X, callerEnv))
				}
			}
		}
	case *ast.FuncLit:
		ft = f.Type
		// The variables it captures hold what the caller's bindings
		// say where the caller writes it (func() { h.register(s,
		// spec) }() in a loop over the specs; a literal in place in
		// a literal that reads its parameters); elsewhere they bind
		// no variable it can read.
		env = callerEnv
	default:
		return nil
	}
	args := en.args(call, callerEnv)
	i := 0
	for _, field := range ft.Params.List {
		for _, n := range field.Names {
			if v, ok := en.info.Defs[n].(*types.Var); ok && i < len(args) {
				val := args[i]
				if _, variadic := field.Type.(*ast.Ellipsis); variadic && !call.Ellipsis.IsValid() {
					val = packVariadic(args, i+1, call)[i]
				}
				env = env.Bind(v, val)
			}
			i++
		}
		if len(field.Names) == 0 {
			i++
		}
	}
	return env
}

// maxCallSites bounds the call sites AtCallSites binds.
const maxCallSites = 8

// maxCallerDepth bounds how many functions up AtCallSites goes that are
// called from more than one place; maxCallerLevels how many in all (a
// helper called once, a literal run in place, is its caller's step).
const (
	maxCallerDepth  = 3
	maxCallerLevels = 8
)

// AtCallSites returns the values e, an expression in the body of an
// unexported function of the package, has at each call of that function
// in the package, as the engine binds its parameters there (a helper
// given the plan: RunN(ctx, p.attempts, p.step); a registration helper
// given a listed tool). A value that still mentions a parameter at a
// call ("up_" + tool.Name, where the caller was given tool) is followed
// to the calls of the function that makes it, up to maxCallerDepth
// functions. nil when the function is exported, has no
// call or more than maxCallSites, or a call cannot be followed.
func (r *Result) AtCallSites(e ast.Expr) []*Value {
	if r == nil || r.en == nil {
		return nil
	}
	fd := analysisutil.FuncDeclAt(r.en.files, e.Pos())
	if fd == nil || fd.Body == nil {
		return nil
	}
	fn, _ := r.en.info.Defs[fd.Name].(*types.Func)
	if fn == nil || fn.Exported() {
		return nil
	}
	var out []*Value
	for _, ce := range r.callEnvs(fd, fn, []ast.Expr{e}, nil, 0, 0, true, false) {
		out = append(out, r.Eval(e, ce.Env))
	}
	return out
}

// CallEnv is a call of a function and the bindings of the function's
// parameters there; Call is the call where the values come from (the
// outermost, when the arguments were followed up). Node, when set, is
// the element of a table whose value the binding holds (the composite
// literal of a loop's element, CallEnvs followed through a literal):
// where that instance is written.
type CallEnv struct {
	Env  *Env
	Call *ast.CallExpr
	Node ast.Node
	// Site is the call of the function itself.
	Site *ast.CallExpr
}

// CallEnvs returns, for each call of fn (declared by decl) in the
// package, the bindings of its parameters to the call's arguments. Where
// one of exprs (expressions of fn's body) still mentions a parameter of
// the calling function there (a registration helper given a tool by
// another helper that was given it), the calling function's own calls
// bind it in turn, up to maxCallerDepth functions and maxCallSites calls
// each; where they cannot, the call's own bindings stay. nil when fn has
// no call.
//
// A call made in a function literal is followed to the calls of that
// literal: the calls of a function value the engine gives as the
// literal (registrars[spec.Method] of a package map of closures, called
// as r(h, s, tool, spec)). Above such a call, each element a loop passes
// (for _, spec := range specs { h.register(s, spec) }) is bound on its
// own, and the call counts only under the bindings where its function
// value is the literal: the closure a map's key selects runs for the
// elements whose field is that key, not for the others.
func (r *Result) CallEnvs(decl *ast.FuncDecl, fn *types.Func, exprs []ast.Expr) []CallEnv {
	return r.callEnvs(decl, fn, exprs, nil, 0, 0, false, false)
}

// binder binds the parameters of the function a chain of calls reaches,
// given the bindings of the function making the outermost call; false
// when a call of the chain does not run under them (a literal the
// callee's value is not).
//
// A call of a function value the chain's bindings do not decide yet (a
// helper's parameter: func call(r registrar, ...) { r(h, s, t, sp) })
// may run the literal: open, it is followed to the callers that decide
// it, and counts only if they do (final).
type binder func(outer *Env, final bool) (env *Env, ok, open bool)

// callEnvs is CallEnvs; strict, it returns nil where a value that needs
// the calling function's calls cannot be followed there, and at an
// exported calling function; split, each element a loop passes to a
// call is bound on its own (followed through a literal).
func (r *Result) callEnvs(decl ast.Node, fn *types.Func, exprs []ast.Expr, inner binder, depth, level int, strict, split bool) []CallEnv {
	if r == nil || r.en == nil || level >= maxCallerLevels || strict && level > 0 && fn != nil && fn.Exported() {
		return nil
	}
	var sites []CallSite
	var helper *ast.CallExpr // the call of a helper that runs decl
	switch d := decl.(type) {
	case *ast.FuncDecl:
		if fn == nil {
			return nil
		}
		sites = r.CallSites(fn)
	case *ast.FuncLit:
		if !r.RunsHere(d) || r.CalledHere(d) {
			sites = r.litCallSites(d)
		} else {
			// Handed to a helper that runs it (mmRun(func() {
			// h.register(s, spec) })): it runs at the helper's call,
			// with the variables it captures; the arguments the
			// helper gives its parameters are not known here.
			site := r.litSite(d)
			helper = site.call
			sites = []CallSite{{Call: site.call, In: site.in}}
		}
	}
	if len(sites) == 0 || (strict || level > 0) && len(sites) > maxCallSites {
		return nil
	}
	if level > 0 && len(sites) > 1 {
		depth++ // a function called from one place is a step of its caller's
	}
	if depth >= maxCallerDepth {
		return nil
	}
	var out []CallEnv
	for _, cs := range sites {
		for _, el := range r.splitArgs(cs, split) {
			bind := func(outer *Env, final bool) (*Env, bool, bool) {
				if el.v != nil {
					outer = outer.Bind(el.v, el.val)
				}
				var env *Env
				open := false
				if helper != nil {
					env = outer
				} else {
					if lit, ok := decl.(*ast.FuncLit); ok {
						runs, undecided := r.runs(cs.Call, outer, lit)
						if !runs && (!undecided || final) {
							return nil, false, false
						}
						open = undecided
					}
					env = r.Bindings(decl, cs.Call, outer)
				}
				if inner != nil {
					env, ok, innerOpen := inner(env, final)
					return env, ok, open || innerOpen
				}
				return env, true, open
			}
			env, ok, open := bind(nil, false)
			if !ok {
				continue
			}
			if open || slices.ContainsFunc(exprs, func(e ast.Expr) bool { return openParam(r.Eval(e, env), 0) }) {
				var ups []CallEnv
				switch up := cs.In.(type) {
				case *ast.FuncDecl:
					if up != decl {
						upFn, _ := r.en.info.Defs[up.Name].(*types.Func)
						ups = r.callEnvs(up, upFn, exprs, bind, depth, level+1, strict, split)
					}
				case *ast.FuncLit:
					if up != decl {
						ups = r.callEnvs(up, nil, exprs, bind, depth, level+1, strict, true)
					}
				}
				if !strict && !open && len(ups) > 1 && !r.narrows(exprs, env, ups) {
					// The callers above leave open what is open here:
					// one instance, not one per caller.
					ups = nil
				}
				if len(ups) > 0 {
					for _, u := range ups {
						u.Site = cs.Call
						if u.Node == nil {
							// The element split here, above which only
							// the calling function's own values came.
							u.Node = el.node
						}
						out = append(out, u)
					}
					continue
				}
				if strict {
					return nil
				}
				if open {
					if _, ok, _ := bind(nil, true); !ok {
						continue // no caller decides the function value
					}
				}
			}
			out = append(out, CallEnv{Env: env, Call: cs.Call, Node: el.node, Site: cs.Call})
		}
	}
	return out
}

// narrows reports whether one of ups leaves fewer of exprs open than
// env does.
func (r *Result) narrows(exprs []ast.Expr, env *Env, ups []CallEnv) bool {
	open := func(env *Env) int {
		n := 0
		for _, e := range exprs {
			if openParam(r.Eval(e, env), 0) {
				n++
			}
		}
		return n
	}
	here := open(env)
	return slices.ContainsFunc(ups, func(u CallEnv) bool { return open(u.Env) < here })
}

// maxSplit bounds the elements of a table a call's argument is split
// into (callEnvs).
const maxSplit = 64

// splitArg is one element a loop passes to a call: v, the loop's
// variable, holds val, made by node.
type splitArg struct {
	v    *types.Var
	val  *Value
	node ast.Node
}

// splitArgs returns the elements a call passes, one at a time, when
// split and an argument is the value variable of a range loop over a
// whole table (a variable or a literal): one each, or one empty
// splitArg when there is nothing to split.
func (r *Result) splitArgs(cs CallSite, split bool) []splitArg {
	none := []splitArg{{}}
	for _, a := range cs.Call.Args {
		id, ok := ast.Unparen(a).(*ast.Ident)
		if !ok {
			continue
		}
		v, _ := r.en.info.Uses[id].(*types.Var)
		if !split {
			// Results of one call of a table's element (t, h :=
			// ctor(c) in a loop over constructors), passed on
			// together: split on the element, so that they are
			// the results of the same call.
			if v, id = r.elementCalled(v); v == nil {
				continue
			}
		}
		switch ast.Unparen(r.RangedOver(v)).(type) {
		case nil, *ast.SliceExpr, *ast.IndexExpr:
			continue
		}
		alts := r.Eval(id, nil).Each()
		if len(alts) < 2 || len(alts) > maxSplit {
			continue
		}
		out := make([]splitArg, 0, len(alts))
		for _, x := range alts {
			out = append(out, splitArg{v: v, val: x, node: x.Node})
		}
		return out
	}
	return none
}

// elementCalled returns the loop variable v holds one result of a call
// of, and the identifier the call names it by, when v is assigned once,
// from a tuple of that call (t, h := ctor(c), ctor ranging over a table
// of functions, or a literal run in place that returns it); or nil.
func (r *Result) elementCalled(v *types.Var) (*types.Var, *ast.Ident) {
	if v == nil {
		return nil, nil
	}
	r.mu.Lock()
	as := r.en.index().assigns[v]
	r.mu.Unlock()
	if len(as) != 1 || as[0].kind != tupleIdx {
		return nil, nil
	}
	call, ok := ast.Unparen(r.Inlined(as[0].rhs)).(*ast.CallExpr) // or made in a literal: func() (T, H) { return ctor(c) }()
	if !ok {
		return nil, nil
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return nil, nil
	}
	u, _ := r.en.info.Uses[id].(*types.Var)
	if u == nil || r.RangedOver(u) == nil {
		return nil, nil
	}
	return u, id
}

// litCallSites returns the calls of function values in the package that
// may run lit: the function value's alternatives include it.
func (r *Result) litCallSites(lit *ast.FuncLit) []CallSite {
	r.mu.Lock()
	ix := r.en.index()
	if r.litSites == nil {
		r.litSites = make(map[*ast.FuncLit][]CallSite)
		r.en.begin()
		for _, c := range ix.valueCalls {
			open := false
			for _, a := range r.en.eval(c.call.Fun, nil).Each() {
				if a.Kind == Closure && a.Lit != nil {
					r.litSites[a.Lit] = append(r.litSites[a.Lit], CallSite{Call: c.call, In: c.in})
				}
				open = open || a.ParamRooted()
			}
			if open {
				r.openSites = append(r.openSites, CallSite{Call: c.call, In: c.in})
			}
		}
	}
	sites := r.litSites[lit]
	if call := ix.litCalls[lit].call; call != nil && ast.Unparen(call.Fun) == lit {
		r.mu.Unlock()
		return sites // called in place, and nowhere else
	}
	if t := r.en.info.TypeOf(lit); t != nil {
		for _, cs := range r.openSites {
			// A parameter of the literal's type, called: its callers
			// decide whether it is the literal (runs).
			if ft := r.en.info.TypeOf(cs.Call.Fun); ft != nil && types.Identical(ft.Underlying(), t) {
				sites = append(sites, cs)
			}
		}
	}
	r.mu.Unlock()
	return sites
}

// runs reports whether the function value call calls, with env's
// bindings, may be lit; undecided, whether it is still a parameter's,
// which the callers of the function making the call decide.
func (r *Result) runs(call *ast.CallExpr, env *Env, lit *ast.FuncLit) (runs, undecided bool) {
	for _, a := range r.Eval(call.Fun, env).Each() {
		switch {
		case a.Kind == Closure && a.Lit == lit:
			return true, false
		case a.ParamRooted():
			undecided = true
		}
	}
	return false, undecided
}

// RangedOver returns the table a local variable of the package iterates
// when range statements over it are all that set it (for _, name :=
// range names): each iteration holds one of the values the engine gives
// it, where a variable set on two branches holds one of them for the
// whole run. nil otherwise.
func (r *Result) RangedOver(v *types.Var) ast.Expr {
	if r == nil || r.en == nil || v == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	var table ast.Expr
	for _, a := range r.en.index().assigns[v] {
		if a.kind != rangeValue && a.kind != rangeKey || table != nil && a.rhs != table {
			return nil
		}
		table = a.rhs
	}
	return table
}

// Updated reports whether the package stores into a field or element of
// the variable v (v.f = x, v.f.g = x) or passes it by address to a
// function (a setter, an option): what v holds is then more than the
// expression that initialized it says.
func (r *Result) Updated(v *types.Var) bool {
	if r == nil || r.en == nil || v == nil {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	ix := r.en.index()
	return len(ix.stores[v]) > 0 || len(ix.setters[v]) > 0
}

// ParamRooted reports whether v is a parameter, or a field or element of
// one: a value its function's caller decides.
func (v *Value) ParamRooted() bool {
	for i := 0; v != nil && i < 8; i++ {
		switch v.Kind {
		case Param:
			return true
		case Field, Elem:
			v = v.X
		default:
			return false
		}
	}
	return false
}

// Summary returns the summary of fn (of this package or, through its
// fact, another), or nil.
func (r *Result) Summary(fn *types.Func) *Summary {
	if r == nil || r.en == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.en.begin()
	return r.en.funcSummary(fn)
}

// LitSummary returns the summary of a function literal of the package.
func (r *Result) LitSummary(lit *ast.FuncLit) *Summary {
	if r == nil || r.en == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.en.begin()
	return r.en.litSummary(lit)
}

// Decl returns the declaration of fn in the package, or nil.
func (r *Result) Decl(fn *types.Func) *ast.FuncDecl {
	if r == nil || r.en == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.en.index().decls[fn.Origin()]
}

// Lit returns the ordinal-th function literal of fn's declaration in the
// package, or nil.
func (r *Result) Lit(fn *types.Func, ordinal int) *ast.FuncLit {
	if r == nil || r.en == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	d := r.en.index().decls[fn.Origin()]
	if lits := r.en.index().lits[d]; d != nil && ordinal < len(lits) {
		return lits[ordinal]
	}
	return nil
}

// LitOrdinal returns the declared function whose body writes lit, and
// lit's ordinal among its literals (Lit), as facts name a literal; ok is
// false at package level.
func (r *Result) LitOrdinal(lit *ast.FuncLit) (fn *types.Func, ordinal int, ok bool) {
	if r == nil || r.en == nil {
		return nil, 0, false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	ix := r.en.index()
	d := ix.litOwner[lit]
	if d == nil {
		return nil, 0, false
	}
	fn, _ = r.en.info.Defs[d.Name].(*types.Func)
	return fn, ix.litOrd[lit], fn != nil
}

// passImporter gives the engine the facts of the packages a pass
// imports.
type passImporter struct {
	pass         *analysis.Pass
	dec          *decoder
	analyzedPkgs map[*types.Package]bool
	vars         map[*types.Var]*Value  // VarValue facts decoded, nil for none
	foreign      map[string][]WireStore // ForeignStores facts, by variable (foreignUpdates)
}

func (p *passImporter) analyzed(pkg *types.Package) bool {
	if a, ok := p.analyzedPkgs[pkg]; ok {
		return a
	}
	if p.analyzedPkgs == nil {
		p.analyzedPkgs = make(map[*types.Package]bool)
	}
	a := p.pass.ImportPackageFact(pkg, new(Analyzed))
	p.analyzedPkgs[pkg] = a
	return a
}

// decoder returns the decoder of the facts, made on first use.
func (p *passImporter) decoder() *decoder {
	if p.dec == nil {
		p.dec = &decoder{pkgs: make(map[string]*types.Package)}
		var walk func(pkg *types.Package)
		walk = func(pkg *types.Package) {
			if p.dec.pkgs[pkg.Path()] != nil {
				return
			}
			p.dec.pkgs[pkg.Path()] = pkg
			for _, q := range pkg.Imports() {
				walk(q)
			}
		}
		walk(p.pass.Pkg)
	}
	return p.dec
}

func (p *passImporter) summary(fn *types.Func) *Summary {
	if fn.Pkg() == nil {
		return nil
	}
	var f FuncSummary
	if !p.pass.ImportObjectFact(fn, &f) {
		if !p.analyzed(fn.Pkg()) {
			return nil
		}
		// Analyzed, and nothing to say: it returns nothing the engine
		// follows (its calls are opaque, as those of a package not
		// analyzed: a value is the same whichever driver ran) and
		// stores nothing through its parameters.
		return &Summary{}
	}
	p.decoder().fn = fn
	p.dec.inLit = false
	s := p.decode(f.Results, f.Stores)
	if len(f.Lits) > 0 || len(f.Inl) > 0 {
		p.dec.inLit = true
		s.lits = make(map[int]*Summary)
		for _, l := range f.Lits {
			s.lits[l.Ord] = p.decode(l.Results, l.Stores)
		}
		if len(f.Inl) > 0 {
			s.inl = make(map[int]*Summary)
			for _, l := range f.Inl {
				s.inl[l.Ord] = p.decode(l.Results, l.Stores)
			}
		}
		p.dec.inLit = false
	}
	return s
}

func (p *passImporter) varValue(v *types.Var) *Value {
	if val, ok := p.vars[v]; ok {
		return val
	}
	var val *Value
	var f VarValue
	if p.pass.ImportObjectFact(v, &f) {
		p.decoder().fn = nil
		p.dec.inLit = false
		val = p.dec.value(f.Value)
	}
	if p.vars == nil {
		p.vars = make(map[*types.Var]*Value)
	}
	p.vars[v] = val // decoded once per package
	return val
}

func (p *passImporter) decode(results []*Wire, stores []WireStore) *Summary {
	s := &Summary{}
	for _, w := range results {
		s.Results = append(s.Results, p.dec.value(w))
	}
	for _, w := range stores {
		s.Stores = append(s.Stores, Store{Param: w.Param, Path: w.Path, Value: p.dec.value(w.Value), Apply: w.Apply, Maybe: w.Maybe})
	}
	return s
}

func run(pass *analysis.Pass) (any, error) {
	if analysisutil.Library(pass) {
		return &Result{}, nil
	}
	en := newEngine(pass.TypesInfo, pass.Pkg, pass.Files, &passImporter{pass: pass})
	r := &Result{en: en}
	if len(pass.Files) == 0 {
		// A package without files (unsafe) has no functions; the
		// checker's fact log (-debug=f) cannot name its position.
		return r, nil
	}
	if !analysisutil.IsNeeded(pass.Pkg) || !isSummarized(pass.Pkg) {
		// No check can ask about this package's values (the standalone
		// driver knows: analysisutil.SetNeeded); its importers that can
		// are needed, and so are all their dependencies, so none is. Or
		// no importer can use its summaries (SetSummarized).
		return r, nil
	}
	exportSummaries(pass, en)
	return r, nil
}

// exportSummaries exports a FuncSummary fact for each function of the
// package whose summary says something.
func exportSummaries(pass *analysis.Pass, en *Engine) {
	pass.ExportPackageFact(&Analyzed{})
	en.begin()
	en.exporting = true
	builds := buildsRequests(pass.Pkg)
	// The program's own packages are summarized in full whatever they
	// import: a registry of tools (a map and its Register and List
	// methods) imports nothing that builds a request.
	own := pass.Module == nil || pass.Module.Version == "" || analysisutil.InLocalModule(pass.Pkg.Path())
	if !builds && !own {
		en.exportLimit = leafBudget
	}
	defer func() {
		en.exporting = false
		en.begin()
	}()
files:
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok || !worthSummary(fn) {
				continue
			}
			if en.total > packageBudget {
				break files // a package too costly to summarize: its callers see Unknown
			}
			// One query for the whole export: a summary computed under
			// a cycle is computed once.
			en.steps, en.depth = 0, 0
			sum := en.funcSummary(fn)
			if sum == nil || !informative(sum) {
				continue
			}
			c := &encoder{en: en, fn: fn}
			pass.ExportObjectFact(fn, c.summary(sum))
		}
	}
	if builds || own { // a leaf package's variables name no tool, request or command
		exportVars(pass, en)
	}
	if own {
		exportForeign(pass, en)
	}
}

// exportVars exports a VarValue fact for each exported package-level
// variable of the package whose value holds a constant (a name, a
// method), as the package writes it.
func exportVars(pass *analysis.Pass, en *Engine) {
	// A variable is evaluated on a query's budget, not a summary's: a
	// tool definition of twenty options with their JSON schemas
	// (MoreLogin's AdvancedCreateProfileTool) takes thousands of steps,
	// and variables are few. The package's budget still bounds them all.
	saved := en.exportLimit
	en.exportLimit = budget
	defer func() { en.exportLimit = saved }()
	scope := pass.Pkg.Scope()
	for _, name := range scope.Names() {
		v, ok := scope.Lookup(name).(*types.Var)
		if !ok || !v.Exported() || en.total > packageBudget {
			continue
		}
		en.steps, en.depth = 0, 0
		val := en.variable(v, nil)
		if val == nil || !val.Known() || !val.Mentions(isConst) {
			continue
		}
		w := (&encoder{en: en}).wire(val, 0)
		if w == nil || w.K == Unknown {
			continue
		}
		pass.ExportObjectFact(v, &VarValue{Value: w})
	}
}

func isConst(v *Value) bool { return v.Kind == Const }

// worthSummary reports whether fn's summary may be asked for by another
// package and its results or parameters can carry a value a consumer
// follows: an exported function or method (another package calls it, or
// an interface method dispatches to it) returning something or taking a
// pointer, or a slice or map of them. What this package asks of its
// unexported functions it computes when asked.
func worthSummary(fn *types.Func) bool {
	if !fn.Exported() {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Results().Len() > 0 {
		return true
	}
	if sig.Recv() != nil && isPointer(sig.Recv().Type()) {
		return true
	}
	for i := 0; i < sig.Params().Len(); i++ {
		if t := sig.Params().At(i).Type(); isPointer(t) || sharesElems(t) {
			return true // it may store through the pointer, or the elements
		}
	}
	return false
}

// informative reports whether a summary says more than Unknown.
func informative(s *Summary) bool {
	if len(s.Stores) > 0 {
		return true
	}
	for _, r := range s.Results {
		if r != nil && informativeValue(r) {
			return true
		}
	}
	return false
}

func informativeValue(v *Value) bool {
	for _, a := range v.Each() {
		if a.Kind != Unknown {
			return true
		}
	}
	return false
}

// leafBudget is the export budget of a package that imports, directly
// or not, neither an MCP SDK nor net/http, os/exec or database/sql: its
// functions can still hand a consumer a constant (a toolset's name, a
// default) but not build a request or a command of their own, and under
// go vet every such dependency (a YAML parser, a schema validator) is
// analyzed.
const leafBudget = 200

// buildsRequests reports whether pkg imports, directly or not, a
// package whose values the consumers follow into requests: an MCP SDK,
// net/http, os/exec or database/sql.
func buildsRequests(pkg *types.Package) bool {
	seen := make(map[*types.Package]bool)
	var walk func(p *types.Package) bool
	walk = func(p *types.Package) bool {
		if seen[p] {
			return false
		}
		seen[p] = true
		switch path := p.Path(); {
		case requestPath(path):
			return true
		}
		for _, q := range p.Imports() {
			if walk(q) {
				return true
			}
		}
		return false
	}
	return walk(pkg)
}

// Placeholder returns a symbolic value that stands for what a consumer
// binds later: the n-th value past fn's parameters (an element of a
// table fn ranges over). Bound with Env.Bind, it is kept through Eval,
// Encode and Subst like a parameter, and Subst replaces it by the
// argument at its position (len(params)+n).
func Placeholder(fn *types.Func, n int) *Value {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil {
		return UnknownValue("signature")
	}
	return &Value{Kind: Param, Index: sig.Params().Len() + n}
}

// Encode turns v, a value of fn's body in terms of fn's parameters (and
// placeholders), into what a consumer's own fact on fn carries. What
// means nothing outside the package (a literal, another function's
// parameter) is Unknown.
func (r *Result) Encode(fn *types.Func, v *Value) *Wire {
	if r == nil || r.en == nil {
		return &Wire{K: Unknown}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	c := &encoder{en: r.en, fn: fn, anchorFuncs: true}
	return nonNil(c.wire(v, 0))
}

// AnchorWalk calls visit with fn, a function of the package, and the
// unexported package-level functions it calls, directly or through at
// most two more of them, each once, until visit returns false: the
// functions whose literals and function values a fact names anchored on
// fn. effects describes the same functions (Effect.Anchored).
func (r *Result) AnchorWalk(fn *types.Func, visit func(*types.Func, *ast.FuncDecl) bool) {
	if r == nil || r.en == nil {
		return
	}
	// The functions first, under the lock; visit may ask the engine.
	type fd struct {
		fn   *types.Func
		decl *ast.FuncDecl
	}
	var fds []fd
	r.mu.Lock()
	r.en.index().anchorWalk(fn, func(f *types.Func, d *ast.FuncDecl) bool {
		fds = append(fds, fd{f, d})
		return true
	})
	r.mu.Unlock()
	for _, x := range fds {
		if !visit(x.fn, x.decl) {
			return
		}
	}
}

// Decode turns a Wire of a consumer's fact on fn (a function of another
// package) back into a Value in terms of fn's parameters.
func (r *Result) Decode(fn *types.Func, w *Wire) *Value {
	if r == nil || r.en == nil {
		return UnknownValue("no engine")
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	p, ok := r.en.imports.(*passImporter)
	if !ok {
		return UnknownValue("no facts")
	}
	d := p.decoder()
	d.fn, d.inLit = fn, false
	return d.value(w)
}

// Subst returns v, a value in terms of fn's parameters (and
// placeholders), with args in their place, and what that makes concrete
// resolved.
func (r *Result) Subst(fn *types.Func, v *Value, args []*Value) *Value {
	return r.SubstRecv(fn, v, nil, args)
}

// SubstRecv is Subst with the receiver of the method fn bound to recv
// too (nil: left as it is).
func (r *Result) SubstRecv(fn *types.Func, v *Value, recv *Value, args []*Value) *Value {
	if r == nil || r.en == nil {
		return UnknownValue("no engine")
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.en.begin()
	return r.en.subst(v, fn, recv, args)
}

// Recv returns the receiver a call of the method fn passes (x in
// x.M(...)) with env's bindings, or nil for a function's call.
func (r *Result) Recv(fn *types.Func, call *ast.CallExpr, env *Env) *Value {
	if r == nil || r.en == nil || fn == nil {
		return nil
	}
	sig, _ := fn.Type().(*types.Signature)
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if sig == nil || sig.Recv() == nil || !ok {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.en.begin()
	return r.en.eval(sel.X, env)
}

// Args returns the values of a call's arguments with env's bindings, a
// variadic parameter's packed into one slice as a summary sees it.
func (r *Result) Args(fn *types.Func, call *ast.CallExpr, env *Env) []*Value {
	if r == nil || r.en == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.en.begin()
	args := r.en.args(call, env)
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Variadic() && !call.Ellipsis.IsValid() {
		args = packVariadic(args, sig.Params().Len(), call)
	}
	return args
}

// Stored returns the arguments of a call of fn (recv, args: as Recv and
// Args give them) as fn leaves them: with the field stores its summary
// makes through them applied (a registration helper that annotates the
// tool it is given before it registers it: t.Annotations = a;
// mcp.AddTool(s, t, h)). A store fn may skip leaves a field the argument
// did not set possibly unset.
func (r *Result) Stored(fn *types.Func, recv *Value, args []*Value) (*Value, []*Value) {
	if r == nil || r.en == nil || fn == nil {
		return recv, args
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.en.begin()
	sum := r.en.funcSummary(fn)
	if sum == nil || len(sum.Stores) == 0 {
		return recv, args
	}
	args = slices.Clone(args)
	for _, st := range sum.Stores {
		if st.Apply && st.Param >= 0 && st.Param < len(args) && args[st.Param] != nil && isPending(st.Value) {
			// An interface method it calls on the argument (t.
			// SetReadOnly(true)): run on what the argument holds.
			args[st.Param] = r.en.applyInto(args[st.Param], r.en.subst(st.Value, fn, recv, args))
			continue
		}
		if st.Apply || len(st.Path) == 0 {
			continue
		}
		target := &recv
		if st.Param >= 0 {
			if st.Param >= len(args) {
				continue
			}
			target = &args[st.Param]
		}
		if *target == nil {
			continue
		}
		val := r.en.subst(dropSelf(st.Value, st.Param, st.Path), fn, recv, args)
		*target = r.en.applyUpdates(*target, []update{{path: st.Path, val: val, maybe: st.Maybe}}, nil, nil)
	}
	return recv, args
}

// openParam reports whether v is made from a parameter of its function
// itself, not only as an input of a call it holds: a parameter, a field
// or element of one, a concatenation, struct or slice with one among its
// parts ("up_" + tool.Name). A call's result whose receiver is the
// parameter (a.up.ListTools(ctx)) is a value of its own.
func openParam(v *Value, depth int) bool {
	if v == nil || depth > 8 {
		return false
	}
	switch v.Kind {
	case Param:
		return true
	case OneOf:
		return slices.ContainsFunc(v.Alts, func(x *Value) bool { return openParam(x, depth+1) })
	case Field, Elem:
		return openParam(v.X, depth+1)
	case Concat:
		return slices.ContainsFunc(v.Args, func(x *Value) bool { return openParam(x, depth+1) })
	case Struct:
		return slices.ContainsFunc(v.Fields, func(f FieldValue) bool { return openParam(f.Value, depth+1) })
	case Slice:
		return openParam(v.Elems, depth+1) || slices.ContainsFunc(v.Entry, func(x *Value) bool { return openParam(x, depth+1) })
	}
	return false
}

// FieldValues returns what the package stores into the field name of a
// struct of type t (t or a pointer to it), wherever it is: a field store
// (d.insert = stmt; d.insert, err = db.Prepare(q)) or a composite
// literal's keyed element (&DB{insert: stmt}); nil when it stores none.
// A constructor of another package is not seen: a field of a type of
// another package is nil.
func (r *Result) FieldValues(t types.Type, name string) []*Value {
	if r == nil || r.en == nil {
		return nil
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() != r.en.pkg {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.en.begin()
	en := r.en
	var out []*Value
	for v, stores := range en.index().stores {
		vt := v.Type()
		if p, ok := vt.(*types.Pointer); ok {
			vt = p.Elem()
		}
		if !types.Identical(vt, named) {
			continue
		}
		for _, s := range stores {
			if len(s.path) == 1 && s.path[0] == name {
				out = append(out, en.storedValue(s))
			}
		}
	}
	for _, f := range en.files {
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok || !types.Identical(en.info.TypeOf(lit), named) {
				return true
			}
			for _, el := range lit.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok && id.Name == name {
						out = append(out, en.eval(kv.Value, nil))
					}
				}
			}
			return true
		})
	}
	return out
}
