package effects

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// This file asks the value-flow engine (passes/valueflow) for the method
// of a request where the shapes of http.go do not decide it: a method
// that travels in a field of a params or request struct (CallAPI(ctx,
// Params{Method: http.MethodPost}), where CallAPI builds the request
// from p.Method), a builder that stores the method in a struct that a
// send function turns into an *http.Request later, a constructor's
// result (of this package, or of another through its summary fact), a
// table of requests that a loop ranges over.
//
// Precision first: the engine's answer decides the method when every
// alternative is a constant method (the most significant one is then
// the method: a loop over a table of a GET and a POST sends a POST), or
// when it is one parameter of the enclosing function, or a field of one
// or of the receiver: that method is then judged at each call site, as
// a method parameter is (HTTP.MethodParam, MethodField, MethodRecv). An
// alternative the engine does not know leaves the method unknown.

// methodVal resolves a method expression: http.go's shapes (strVal)
// first, then the engine.
func (r *Result) methodVal(sc *Scope, e ast.Expr) hval {
	v := r.strVal(sc, e)
	if v.known || v.symbolic() || e == nil || r.noFlow {
		return v
	}
	r.asRow(sc, e, func() { v = r.methodOf(sc, r.vf.Eval(e, sc.env), 0) })
	if v.known {
		v.from = sc.fname
	}
	return v
}

// asRow runs resolve, which resolves a method, as the method of a row
// where e, in a function literal written in a loop over a table, reads
// the loop's row (http.NewRequest(ep.method, ...), or a request built
// from it): each literal the loop makes holds one row, and the rows'
// methods are no alternatives of any one tool's (list_orders' GET beside
// create_order's POST). Rows that differ in kind (a read, an idempotent
// write, a write) leave the method unknown (joinRowMethods); the one
// per-row mechanism is the tool's binding (Scope.Bind), under which the
// row is one.
func (r *Result) asRow(sc *Scope, e ast.Expr, resolve func()) {
	if sc.perRow || sc.body == nil || r.vf == nil || !r.rowValue(sc, e, nil, 0) {
		resolve()
		return
	}
	sc.perRow = true
	defer func() { sc.perRow = false }()
	resolve()
}

// rowValue reports whether e, in the scope of a function literal (lit,
// found on first need), reads a variable the literal captures from a
// range loop over a table around it, directly or through the literal's
// own locals.
func (r *Result) rowValue(sc *Scope, e ast.Expr, lit ast.Node, depth int) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || found {
			return !found
		}
		v, _ := sc.obj(id).(*types.Var)
		if v == nil || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
			return true
		}
		if lit == nil {
			if lit = innermostLit(sc, e); lit == nil {
				return false
			}
		}
		switch {
		case v.Pos() < lit.Pos() || v.Pos() >= lit.End():
			found = r.vf.RangedOver(v) != nil
		case depth < 3:
			sc.build()
			for _, d := range sc.defs[v] {
				found = found || d.rhs != nil && r.rowValue(sc, d.rhs, lit, depth+1)
			}
		}
		return true
	})
	return found
}

// innermostLit is the function literal around e: the scope's own body
// when it is a handler literal's, else one written inside the declared
// function; nil when e is in no literal.
func innermostLit(sc *Scope, e ast.Expr) ast.Node {
	var lit ast.Node
	if sc.fn == nil {
		lit = sc.body
	}
	ast.Inspect(sc.body, func(n ast.Node) bool {
		if n == nil || n.Pos() > e.Pos() || n.End() <= e.Pos() {
			return false
		}
		if l, ok := n.(*ast.FuncLit); ok {
			lit = l
		}
		return true
	})
	return lit
}

