package toolcalls

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/passes/mcpmodel"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// Forwarders: a registration of a gateway, which lists the tools of an
// upstream server and registers each as its own, with a handler that
// passes the call on to the upstream tool. Its name, hints and effects
// are the upstream tool's, not a tool of the package's own.

// listTools are the SDK calls that list an upstream server's tools.
var listTools = map[[3]string]bool{
	{goSDK, "ClientSession", "ListTools"}:         true,
	{goSDK, "ClientSession", "Tools"}:             true,
	{mcpGoClient, "Client", "ListTools"}:          true,
	{mcpGoClient, "Client", "ListToolsByPage"}:    true,
	{mcpGoClient, "MCPClient", "ListTools"}:       true,
	{mcpGoClient, "MCPClient", "ListToolsByPage"}: true,
	{mcpGoClient, "StdioMCPClient", "ListTools"}:  true,
	{mcpGoClient, "SSEMCPClient", "ListTools"}:    true,
}

// Forwarder reports whether t, a registration of the package, is a
// forwarder: its name is not a constant and comes from the tools an
// upstream server lists (the SDKs' ListTools, directly or through
// functions the value-flow engine follows), and its handler passes the
// request it is given (the tool name or the arguments) on to a tool call
// whose tool it does not name, directly or through functions of this
// package or of others (Caller.Forwards). A handler that is an SDK
// client's CallTool method forwards the whole request.
func (r *Result) Forwarder(t *mcpmodel.Tool) bool { return r.forwarders[t] }

// findForwarders records the package's forwarders; the tool calls of
// the package must be known (r.byCall).
func (r *Result) findForwarders(model *mcpmodel.Model) {
	for _, t := range model.Tools {
		named := t.DefValue != nil && listedName(t.DefValue) || r.upstreamNamed(t.Def)
		if t.Name != "" || t.Handler == nil || !named || !r.forwards(t.Handler) {
			continue
		}
		if r.forwarders == nil {
			r.forwarders = make(map[*mcpmodel.Tool]bool)
		}
		r.forwarders[t] = true
	}
}

// upstreamNamed reports whether a tool definition takes its name from
// the result of listing an upstream server's tools: every value the
// engine finds for it is the listed tool itself, or a tool literal or an
// SDK constructor whose name is made from one (fmt.Sprintf("%s_%s",
// server, tool.Name)), also at each call of the unexported helper that
// registers the tool it is given; or, where the engine gives up on the name (it
// concatenates constants only), the name's syntax, through local
// variables, is a concatenation with an operand made from one (prefix +
// tool.Name).
func (r *Result) upstreamNamed(def ast.Expr) bool {
	if r.vf == nil || def == nil {
		return false
	}
	v := r.vf.Eval(def, nil)
	if listedName(v) {
		return true
	}
	// A registration helper given the listed tool: judged at its calls.
	if v.Mentions(func(x *valueflow.Value) bool { return x.Kind == valueflow.Param }) {
		vals := r.vf.AtCallSites(def)
		all := len(vals) > 0
		for _, w := range vals {
			all = all && listedName(w)
		}
		if all {
			return true
		}
	}
	return r.namedInPlace(def, 0)
}

// listedName reports whether every value of a tool definition v is the
// listed tool itself, or a tool literal or an SDK constructor whose name
// is made from one.
func listedName(v *valueflow.Value) bool {
	alts := v.Each()
	for _, a := range alts {
		n := a
		switch a.Kind {
		case valueflow.Struct:
			n, _ = a.Field("Name")
		case valueflow.Call:
			if fn, ok := a.Obj.(*types.Func); ok && isToolConstructor(fn) {
				n = nil
				if len(a.Args) > 0 {
					n = a.Args[0]
				}
			}
		}
		if n == nil || !n.Mentions(isListing) {
			return false
		}
	}
	return len(alts) > 0
}

// isToolConstructor reports whether fn is an SDK function that makes a
// tool from its name, its first argument (mcp.NewTool,
// mcp.NewToolWithRawSchema).
func isToolConstructor(fn *types.Func) bool {
	sig, _ := fn.Type().(*types.Signature)
	return fn.Pkg() != nil && analysisutil.InSDKModule(fn.Pkg().Path()) && !listTools[keyOf(fn)] &&
		sig != nil && sig.Recv() == nil && sig.Params().Len() > 0 && analysisutil.IsString(sig.Params().At(0).Type())
}

