package retry

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"sort"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/passes/effects"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// Analyzer recognizes retry constructs. It reports nothing.
//
// Do not make this analyzer expensive (no SSA, no buildssa requirement):
// it runs on every package of the build and exports facts.
var Analyzer = &analysis.Analyzer{
	Name: "retry",
	Doc:  "recognizes retry loops, retry libraries, retry helpers and recursion on the error path; it reports nothing",
	URL:  "https://pkg.go.dev/github.com/mcpvet/mcpvet/passes/retry",
	Run:  run,
	// No inspect.Analyzer: this pass runs on every package under go vet,
	// and the inspector it would build and keep for the standard library
	// is most of the suite's memory. It builds its own, after the std check.
	Requires:   []*analysis.Analyzer{valueflow.Analyzer},
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(Helper)},
}

// Helper is a fact on a function (in any package) that calls its function
// parameter number Param (0-based, receiver excluded) again after that
// call returned an error: a project's own retry helper such as
// func withRetry(ctx context.Context, fn func() error) error (Param 1).
//
// When the attempts are counted against a parameter (for i := 0; i <
// attempts; i++, or i < p.MaxAttempts), Bound is that parameter's index
// plus one (0: none) and BoundField the field, if any: a call that passes
// a constant allowing one attempt does not retry.
type Helper struct {
	Param      int
	Bound      int
	BoundField string
	BoundLEQ   bool // the condition is i <= bound
}

func (*Helper) AFact() {}

func (h *Helper) String() string {
	if h.Bound == 0 {
		return fmt.Sprintf("retryhelper(param %d)", h.Param)
	}
	b := fmt.Sprintf("param %d", h.Bound-1)
	if h.BoundField != "" {
		b += "." + h.BoundField
	}
	return fmt.Sprintf("retryhelper(param %d, attempts %s)", h.Param, b)
}

// Kind is the kind of a retry construct.
type Kind int

const (
	Loop       Kind = iota // a loop that iterates again after a failed call
	Library                // a call of a retry library
	HelperCall             // a call of a function with a Helper fact
	Recursion              // a function that calls itself on the error path
)

func (k Kind) String() string {
	switch k {
	case Loop:
		return "loop"
	case Library:
		return "library"
	case HelperCall:
		return "helper"
	case Recursion:
		return "recursion"
	}
	return "?"
}

// Construct is one place where an operation is tried again after a
// failure.
type Construct struct {
	Kind Kind
	// Node is the loop statement; the retrying call expression (library or
	// helper); or the recursive *ast.FuncDecl.
	Node ast.Node
	// Attempt is the code run once per attempt: the loop body
	// (*ast.BlockStmt); the closure (*ast.FuncLit) or, when a named
	// function is passed, its *ast.FuncDecl if in this package; the
	// recursive function's body. It is nil when the operation is not in
	// this package.
	Attempt ast.Node
	// Failure is where the failure that leads to another attempt is
	// observed: the if statement or loop condition that tests the error,
	// or the statement that starts the next attempt; nil when unknown.
	Failure ast.Node
	// Name is, for Library and HelperCall, the callee: "backoff.Retry",
	// "retry.Do", "retry.Retrier.Do", "withRetry".
	Name string

	// Calls are the calls in Attempt whose error leads to another attempt,
	// in source order.
	Calls []*ast.CallExpr
	// Op is, for Library and HelperCall, the operation argument as
	// written; OpFunc is the named function it denotes, if any (possibly
	// in another package).
	Op     ast.Expr
	OpFunc *types.Func
	// Pred is the retry predicate, when the construct has one: the
	// retriable function of retry.OnError, the RetryIf option of
	// retry-go.
	Pred ast.Expr

	sem sem
	reg *region
}

// Result lists the retry constructs of a package. They are found on first
// use: a package that declares no retry helper and whose constructs no
// dependent pass asks for (most packages of a build under go vet) never
// pays for the search.
type Result struct {
	once sync.Once
	cons []*Construct

	a *finder
}

// Constructs returns the retry constructs of the package, in source
// order.
func (r *Result) Constructs() []*Construct {
	r.ensure()
	return r.cons
}

// ensure finds the constructs, once.
func (r *Result) ensure() {
	r.once.Do(func() {
		if r.a != nil && !r.a.library {
			r.a.find(r, false)
		}
	})
}

// Enclosing returns the constructs whose Attempt contains n, innermost
// first.
func (r *Result) Enclosing(n ast.Node) []*Construct {
	var cs []*Construct
	for _, c := range r.Constructs() {
		if c.Attempt != nil && c.Attempt.Pos() <= n.Pos() && n.End() <= c.Attempt.End() {
			cs = append(cs, c)
		}
	}
	sort.SliceStable(cs, func(i, j int) bool {
		return cs[i].Attempt.End()-cs[i].Attempt.Pos() < cs[j].Attempt.End()-cs[j].Attempt.Pos()
	})
	return cs
}

// Helper returns the Helper fact of fn (this package's or imported), or
// nil.
func (r *Result) Helper(fn *types.Func) *Helper {
	if fn == nil || r.a == nil {
		return nil
	}
	return r.a.helpers[fn.Origin()]
}