// queryVal resolves a GraphQL document: strVal's shapes, then the
// engine, for one constant or a parameter.
func (r *Result) queryVal(sc *Scope, e ast.Expr, field string) hval {
	if field == "" {
		v := r.strVal(sc, e)
		if v.known || v.symbolic() || e == nil || r.noFlow {
			return v
		}
	} else if e == nil || r.noFlow {
		return unknownVal
	}
	val := r.vf.Eval(e, nil)
	if field != "" {
		val = val.Select(field)
	}
	if s, ok := val.String1(); ok {
		return hval{s: s, known: true, param: -1}
	}
	// One of several constant documents (query := listCE; if ee {
	// query = listEE }): a mutation among them, else the first query.
	var doc hval
	for _, a := range val.Each() {
		s, ok := a.String1()
		if !ok {
			doc = unknownVal
			break
		}
		if !doc.known || !isGraphQLQuery(s) {
			doc = hval{s: s, known: true, param: -1}
		}
	}
	if doc.known {
		return doc
	}
	if p := sc.paramField(val); p.param >= 0 && p.field == "" {
		return p
	}
	return unknownVal
}

// methodOf turns the engine's value of a method into an hval.
func (r *Result) methodOf(sc *Scope, v *valueflow.Value, depth int) hval {
	var alts []hval
	for _, a := range v.Each() {
		alts = append(alts, r.methodAlt(sc, a, depth))
	}
	if sc.perRow && len(alts) > 1 {
		return joinRowMethods(alts)
	}
	return joinMethods(alts)
}

func (r *Result) methodAlt(sc *Scope, a *valueflow.Value, depth int) hval {
	switch a.Kind {
	case valueflow.Const:
		if s, ok := a.String1(); ok {
			return hval{s: strings.ToUpper(s), known: true, param: -1}
		}
	case valueflow.Call:
		fn, _ := a.Obj.(*types.Func)
		if depth < 4 && fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "strings" && fn.Name() == "ToUpper" && len(a.Args) == 1 {
			return r.methodOf(sc, a.Args[0], depth+1)
		}
	case valueflow.Param, valueflow.Field:
		return sc.paramField(a)
	case valueflow.Method:
		// request.Method() of a parameter whose type is an interface:
		// each caller's request decides (HTTP.MethodCall).
		if len(a.Args) == 0 && a.Index == 0 {
			if v := sc.paramField(a.X); v.param >= 0 && !v.recv {
				v.call = a.Name
				return v
			}
		}
	}
	return unknownVal
}

// joinMethods returns the method of a value with alternatives alts: the
// one alternative, or the most significant of constant methods (a write
// before an idempotent one before a read); unknown otherwise.
func joinMethods(alts []hval) hval {
	switch len(alts) {
	case 0:
		return unknownVal
	case 1:
		return alts[0]
	}
	best := -1
	for i, a := range alts {
		if !a.known {
			return unknownVal
		}
		if best < 0 || methodRank(a.s) > methodRank(alts[best].s) {
			best = i
		}
	}
	return alts[best]
}

// joinRowMethods is joinMethods for the rows of a table (asRow):
// unknown unless every row's method is of one kind.
func joinRowMethods(alts []hval) hval {
	for _, a := range alts {
		if !a.known || methodRank(a.s) != methodRank(alts[0].s) {
			return unknownVal
		}
	}
	return joinMethods(alts)
}

// methodRank orders methods as classifyHTTP's effects are ordered
// (MoreSignificant): reads, then PUT and DELETE, then the others.
func methodRank(m string) int {
	switch strings.ToUpper(m) {
	case "GET", "HEAD", "OPTIONS", "TRACE", "":
		return 0
	case "PUT", "DELETE":
		return 1
	}
	return 2
}

// paramField returns, for the engine's value v, the parameter of the
// scope's declared function that it is, or the field path of such a
// parameter or of the receiver.
func (sc *Scope) paramField(v *valueflow.Value) hval {
	var path []string
	for v != nil && v.Kind == valueflow.Field {
		path = append([]string{v.Name}, path...)
		v = v.X
	}
	if v == nil || v.Kind != valueflow.Param || sc.sig == nil {
		return unknownVal
	}
	pv, _ := v.Obj.(*types.Var)
	if pv == nil {
		return unknownVal
	}
	sc.build()
	if len(sc.defs[pv]) > 0 {
		return unknownVal // reassigned: not what each caller passes
	}
	field := strings.Join(path, ".")
	if pv == sc.sig.Recv() {
		if field == "" {
			return unknownVal
		}
		return hval{param: -1, recv: true, field: field}
	}
	if i, ok := sc.param(pv); ok {
		return hval{param: i, field: field}
	}
	return unknownVal
}