// namedInPlace reports whether a tool definition written in this
// package (a tool literal, an SDK constructor's call, or a local
// variable every assignment of which is one) has a name made from the
// tools an upstream server lists (mentionsListing).
func (r *Result) namedInPlace(def ast.Expr, depth int) bool {
	if depth > 4 {
		return false
	}
	e := ast.Unparen(def)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		for _, el := range e.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Name" {
					return r.mentionsListing(kv.Value, 0)
				}
			}
		}
	case *ast.CallExpr:
		if fn, ok := typeutil.Callee(r.info, e).(*types.Func); ok && isToolConstructor(fn) && len(e.Args) > 0 {
			return r.mentionsListing(e.Args[0], 0)
		}
	case *ast.Ident:
		return r.everyAssignment(e, func(x ast.Expr) bool { return r.namedInPlace(x, depth+1) })
	}
	return false
}

// mentionsListing reports whether the value of e comes from the tools
// an upstream server lists: as the engine finds it, or, for a string
// concatenation, one of its operands, or, for a local variable, every
// value assigned to it.
func (r *Result) mentionsListing(e ast.Expr, depth int) bool {
	if depth > 6 {
		return false
	}
	if r.vf.Eval(e, nil).Mentions(isListing) {
		return true
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		return e.Op == token.ADD && (r.mentionsListing(e.X, depth+1) || r.mentionsListing(e.Y, depth+1))
	case *ast.Ident:
		return r.everyAssignment(e, func(x ast.Expr) bool { return r.mentionsListing(x, depth+1) })
	}
	return false
}

// everyAssignment reports whether id is a local variable that is
// assigned at least once, by = or := or var with one value per name,
// and pred holds for every value assigned.
func (r *Result) everyAssignment(id *ast.Ident, pred func(ast.Expr) bool) bool {
	v, ok := r.info.Uses[id].(*types.Var)
	if !ok || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() || v.IsField() {
		return false
	}
	if r.locals == nil {
		r.locals = localAssignments(r.info, r.files)
	}
	xs, ok := r.locals[v]
	if !ok || len(xs) == 0 {
		return false
	}
	for _, x := range xs {
		if x == nil || !pred(x) {
			return false
		}
	}
	return true
}

// localAssignments indexes the values assigned to the local variables of
// files: nil for an assignment whose value is not one expression per
// variable (a tuple, a range).
func localAssignments(info *types.Info, files []*ast.File) map[*types.Var][]ast.Expr {
	m := make(map[*types.Var][]ast.Expr)
	note := func(id *ast.Ident, x ast.Expr) {
		v, ok := info.ObjectOf(id).(*types.Var)
		if ok && v.Pkg() != nil && v.Parent() != v.Pkg().Scope() {
			m[v] = append(m[v], x)
		}
	}
	for _, f := range files {
		analysisutil.InspectNoIdents(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if id, ok := ast.Unparen(l).(*ast.Ident); ok {
						var x ast.Expr
						if len(n.Lhs) == len(n.Rhs) && n.Tok != token.ADD_ASSIGN {
							x = n.Rhs[i]
						}
						note(id, x)
					}
				}
			case *ast.ValueSpec:
				for i, id := range n.Names {
					var x ast.Expr
					if len(n.Values) == len(n.Names) {
						x = n.Values[i]
					}
					note(id, x)
				}
			case *ast.RangeStmt:
				for _, l := range []ast.Expr{n.Key, n.Value} {
					if id, ok := l.(*ast.Ident); ok {
						note(id, nil)
					}
				}
			}
			return true
		})
	}
	return m
}

// IsSDKCallTool reports whether fn is an SDK client's CallTool, of an
// SDK the package knows.
func IsSDKCallTool(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	k := keyOf(fn)
	_, ok := callTools[k]
	_, other := otherCallTools[k]
	return ok || other
}

// isListing reports whether v is the result of an SDK call that lists an
// upstream server's tools.
func isListing(v *valueflow.Value) bool {
	if v.Kind != valueflow.Call {
		return false
	}
	fn, ok := v.Obj.(*types.Func)
	return ok && listTools[keyOf(fn)]
}

func keyOf(fn *types.Func) [3]string {
	k, _ := key(fn.Origin())
	return k
}

// forwards reports whether a handler passes the request it is given on
// to a tool call whose tool it does not name.
func (r *Result) forwards(h *mcpmodel.Func) bool {
	if fn, ok := h.Obj.(*types.Func); ok {
		if IsSDKCallTool(fn) {
			return true // the upstream client's CallTool itself
		}
		f := r.Caller(fn)
		return f != nil && f.Forwards != 0
	}
	if h.Lit == nil {
		return false
	}
	sig, _ := r.info.TypeOf(h.Lit).(*types.Signature)
	if sig == nil {
		return false
	}
	var calls []*Call
	analysisutil.InspectNoIdents(h.Lit.Body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if tc := r.At(c); tc != nil {
				calls = append(calls, tc)
			}
		}
		return true
	})
	return forwardedParams(r.info, sig, h.Lit.Body, calls) != 0
}