// Resends reports whether, in construct c, a failure of call (one of
// c.Calls) leads to another attempt that reaches call again without
// passing a node for which stop reports true. stop is called with simple
// statements and with the headers of compound ones (an if's Init and
// Cond), on the failure path and, in the next attempt, from the start of
// the Attempt up to call; it may be nil. The second result is where the
// failure is observed.
func (r *Result) Resends(c *Construct, call *ast.CallExpr, stop func(ast.Node) bool) (bool, ast.Node) {
	if c.reg == nil || r.a == nil {
		return false, nil
	}
	r.ensure()
	found := false
	for _, x := range c.Calls {
		found = found || x == call
	}
	if !found {
		return false, nil
	}
	focal, errObj := r.a.focal(c.reg, call)
	if focal == nil {
		return false, nil
	}
	w := newWalker(r.a.info, r.a.vf, c.reg, c.sem)
	w.errObj, w.focal, w.call, w.wrap, w.visit = errObj, focal, call, true, stop
	o := w.failure(focal)
	failure := w.check
	if failure == nil {
		failure = w.retry
	}
	return o&oAgain != 0, failure
}

// OnFailure follows the statements that may run after call failed (its
// error result is non-nil), within the innermost loop body or function
// body holding call, up to a return, a break or the end of that body. It
// calls visit with simple statements and the headers of compound ones;
// visit returning true ends that path. OnFailure reports false when the
// call's error is not followed (it is discarded or used as an operand).
func (r *Result) OnFailure(call *ast.CallExpr, visit func(ast.Node) bool) bool {
	return r.onPath(call, stNonNil, visit)
}

// OnSuccess is OnFailure for the path where call succeeded (its error
// result is nil).
func (r *Result) OnSuccess(call *ast.CallExpr, visit func(ast.Node) bool) bool {
	return r.onPath(call, stNil, visit)
}

func (r *Result) onPath(call *ast.CallExpr, st state, visit func(ast.Node) bool) bool {
	if r.a == nil {
		return false
	}
	r.ensure() // regionOf and find share the finder's maps
	reg := r.a.regionOf(call)
	if reg == nil {
		return false
	}
	focal, errObj := r.a.focal(reg, call)
	if focal == nil {
		return false
	}
	w := newWalker(r.a.info, r.a.vf, reg, semFunc)
	w.errObj, w.focal, w.call, w.visit = errObj, focal, call, visit
	w.after(focal, st)
	return true
}

// analysis is the state of one run.
type finder struct {
	pass    *analysis.Pass
	info    *types.Info
	mu      sync.Mutex // guards insp: dependent passes may run in parallel
	insp    *inspector.Inspector
	helpers map[*types.Func]*Helper
	decls   map[*types.Func]*ast.FuncDecl
	regions map[ast.Node]*region          // by the loop, FuncLit or FuncDecl
	callees map[*types.Func][]*types.Func // localCallees' memo
	vars    map[*types.Var]ast.Expr
	varsOK  bool
	vf      *valueflow.Result // operations the syntax does not resolve
	library bool              // the package is left to the tables: no constructs
	export  bool              // find runs within run and may export facts
}

func run(pass *analysis.Pass) (any, error) {
	a := &finder{
		pass:    pass,
		info:    pass.TypesInfo,
		helpers: make(map[*types.Func]*Helper),
		decls:   make(map[*types.Func]*ast.FuncDecl),
		regions: make(map[ast.Node]*region),
	}
	a.vf, _ = pass.ResultOf[valueflow.Analyzer].(*valueflow.Result)
	res := &Result{a: a}
	// The standard library and the SDKs retry nothing on their callers'
	// behalf that the tables do not say.
	if effects.Library(pass) {
		a.library = true
		return res, nil
	}
	for _, f := range pass.AllObjectFacts() {
		if h, ok := f.Fact.(*Helper); ok {
			if fn, ok := f.Object.(*types.Func); ok {
				a.helpers[fn] = h
			}
		}
	}
	// Only a function with an operation parameter can earn a Helper fact,
	// and facts are exported during run: search those functions now, if
	// there are any (helpersOnly). The package's constructs wait for a
	// dependent pass to ask.
	if declaresOperationParam(pass) {
		a.export = true
		a.find(&Result{a: a}, true)
		a.export = false
	}
	return res, nil
}

// declaresOperationParam reports whether a function of the package has a
// parameter of function type whose last result is an error: the operation
// a retry helper calls again.
func declaresOperationParam(pass *analysis.Pass) bool {
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func); hasOperationParam(fn) {
				return true
			}
		}
	}
	return false
}

// hasOperationParam reports whether fn has a parameter of function type
// whose last result is an error.
func hasOperationParam(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	params := fn.Type().(*types.Signature).Params()
	for i := 0; i < params.Len(); i++ {
		if isOperation(params.At(i).Type()) {
			return true
		}
	}
	return false
}

// isOperation reports whether t is a function type whose last result is an
// error.
func isOperation(t types.Type) bool {
	fsig, ok := t.Underlying().(*types.Signature)
	return ok && fsig.Results().Len() > 0 && isErrorType(fsig.Results().At(fsig.Results().Len()-1).Type())
}