// builtBy returns the parameter of the scope's function whose call
// returns the request v (req, err := build(), maybe req.WithContext(ctx)):
// a request builder each caller passes. -1 otherwise.
func (sc *Scope) builtBy(v *valueflow.Value) int {
	found := -1
	for _, a := range v.Each() {
		if copyOfSelf(a) {
			continue // req = req.WithContext(ctx): the other alternatives'
		}
		p := sc.builtBy1(a)
		if p < 0 || found >= 0 && p != found {
			return -1
		}
		found = p
	}
	return found
}

// copyOfSelf reports whether a is a copy of a request the engine could
// not follow (the variable's own earlier value: req = req.WithContext).
func copyOfSelf(a *valueflow.Value) bool {
	if a.Kind != valueflow.Call || (a.Recv != nil && a.Recv.Kind != valueflow.Unknown) {
		return false
	}
	fn, _ := a.Obj.(*types.Func)
	return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "net/http" && (fn.Name() == "WithContext" || fn.Name() == "Clone")
}

func (sc *Scope) builtBy1(a *valueflow.Value) int {
	for a.Kind == valueflow.Call && a.Recv != nil {
		fn, _ := a.Obj.(*types.Func)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "net/http" || (fn.Name() != "WithContext" && fn.Name() != "Clone") {
			return -1
		}
		rs := a.Recv.Each()
		if len(rs) != 1 {
			return -1
		}
		a = rs[0]
	}
	if a.Kind != valueflow.Method || a.Name != "" || a.Index != 0 || len(a.Args) != 0 || a.X == nil || a.X.Kind != valueflow.Param {
		return -1
	}
	if p := sc.paramField(a.X); p.param >= 0 && p.field == "" && !p.recv {
		return p.param
	}
	return -1
}

// methodArg resolves the method a call of a function with fact h sends:
// its argument MethodParam, or the field MethodField of it or of the
// receiver.
func (r *Result) methodArg(sc *Scope, call *ast.CallExpr, h *HTTP) hval {
	var x ast.Expr
	if h.MethodRecv {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			x = sel.X
		}
	} else {
		x = argAt(call, h.MethodParam)
	}
	if x == nil {
		return unknownVal
	}
	var v hval
	switch {
	case h.MethodCall != "":
		v = r.calledMethod(sc, x, h)
	case h.MethodField == "":
		v = r.methodVal(sc, x)
	default:
		// A request's method as its builder set it: callbacks applied to
		// every request (Vault's requestCallbacks) set headers, not the
		// method.
		val := r.vf.Eval(x, nil)
		for _, name := range strings.Split(h.MethodField, ".") {
			val = val.SelectAsBuilt(name)
		}
		v = r.methodOf(sc, val, 0)
	}
	v.from = sc.fname
	return v
}

// calledMethod resolves a method that is the result of method
// h.MethodCall of the argument x (its field h.MethodField): by x's
// static type where it is concrete (&alert.AcknowledgeAlertRequest{...},
// whose Method returns http.MethodPost), the engine giving the method's
// result; or the enclosing function's parameter x is, each caller's.
func (r *Result) calledMethod(sc *Scope, x ast.Expr, h *HTTP) hval {
	if h.MethodField != "" {
		return unknownVal
	}
	t := sc.info.TypeOf(x)
	if t == nil {
		return unknownVal
	}
	if types.IsInterface(t) {
		v := sc.paramField(r.vf.Eval(x, nil))
		if v.param >= 0 && !v.recv && v.field == "" {
			v.call = h.MethodCall
			return v
		}
		return unknownVal
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, h.MethodCall)
	m, ok := obj.(*types.Func)
	if !ok || m.Signature().Params().Len() != 0 || m.Signature().Results().Len() != 1 {
		return unknownVal
	}
	return r.methodOf(sc, r.vf.Call(&valueflow.Value{Kind: valueflow.Func, Obj: m}, nil, 0), 0)
}