// forwardedParams returns the parameters of a function (of signature sig
// and body body, whose tool calls are calls) whose content reaches the
// request of a tool call that does not name its tool: bit i for
// parameter i. Context parameters are left out: every call is given one.
func forwardedParams(info *types.Info, sig *types.Signature, body *ast.BlockStmt, calls []*Call) uint64 {
	var bits uint64
	open := false
	for _, c := range calls {
		if c.Tool == "" && c.fwd != 0 {
			open = true
		}
	}
	if !open || body == nil {
		return 0
	}
	for i := 0; i < sig.Params().Len() && i < 64; i++ {
		p := sig.Params().At(i)
		if p.Name() == "" || p.Name() == "_" || isContext(p.Type()) {
			continue
		}
		t := newTaint(info, body, p)
	calls:
		for _, c := range calls {
			if c.Tool != "" {
				continue
			}
			for j, a := range c.Call.Args {
				if j < 64 && c.fwd&(1<<j) != 0 && t.has(a) {
					bits |= 1 << i
					break calls
				}
			}
		}
	}
	return bits
}

// requestArgs returns the arguments of call whose content reaches the
// tool request of an SDK client's call: all but the context.
func requestArgs(info *types.Info, call *ast.CallExpr) uint64 {
	var bits uint64
	for i, a := range call.Args {
		if t := info.TypeOf(a); i < 64 && t != nil && !isContext(t) {
			bits |= 1 << i
		}
	}
	return bits
}

// isContext reports whether t is context.Context or an interface that
// embeds it (an agent framework's context).
func isContext(t types.Type) bool {
	if !types.IsInterface(t) {
		return false
	}
	for _, m := range []string{"Deadline", "Done", "Err", "Value"} {
		if obj, _, _ := types.LookupFieldOrMethod(t, false, nil, m); obj == nil {
			return false
		}
	}
	return true
}

// taint is the set of a function's variables that hold content derived
// from one of its parameters, flow-insensitively: what is assigned from
// an expression that mentions one (x := req.Params.Arguments, args, ok
// := x.(map[string]any), call.Params.Name = name), ranged over from one,
// switched on by type, or decoded from one (json.Unmarshal(in, &args)).
type taint struct {
	info *types.Info
	vars map[*types.Var]bool
}

func newTaint(info *types.Info, body *ast.BlockStmt, seed *types.Var) *taint {
	t := &taint{info: info, vars: map[*types.Var]bool{seed: true}}
	for changed, iter := true, 0; changed && iter < 8; iter++ {
		changed = false
		mark := func(lhs ast.Expr) {
			if v := analysisutil.RootVar(info, indexRoot(lhs)); v != nil && !t.vars[v] {
				t.vars[v] = true
				changed = true
			}
		}
		analysisutil.InspectNoIdents(body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Lhs) == len(n.Rhs) {
					for i, l := range n.Lhs {
						if t.has(n.Rhs[i]) {
							mark(l)
						}
					}
				} else if len(n.Rhs) == 1 && t.has(n.Rhs[0]) {
					for _, l := range n.Lhs {
						mark(l)
					}
				}
			case *ast.ValueSpec:
				for i, name := range n.Names {
					if (len(n.Values) == len(n.Names) && t.has(n.Values[i])) || (len(n.Values) == 1 && len(n.Names) > 1 && t.has(n.Values[0])) {
						mark(name)
					}
				}
			case *ast.RangeStmt:
				if t.has(n.X) {
					if n.Key != nil {
						mark(n.Key)
					}
					if n.Value != nil {
						mark(n.Value)
					}
				}
			case *ast.TypeSwitchStmt:
				var x ast.Expr
				switch a := n.Assign.(type) {
				case *ast.AssignStmt:
					if len(a.Rhs) == 1 {
						x = a.Rhs[0]
					}
				}
				if x != nil && t.has(x) {
					for _, s := range n.Body.List {
						if v, ok := info.Implicits[s].(*types.Var); ok && !t.vars[v] {
							t.vars[v] = true
							changed = true
						}
					}
				}
			case *ast.CallExpr:
				// json.Unmarshal(in, &args), decoder.Decode(&args)
				from := t.has(n.Fun)
				for _, a := range n.Args {
					if _, addr := addrOf(a); !addr && t.has(a) {
						from = true
					}
				}
				if from {
					for _, a := range n.Args {
						if x, addr := addrOf(a); addr {
							mark(x)
						}
					}
				}
			}
			return true
		})
	}
	return t
}

// addrOf returns x of &x.
func addrOf(e ast.Expr) (ast.Expr, bool) {
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.AND {
		return u.X, true
	}
	return nil, false
}

// has reports whether e mentions a tainted variable (function literals
// inside it aside).
func (t *taint) has(e ast.Expr) bool {
	if e == nil {
		return false
	}
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.Ident:
			if v, ok := t.info.Uses[n].(*types.Var); ok && t.vars[v] {
				found = true
			}
		}
		return true
	})
	return found
}