// inspector returns the package's inspector, built on first use: only
// for the cursors of packages whose calls readback or freshkey asks about
// (OnFailure, Resends, their fixes); find walks the syntax itself. The
// Result does not keep it: under multichecker every package's result
// lives until the run ends, and inspectors would be most of that memory.
func (a *finder) inspector() *inspector.Inspector {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.insp == nil {
		a.insp = inspector.New(a.pass.Files)
	}
	return a.insp
}

// Inspector returns an inspector of the package, shared by the passes
// that require this one so that each package builds one.
func (r *Result) Inspector() *inspector.Inspector { return r.a.inspector() }

// ReleaseInspector drops the shared inspector: freshkey, which runs on
// every package, calls it when done, so that the inspector is not kept
// until the run ends. A later Inspector call builds it again.
func (r *Result) ReleaseInspector() {
	r.a.mu.Lock()
	r.a.insp = nil
	r.a.mu.Unlock()
}

// find adds the package's retry constructs to res and infers the Helper
// facts of its functions, exporting them when a.export is set. With
// helpersOnly, it looks only inside the functions that can earn a Helper
// fact (hasOperationParam): the constructs it adds are then those inside
// them, and the facts are the same.
func (a *finder) find(res *Result, helpersOnly bool) {
	var loops []*ast.BlockStmt
	var loopStmts []ast.Stmt
	var labels []string
	var calls []*ast.CallExpr
	var funcs []*ast.FuncDecl
	// One walk of the syntax, not an inspector: building one costs
	// several walks, and most packages that get here need no other.
	for _, f := range a.pass.Files {
		ast.PreorderStack(f, nil, func(n ast.Node, stack []ast.Node) bool {
			if analysisutil.TypeSyntax(n) {
				return false
			}
			switch n := n.(type) {
			case *ast.GenDecl:
				return !helpersOnly && n.Tok != token.TYPE && n.Tok != token.IMPORT
			case *ast.FuncDecl:
				if n.Body != nil {
					fn, _ := a.info.Defs[n.Name].(*types.Func)
					if fn != nil {
						a.decls[fn] = n
					}
					if helpersOnly && !hasOperationParam(fn) {
						return false
					}
					funcs = append(funcs, n)
				}
			case *ast.ForStmt:
				loops, loopStmts, labels = append(loops, n.Body), append(loopStmts, n), append(labels, labelOf(stack[len(stack)-1]))
			case *ast.RangeStmt:
				if a.retryRange(n) {
					loops, loopStmts, labels = append(loops, n.Body), append(loopStmts, n), append(labels, labelOf(stack[len(stack)-1]))
				}
			case *ast.CallExpr:
				calls = append(calls, n)
			}
			return true
		})
	}

	// Loops.
	for i, body := range loops {
		reg := newRegion(body, loopStmts[i], labels[i])
		a.regions[loopStmts[i]] = reg
		con := &Construct{Kind: Loop, Node: loopStmts[i], Attempt: body, sem: semLoop, reg: reg}
		if a.analyze(con) {
			res.cons = append(res.cons, con)
		}
	}

	// Recursion.
	for _, d := range funcs {
		fn, _ := a.info.Defs[d.Name].(*types.Func)
		if fn == nil {
			continue
		}
		via := a.selfVia(d, fn)
		if !callsItself(a.info, a.vf, d.Body, fn) && len(via) == 0 {
			continue
		}
		reg := a.funcRegion(d)
		reg.self, reg.selfVia = fn, via
		con := &Construct{Kind: Recursion, Node: d, Attempt: d.Body, sem: semRecursion, reg: reg}
		if a.analyze(con) {
			res.cons = append(res.cons, con)
		}
	}

	// Libraries.
	libCalls := make(map[*ast.CallExpr]bool)
	for _, call := range calls {
		if fn, _ := typeutil.Callee(a.info, call).(*types.Func); fn != nil {
			if k, ok := calleeKey(fn); ok && inTable(k) {
				// The table decides, even when it says no: the library's
				// own source may also earn its entry point a Helper fact.
				libCalls[call] = true
			}
		}
		fn, l, op, pred, ok := a.libCall(call)
		if !ok {
			continue
		}
		con := &Construct{Kind: Library, Node: call, Name: displayName(fn, a.pass.Pkg), Op: op, Pred: pred, sem: l.sem}
		a.attach(con, op)
		ok = a.analyze(con)
		if l.sem == semRetryable || l.sem == semCondition {
			if !ok {
				continue // retries nothing the closure does
			}
		}
		res.cons = append(res.cons, con)
	}

	// Helper facts, and calls of helpers, to a fixpoint: a helper may hand
	// its operation to another helper of this package.
	helperCalls := make(map[*ast.CallExpr]bool)
	for iter := 0; iter < 4; iter++ {
		changed := a.inferHelpers(res, funcs)
		for _, call := range calls {
			if libCalls[call] || helperCalls[call] {
				continue
			}
			fn, _ := typeutil.Callee(a.info, call).(*types.Func)
			h := a.helperOf(fn)
			if h == nil || h.Param >= len(call.Args) {
				continue
			}
			if sig, ok := a.info.TypeOf(call.Fun).(*types.Signature); ok && sig.Variadic() && h.Param >= sig.Params().Len()-1 {
				continue
			}
			helperCalls[call] = true
			if a.oneAttempt(h, call) {
				continue // the call chooses a single attempt
			}
			op := call.Args[h.Param]
			con := &Construct{Kind: HelperCall, Node: call, Name: displayName(fn, a.pass.Pkg), Op: op, sem: semError}
			a.attach(con, op)
			a.analyze(con)
			res.cons = append(res.cons, con)
			changed = true
		}
		if !changed {
			break
		}
	}
	if a.export {
		for fn, h := range a.helpers {
			if fn.Pkg() == a.pass.Pkg {
				a.pass.ExportObjectFact(fn, h)
			}
		}
	}
	sort.SliceStable(res.cons, func(i, j int) bool { return res.cons[i].Node.Pos() < res.cons[j].Node.Pos() })
}