// reqAt resolves the *http.Request expression e: reqOf's shapes first,
// then the engine (flowReq).
func (r *Result) reqAt(sc *Scope, e ast.Expr, depth int) hreq {
	req := r.reqOf(sc, e, depth)
	if req.method.known || req.method.symbolic() || req.reqParam >= 0 || e == nil || r.noFlow {
		return req
	}
	var q hreq
	r.asRow(sc, e, func() { q = r.flowReq(sc, e) })
	if q.reqParam >= 0 {
		return q
	}
	if !q.method.known && !q.method.symbolic() {
		return req
	}
	if !q.path.known {
		q.path = req.path
	}
	return q
}

// reqArg resolves the request a call gives a function whose HTTP fact
// names parameter ReqParam: the argument e, or its field path field
// (op.Req of the caller's op), or, built, what calling it returns (the
// request builder a retry loop calls).
func (r *Result) reqArg(sc *Scope, e ast.Expr, field string, built bool, depth int) hreq {
	if field == "" && !built {
		return r.reqAt(sc, e, depth)
	}
	if e == nil || r.noFlow {
		return unknownReq()
	}
	v := r.vf.Eval(e, nil)
	if built {
		v = r.vf.Call(v, nil, 0)
	}
	if field != "" {
		for _, name := range strings.Split(field, ".") {
			v = v.Select(name)
		}
	}
	return r.flowReqValue(sc, v)
}

// flowReq resolves the request expression e with the engine: a call of
// http.NewRequest[WithContext] (net/http's or go-retryablehttp's), its
// WithContext or Clone, an http.Request literal, or a field of a
// parameter that holds one (each caller's: hreq.reqField).
func (r *Result) flowReq(sc *Scope, e ast.Expr) hreq {
	return r.flowReqValue(sc, r.vf.Eval(e, sc.env))
}

func (r *Result) flowReqValue(sc *Scope, v *valueflow.Value) hreq {
	req := unknownReq()
	if alts := v.Each(); len(alts) == 1 && alts[0].Kind == valueflow.Field {
		if p := sc.paramField(alts[0]); p.param >= 0 {
			req.reqParam, req.reqField = p.param, p.field
			return req
		}
	}
	if p := sc.builtBy(v); p >= 0 {
		req.reqParam, req.reqBuilt = p, true
		return req
	}
	var alts []hval
	for _, a := range v.Each() {
		if noRequest(a) {
			continue // nil, or a zero request a later assignment replaced (var req = new(Request))
		}
		m, path := r.reqAlt(sc, a, 0)
		alts = append(alts, m)
		if len(v.Each()) == 1 {
			req.path = path
		}
	}
	req.method = joinMethods(alts)
	if req.method.known {
		req.method.from = sc.fname
		req.rpc = r.rpcPkg
	}
	return req
}