func (a *finder) helperOf(fn *types.Func) *Helper {
	if fn == nil {
		return nil
	}
	return a.helpers[fn.Origin()]
}

// inferHelpers adds Helper facts for this package's functions whose
// constructs retry a call of one of their function parameters.
func (a *finder) inferHelpers(res *Result, funcs []*ast.FuncDecl) bool {
	changed := false
	for _, d := range funcs {
		fn, _ := a.info.Defs[d.Name].(*types.Func)
		if fn == nil || a.helpers[fn] != nil {
			continue
		}
		sig := fn.Type().(*types.Signature)
		paramOf, some := analysisutil.ParamOf(a.info, fn, func(p *types.Var) bool { return isOperation(p.Type()) })
		if !some {
			continue
		}
		for _, c := range res.cons {
			if c.Node.Pos() < d.Body.Pos() || c.Node.End() > d.Body.End() {
				continue
			}
			idx := -1
			if c.Op != nil {
				if i, ok := paramOf(c.Op); ok {
					idx = i
				}
			}
			for _, call := range c.Calls {
				if i, ok := a.invoked(call, paramOf); ok && idx < 0 {
					idx = i
				}
			}
			if idx >= 0 {
				h := &Helper{Param: idx}
				switch loop := c.Node.(type) {
				case *ast.ForStmt:
					a.bound(h, loop, sig)
				case *ast.RangeStmt: // for range attempts
					a.boundParam(h, loop.X, false, sig)
				}
				a.helpers[fn] = h
				changed = true
				break
			}
		}
		if a.helpers[fn] == nil {
			if idx, ok := a.recallsOnError(d, paramOf); ok {
				a.helpers[fn] = &Helper{Param: idx}
				changed = true
			}
		}
	}
	return changed
}

// invoked returns the function parameter (by paramOf) that call calls:
// fn(), or invoke(fn) where invoke calls its parameter (the engine's
// Invoked).
func (a *finder) invoked(call *ast.CallExpr, paramOf func(ast.Expr) (int, bool)) (int, bool) {
	if i, ok := paramOf(call.Fun); ok {
		return i, true
	}
	return paramOf(a.vf.Invoked(call))
}

// attach sets a library or helper construct's Attempt from its operation
// argument: a closure, or a named function of this package.
func (a *finder) attach(con *Construct, op ast.Expr) {
	x := ast.Unparen(op)
	if _, ok := x.(*ast.Ident); ok {
		if lit, ok := a.value(x).(*ast.FuncLit); ok {
			x = lit // op := func() error {...}; backoff.Retry(op, b)
		}
	}
	switch x := x.(type) {
	case *ast.FuncLit:
		con.Attempt = x
		con.reg = a.litRegion(x)
	case *ast.Ident, *ast.SelectorExpr:
		var id *ast.Ident
		if sel, ok := x.(*ast.SelectorExpr); ok {
			id = sel.Sel
		} else {
			id = x.(*ast.Ident)
		}
		if fn, ok := a.info.Uses[id].(*types.Func); ok {
			con.OpFunc = fn
			if d := a.decls[fn.Origin()]; d != nil {
				con.Attempt = d
				con.reg = a.funcRegion(d)
			}
			return
		}
	}
	if con.Attempt == nil {
		a.flowAttach(con, op)
	}
}

// flowAttach is attach for an operation the syntax does not resolve (a
// function kept in a struct field, an options struct, returned by a
// constructor): the one function of this package the value-flow engine
// finds it holds.
func (a *finder) flowAttach(con *Construct, op ast.Expr) {
	if a.vf == nil {
		return
	}
	alts := a.vf.Eval(op, nil).Each()
	if len(alts) == 1 && alts[0].ParamRooted() {
		// A parameter's (p.step of a helper given the plan): the one
		// function every call of the enclosing function gives it.
		alts = oneFunc(a.vf.AtCallSites(op))
	}
	if len(alts) != 1 {
		return
	}
	switch v := alts[0]; v.Kind {
	case valueflow.Closure:
		if v.Lit != nil {
			con.Attempt = v.Lit
			con.reg = a.litRegion(v.Lit)
		}
	case valueflow.Func:
		if fn, ok := v.Obj.(*types.Func); ok {
			con.OpFunc = fn
			if d := a.decls[fn.Origin()]; d != nil {
				con.Attempt = d
				con.reg = a.funcRegion(d)
			}
		}
	}
}

// oneFunc returns the one function or closure that every value of vals
// is, or nil.
func oneFunc(vals []*valueflow.Value) []*valueflow.Value {
	var one *valueflow.Value
	for _, v := range vals {
		alts := v.Each()
		if len(alts) != 1 || alts[0].Kind != valueflow.Func && alts[0].Kind != valueflow.Closure {
			return nil
		}
		if one != nil && (one.Kind != alts[0].Kind || one.Obj != alts[0].Obj || one.Lit != alts[0].Lit) {
			return nil
		}
		one = alts[0]
	}
	if one == nil {
		return nil
	}
	return []*valueflow.Value{one}
}

// flowCall returns the one call of this package that made the value of
// e, as the value-flow engine finds it.
func (a *finder) flowCall(e ast.Expr) (*ast.CallExpr, bool) {
	if a.vf == nil {
		return nil, false
	}
	alts := a.vf.Eval(e, nil).Each()
	if len(alts) != 1 || alts[0].Kind != valueflow.Call {
		return nil, false
	}
	c, ok := alts[0].Node.(*ast.CallExpr)
	return c, ok
}

// flowLit returns the function literal of this package that e, a
// function value the syntax does not resolve (kept in a field, returned
// by a constructor), holds, as the value-flow engine finds it; otherwise
// e.
func (a *finder) flowLit(e ast.Expr) ast.Expr {
	if _, ok := ast.Unparen(e).(*ast.FuncLit); ok || a.vf == nil {
		return e
	}
	if alts := a.vf.Eval(e, nil).Each(); len(alts) == 1 && alts[0].Kind == valueflow.Closure && alts[0].Lit != nil {
		return alts[0].Lit
	}
	return e
}

// analyze fills con.Calls and con.Failure; it reports whether some call
// in the Attempt is retried after failing.
func (a *finder) analyze(con *Construct) bool {
	reg := con.reg
	if reg == nil {
		return false
	}
	for _, s := range reg.stmts {
		for _, call := range candidateCalls(a.vf, s) {
			if a.errorWrapper(call) {
				continue
			}
			focal, errObj := a.focal(reg, call)
			if focal == nil {
				continue
			}
			w := newWalker(a.info, a.vf, reg, con.sem)
			w.errObj, w.focal, w.call = errObj, focal, call
			if w.failure(focal)&oRetry == 0 {
				continue
			}
			if con.sem == semLoop {
				// Success must leave the loop: a loop that goes on after a
				// success walks through items, it does not retry.
				ws := newWalker(a.info, a.vf, reg, con.sem)
				ws.errObj, ws.focal, ws.call = errObj, focal, call
				if errObj == nil {
					continue
				}
				if o := ws.after(focal, stNil); o != oDone && (o != oDone|oRetry || !a.failedResult(reg, ws.retry, errObj)) {
					continue
				}
			}
			if con.Failure == nil {
				con.Failure = w.check
				if con.Failure == nil {
					con.Failure = w.retry
				}
			}
			con.Calls = append(con.Calls, call)
		}
	}
	sort.Slice(con.Calls, func(i, j int) bool { return con.Calls[i].Pos() < con.Calls[j].Pos() })
	return len(con.Calls) > 0
}

// candidateCalls returns the calls whose error s may follow: the right
// side of an assignment, an if's Init, a return's last result.
func candidateCalls(vf *valueflow.Result, s ast.Stmt) []*ast.CallExpr {
	var e ast.Expr
	switch s := s.(type) {
	case *ast.AssignStmt:
		if len(s.Rhs) == 1 {
			e = s.Rhs[0]
		}
	case *ast.IfStmt:
		if as, ok := s.Init.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
			e = as.Rhs[0]
		}
	case *ast.ReturnStmt:
		if len(s.Results) > 0 {
			e = s.Results[len(s.Results)-1]
		}
	case *ast.DeclStmt:
		if gd, ok := s.Decl.(*ast.GenDecl); ok && len(gd.Specs) == 1 {
			if vs, ok := gd.Specs[0].(*ast.ValueSpec); ok && len(vs.Values) == 1 {
				e = vs.Values[0]
			}
		}
	}
	// A literal called in place, or run by a helper that returns what it
	// returns, is the call it returns: res, err := func() (R, error) {
	// return cs.CallTool(ctx, p) }() (valueflow's Inlined).
	if e == nil {
		return nil
	}
	if call, ok := ast.Unparen(vf.Inlined(e)).(*ast.CallExpr); ok {
		return []*ast.CallExpr{call}
	}
	return nil
}

// focal finds call's statement in reg and the error variable it sets.
func (a *finder) focal(reg *region, call *ast.CallExpr) (ast.Stmt, types.Object) {
	path := pathTo(reg.root, call)
	if path == nil {
		return nil, nil
	}
	// The call a literal called in place returns: its statement is the
	// literal's call's (valueflow's Inlined).
	for i, n := range path {
		if c, ok := n.(*ast.CallExpr); ok && ast.Unparen(a.vf.Inlined(c)) == call {
			call, path = c, path[:i]
			break
		}
	}
	// focalOf wants the ancestors, innermost last, up to the innermost
	// statement holding the call and that statement's parent.
	for i := len(path) - 1; i >= 0; i-- {
		if _, ok := path[i].(ast.Stmt); ok {
			return focalOf(a.info, reg, call, path[max(i-1, 0):])
		}
	}
	return nil, nil
}