// reqAlt returns the method of one alternative of a request, and its
// URL when constant.
func (r *Result) reqAlt(sc *Scope, a *valueflow.Value, depth int) (hval, hval) {
	switch a.Kind {
	case valueflow.Call:
		fn, _ := a.Obj.(*types.Func)
		if fn == nil || fn.Pkg() == nil || depth > 4 {
			break
		}
		p := fn.Pkg().Path()
		if p != "net/http" && p != "github.com/hashicorp/go-retryablehttp" {
			break
		}
		i := -1
		switch recvName(fn) + "." + fn.Name() {
		case ".NewRequest":
			i = 0
		case ".NewRequestWithContext":
			i = 1
		case "Request.WithContext", "Request.Clone":
			if p == "net/http" && a.Recv != nil {
				var alts []hval
				for _, x := range a.Recv.Each() {
					m, _ := r.reqAlt(sc, x, depth+1)
					alts = append(alts, m)
				}
				return joinMethods(alts), unknownVal
			}
		}
		if i < 0 || i >= len(a.Args) {
			break
		}
		path := unknownVal
		if i+1 < len(a.Args) {
			if s, ok := a.Args[i+1].String1(); ok {
				path = hval{s: s, known: true, param: -1}
			}
		}
		return r.methodOf(sc, a.Args[i], 0), path
	case valueflow.Struct:
		if isRetryableRequest(a.Type) {
			// go-retryablehttp's Request embeds the *http.Request it sends.
			if f, _ := a.Field("Request"); f != nil {
				var alts []hval
				for _, x := range f.Each() {
					m, _ := r.reqAlt(sc, x, depth+1)
					alts = append(alts, m)
				}
				return joinMethods(alts), unknownVal
			}
		}
		if n, ok := types.Unalias(a.Type).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "net/http" && n.Obj().Name() == "Request" {
			f, _ := a.Field("Method")
			if f == nil {
				return hval{s: "GET", known: true, param: -1}, unknownVal // the zero Method means GET
			}
			return r.methodOf(sc, f, 0), unknownVal
		}
	}
	return unknownVal, unknownVal
}

// isRetryableRequest reports whether t is go-retryablehttp's Request.
func isRetryableRequest(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "github.com/hashicorp/go-retryablehttp" && n.Obj().Name() == "Request"
}

// noRequest reports whether the alternative a of a request value sends
// nothing: nil, or a go-retryablehttp Request with no *http.Request in
// it (the zero value of var req = new(retryablehttp.Request), replaced
// before the request is sent).
func noRequest(a *valueflow.Value) bool {
	switch a.Kind {
	case valueflow.Nil:
		return true
	case valueflow.Struct:
		if isRetryableRequest(a.Type) && len(a.Sets) == 0 {
			f, _ := a.Field("Request")
			return f == nil || f.Kind == valueflow.Nil
		}
	}
	return false
}

// boundFunc is the one declared function the callee of call holds under
// the scope's binding (Scope.Bind), or nil: without one, or when the
// value is not one function.
func (r *Result) boundFunc(sc *Scope, call *ast.CallExpr) *types.Func {
	if sc == nil || sc.env == nil || r.vf == nil {
		return nil
	}
	alts := r.vf.Eval(call.Fun, sc.env).Each()
	if len(alts) != 1 || alts[0].Kind != valueflow.Func {
		return nil
	}
	fn, _ := alts[0].FuncObj().(*types.Func)
	return fn
}

// callValue resolves the callee of a call through a local variable of
// function type (first := c.callWithAuth; if alt { first =
// c.callWithHeaderAuth }; first(ctx, method)) to the function it holds:
// the first of them, when the engine knows every one (each is a
// function or a method value, whose parameters are the call's
// arguments). Nil otherwise.
func (r *Result) callValue(sc *Scope, call *ast.CallExpr, v *types.Var) *types.Func {
	if r.noFlow || r.vf == nil || v.Pkg() == nil || v.IsField() || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	if _, ok := v.Type().Underlying().(*types.Signature); !ok {
		return nil
	}
	var first, doer *types.Func
	unknown := false
	for _, a := range r.vf.Eval(call.Fun, nil).Each() {
		if a.Kind == valueflow.Nil {
			continue // var first func(...) before its assignments: a call never calls nil
		}
		fn, ok := a.FuncObj().(*types.Func)
		if !ok || a.Kind != valueflow.Func {
			unknown = true
			continue
		}
		if first == nil {
			first = fn.Origin()
		}
		if doer == nil && isDoer(fn) {
			doer = fn.Origin()
		}
	}
	if unknown {
		// f := c.do; if f == nil { f = c.HTTPClient.Do }; f(req): a hook
		// a test sets, else the client's Do. The call sends the request.
		return doer
	}
	return first
}