// pathTo returns the ancestors of n under root, root first, or nil when
// root does not hold n. It descends only into the nodes that span n,
// so it costs the depth of n, not the size of root.
func pathTo(root, n ast.Node) []ast.Node {
	var path []ast.Node
	found := false
	analysisutil.Inspect(root, func(x ast.Node) bool {
		switch {
		case found || x == nil:
			return false
		case x == n:
			found = true
			return false
		case x.Pos() <= n.Pos() && n.End() <= x.End():
			path = append(path, x)
			return true
		}
		return false
	})
	if !found {
		return nil
	}
	return path
}

// regionOf returns the region of the innermost loop or function body
// holding n; a literal called where it is written is part of the body
// around it.
func (a *finder) regionOf(n ast.Node) *region {
	cur, ok := a.inspector().Root().FindNode(n)
	if !ok {
		return nil
	}
	for p := range cur.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		switch x := p.Node().(type) {
		case *ast.ForStmt:
			if x.Body.Pos() <= n.Pos() && n.End() <= x.Body.End() {
				return a.loopRegion(x, x.Body, labelOf(p.Parent().Node()))
			}
		case *ast.RangeStmt:
			if x.Body.Pos() <= n.Pos() && n.End() <= x.Body.End() {
				return a.loopRegion(x, x.Body, labelOf(p.Parent().Node()))
			}
		case *ast.FuncLit:
			if a.runsHere(x, p.Parent().Node()) {
				continue // it runs in the enclosing loop or function
			}
			if x.Body.Pos() <= n.Pos() && n.End() <= x.Body.End() {
				return a.litRegion(x)
			}
		case *ast.FuncDecl:
			if x.Body != nil && x.Body.Pos() <= n.Pos() && n.End() <= x.Body.End() {
				return a.funcRegion(x)
			}
		}
	}
	return nil
}

// runsHere reports whether the literal lit, whose parent in the syntax
// is parent, runs once where it is written: called in place, or handed
// to a function of the package that calls it (valueflow's RunsHere)
// and is no retry helper.
func (a *finder) runsHere(lit *ast.FuncLit, parent ast.Node) bool {
	if a.vf.CalledHere(lit) {
		return true
	}
	call, ok := parent.(*ast.CallExpr)
	if !ok || !a.vf.RunsHere(lit) {
		return false
	}
	fn, _ := typeutil.Callee(a.info, call).(*types.Func)
	return fn != nil && a.helpers[fn.Origin()] == nil
}

func (a *finder) loopRegion(loop ast.Stmt, body *ast.BlockStmt, label string) *region {
	if r := a.regions[loop]; r != nil {
		return r
	}
	r := newRegion(body, loop, label)
	a.regions[loop] = r
	return r
}

func (a *finder) litRegion(lit *ast.FuncLit) *region {
	if r := a.regions[lit]; r != nil {
		return r
	}
	r := newRegion(lit.Body, nil, "")
	a.regions[lit] = r
	return r
}

func (a *finder) funcRegion(d *ast.FuncDecl) *region {
	if r := a.regions[d]; r != nil {
		return r
	}
	r := newRegion(d.Body, nil, "")
	a.regions[d] = r
	return r
}

func labelOf(parent ast.Node) string {
	if ls, ok := parent.(*ast.LabeledStmt); ok {
		return ls.Label.Name
	}
	return ""
}

// retryRange reports whether a range loop repeats one operation: a range
// over an integer, over a backoff schedule ([]time.Duration) or over a
// ticker's channel. A range over items moves on after a failure.
func (a *finder) retryRange(r *ast.RangeStmt) bool {
	t := a.info.TypeOf(r.X)
	if t == nil {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsInteger != 0
	case *types.Slice:
		return isNamed(u.Elem(), "time", "Duration")
	case *types.Array:
		return isNamed(u.Elem(), "time", "Duration")
	case *types.Chan:
		return isNamed(u.Elem(), "time", "Time")
	}
	return false
}

func isNamed(t types.Type, path, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == path && n.Obj().Name() == name
}

// CallsBack reports whether a call of fn inside a Recursion construct
// is the recursion itself: fn is the function, or a helper of the
// package through which it calls itself.
func (c *Construct) CallsBack(fn *types.Func) bool {
	if c.Kind != Recursion || c.reg == nil || fn == nil {
		return false
	}
	return fn.Origin() == c.reg.self || c.reg.selfVia[fn.Origin()]
}

// selfVia returns the helpers of the package that d calls and through
// which d's function fn calls itself (a recursion split by an extracted
// call), following at most maxSelfDepth helpers.
func (a *finder) selfVia(d *ast.FuncDecl, fn *types.Func) map[types.Object]bool {
	// A retry through helpers hands its caller the error of the call it
	// repeats: only a function with an error result is looked at, which
	// spares most functions of a package the call-graph walk.
	if !returnsErr(fn) {
		return nil
	}
	var via map[types.Object]bool
	for _, g := range a.localCallees(fn) {
		if g != fn && !via[g] && a.reaches(g, fn) {
			if via == nil {
				via = make(map[types.Object]bool)
			}
			via[g] = true
		}
	}
	return via
}

// returnsErr reports whether fn has a result of type error.
func returnsErr(fn *types.Func) bool {
	res := fn.Signature().Results()
	for i := 0; i < res.Len(); i++ {
		if isErrorType(res.At(i).Type()) {
			return true
		}
	}
	return false
}

// maxSelfDepth bounds how many helpers deep a recursion is followed.
const maxSelfDepth = 3

// reaches reports whether from calls to, directly or through at most
// maxSelfDepth-1 other helpers of the package.
func (a *finder) reaches(from, to *types.Func) bool {
	seen := map[*types.Func]bool{from: true}
	level := []*types.Func{from}
	for depth := 0; depth < maxSelfDepth && len(level) > 0; depth++ {
		var next []*types.Func
		for _, f := range level {
			for _, g := range a.localCallees(f) {
				if g == to {
					return true
				}
				if !seen[g] {
					seen[g] = true
					next = append(next, g)
				}
			}
		}
		level = next
	}
	return false
}

// localCallees returns the functions of the package that fn's body
// calls outside function literals (but for those that run in place),
// memoized.
func (a *finder) localCallees(fn *types.Func) []*types.Func {
	if cs, ok := a.callees[fn]; ok {
		return cs
	}
	var cs []*types.Func
	if d := a.decls[fn]; d != nil && d.Body != nil {
		a.vf.InspectHere(d.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if g, _ := typeutil.Callee(a.info, n).(*types.Func); g != nil && a.decls[g.Origin()] != nil {
					cs = append(cs, g.Origin())
				}
			}
			return true
		})
	}
	if a.callees == nil {
		a.callees = make(map[*types.Func][]*types.Func)
	}
	a.callees[fn] = cs
	return cs
}

// callsItself reports whether body calls fn outside function literals
// (but for those that run in place: valueflow's InspectHere).
func callsItself(info *types.Info, vf *valueflow.Result, body *ast.BlockStmt, fn *types.Func) bool {
	found := false
	vf.InspectHere(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if c, _ := typeutil.Callee(info, n).(*types.Func); c != nil && c.Origin() == fn {
				found = true
			}
		}
		return !found
	})
	return found
}

// value resolves a local variable assigned once to that expression.
func (a *finder) value(e ast.Expr) ast.Expr {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return ast.Unparen(e)
	}
	v, ok := a.info.Uses[id].(*types.Var)
	if !ok {
		return e
	}
	if !a.varsOK {
		a.varsOK = true
		a.vars = make(map[*types.Var]ast.Expr)
		count := make(map[*types.Var]int)
		note := func(l ast.Expr, r ast.Expr) {
			id, ok := l.(*ast.Ident)
			if !ok {
				return
			}
			v, _ := a.info.ObjectOf(id).(*types.Var)
			if v == nil {
				return
			}
			count[v]++
			a.vars[v] = r
		}
		for _, f := range a.pass.Files {
			analysisutil.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.AssignStmt:
					for i, l := range n.Lhs {
						if len(n.Lhs) == len(n.Rhs) {
							note(l, n.Rhs[i])
						} else {
							note(l, nil)
						}
					}
				case *ast.ValueSpec:
					for i, name := range n.Names {
						if len(n.Values) == len(n.Names) {
							note(name, n.Values[i])
						} else {
							note(name, nil)
						}
					}
				}
				return true
			})
		}
		for v, c := range count {
			if c != 1 || a.vars[v] == nil {
				delete(a.vars, v)
			}
		}
	}
	if x := a.vars[v]; x != nil {
		return ast.Unparen(x)
	}
	return e
}

// errorWrapper reports whether call makes or wraps an error rather than
// doing an operation: fmt.Errorf, backoff.Permanent, retry.RetryableError.
func (a *finder) errorWrapper(call *ast.CallExpr) bool {
	if isErrorConstructor(a.info, call) {
		return true
	}
	fn, _ := typeutil.Callee(a.info, call).(*types.Func)
	return fn != nil && fn.Pkg() != nil && stopOrRetry(fn) != ""
}

// recallsOnError reports whether d calls one of its function parameters
// again in the error path of a call of it, outside loops: res, err :=
// fn(s); if err != nil { refresh(); res, err = fn(s) }.
func (a *finder) recallsOnError(d *ast.FuncDecl, paramOf func(ast.Expr) (int, bool)) (int, bool) {
	reg := a.funcRegion(d)
	for _, s := range reg.stmts {
		for _, call := range candidateCalls(a.vf, s) {
			idx, ok := a.invoked(call, paramOf)
			if !ok {
				continue
			}
			focal, errObj := a.focal(reg, call)
			if focal == nil || errObj == nil {
				continue
			}
			again := false
			w := newWalker(a.info, a.vf, reg, semFunc)
			w.errObj, w.focal, w.call = errObj, focal, call
			w.visit = func(n ast.Node) bool {
				analysisutil.Inspect(n, func(x ast.Node) bool {
					if c, ok := x.(*ast.CallExpr); ok && c != call {
						if i, ok := a.invoked(c, paramOf); ok && i == idx {
							again = true
						}
					}
					return !again
				})
				return again
			}
			w.failure(focal)
			if again {
				return idx, true
			}
		}
	}
	return 0, false
}

// failedResult reports whether n, where a path that succeeded starts
// another attempt, is a continue under a condition that tests a failure
// carried by the result: if res.IsError { ...; continue }, or a test of
// another error (isReconnectable(toolError(res))). A loop that
// goes on after a result reporting a failure retries it; one that goes on
// after any other success walks or polls.
func (a *finder) failedResult(reg *region, n ast.Node, errObj types.Object) bool {
	br, ok := n.(*ast.BranchStmt)
	if !ok || br.Tok != token.CONTINUE {
		return false
	}
	for _, x := range pathTo(reg.root, br) {
		ifs, ok := x.(*ast.IfStmt)
		if !ok || !(ifs.Body.Pos() <= br.Pos() && br.End() <= ifs.Body.End()) {
			continue
		}
		found := false
		analysisutil.Inspect(ifs.Cond, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.SelectorExpr:
				if m.Sel.Name == "IsError" {
					found = true
				}
			case *ast.Ident:
				// An error other than the call's own and than one the
				// if's Init just set (if _, rerr := reconnect(); rerr == nil).
				if v, ok := a.info.Uses[m].(*types.Var); ok && v != errObj && isErrorType(v.Type()) &&
					(ifs.Init == nil || v.Pos() < ifs.Init.Pos() || v.Pos() >= ifs.Init.End()) {
					found = true
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// bound records in h the parameter a helper's counted loop compares its
// attempt counter with: for i := 0; i < n; i++ or i < p.MaxAttempts.
func (a *finder) bound(h *Helper, loop *ast.ForStmt, sig *types.Signature) {
	be, ok := ast.Unparen(loop.Cond).(*ast.BinaryExpr)
	if !ok || (be.Op != token.LSS && be.Op != token.LEQ) {
		return
	}
	// The counter starts at zero.
	init, ok := loop.Init.(*ast.AssignStmt)
	if !ok || len(init.Lhs) != 1 || len(init.Rhs) != 1 {
		return
	}
	if tv, ok := a.info.Types[init.Rhs[0]]; !ok || tv.Value == nil || tv.Value.String() != "0" {
		return
	}
	lhs, ok := init.Lhs[0].(*ast.Ident)
	if !ok {
		return
	}
	if id, ok := ast.Unparen(be.X).(*ast.Ident); !ok || a.info.ObjectOf(id) != a.info.ObjectOf(lhs) {
		return
	}
	a.boundParam(h, be.Y, be.Op == token.LEQ, sig)
}

// boundParam records in h that the attempts are counted against y, when
// y is a parameter or a field of one.
func (a *finder) boundParam(h *Helper, y ast.Expr, leq bool, sig *types.Signature) {
	y = ast.Unparen(y)
	field := ""
	if sel, ok := y.(*ast.SelectorExpr); ok {
		field, y = sel.Sel.Name, ast.Unparen(sel.X)
	}
	id, ok := y.(*ast.Ident)
	if !ok {
		return
	}
	obj := a.info.Uses[id]
	for i := 0; i < sig.Params().Len(); i++ {
		if sig.Params().At(i) == obj {
			h.Bound, h.BoundField, h.BoundLEQ = i+1, field, leq
			return
		}
	}
}

// oneAttempt reports whether call passes to h's attempt bound a constant
// that allows one attempt only: RunNode(ctx, RetryPolicy{MaxAttempts: 1}, n, s).
func (a *finder) oneAttempt(h *Helper, call *ast.CallExpr) bool {
	if h.Bound == 0 || h.Bound-1 >= len(call.Args) {
		return false
	}
	e := ast.Unparen(call.Args[h.Bound-1])
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	if h.BoundField != "" {
		lit, ok := e.(*ast.CompositeLit)
		if !ok {
			// A policy kept in a variable or a field.
			alts := a.vf.Eval(e, nil).Each()
			if len(alts) != 1 || alts[0].Kind != valueflow.Struct {
				return false
			}
			f, _ := alts[0].Field(h.BoundField)
			if f == nil {
				return true // the field's zero value: one attempt at most
			}
			return boundOK(h, f)
		}
		e = nil
		for _, el := range lit.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if k, ok := kv.Key.(*ast.Ident); ok && k.Name == h.BoundField {
					e = kv.Value
				}
			}
		}
		if e == nil {
			return true // the field's zero value: one attempt at most
		}
	}
	tv, ok := a.info.Types[e]
	if !ok || tv.Value == nil {
		v := a.vf.Eval(e, nil) // a bound kept in a variable or a field
		if alts := v.Each(); len(alts) == 1 && alts[0].ParamRooted() {
			// A parameter's: one attempt at every call that gives it.
			sites := a.vf.AtCallSites(e)
			for _, sv := range sites {
				if !boundOK(h, sv) {
					return false
				}
			}
			return len(sites) > 0
		}
		return boundOK(h, v)
	}
	return boundOK(h, valueflow.ConstValue(tv.Value))
}

// boundOK reports whether every value the bound v can hold allows one
// attempt at most.
func boundOK(h *Helper, v *valueflow.Value) bool {
	alts := v.Each()
	if len(alts) == 0 {
		return false
	}
	for _, a := range alts {
		if a.Kind != valueflow.Const {
			return false
		}
		n, ok := constant.Int64Val(constant.ToInt(a.Const))
		if !ok {
			return false
		}
		if h.BoundLEQ && n > 0 || !h.BoundLEQ && n > 1 {
			return false
		}
	}
	return true
}
