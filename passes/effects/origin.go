package effects

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/internal/names"
	"github.com/mcpvet/mcpvet/passes/fresh"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// A key counts as read only when its value comes from the caller: for a
// tool handler, from the tool call (its request, typed input, _meta,
// headers); for any other function, from one of its parameters, which is
// what its KeyRead or Effect fact records (KeyFrom), so that a call
// counts only when it passes the tool call's data there. A struct field
// named ClientToken that holds a credential set at startup, read through
// the server's receiver or a captured config, is no key (issue 12).
//
// The data flow is local and cheap: a value derives from the parameters
// it mentions, through local variables (assignments, range, a variable
// whose address is passed to a call that reads a parameter, as
// BindArguments(&in) or json.Unmarshal(raw, &in) do), field selections,
// indexes and calls. A context.Context passed to a function does not make
// its result the caller's data (http.NewRequestWithContext(ctx, ...) is
// the server's own request), though a method of the context (ctx.Value)
// does.

// mask is a set of parameter indices: bit 0 is the receiver, bit i+1 the
// i-th parameter, the top bit the parameters of a function literal the
// function returns (litBit). Parameters past 61 are not tracked.
type mask uint64

const (
	recvBit mask = 1
	litBit  mask = 1 << 63
)

// FromReturned is the index of a fact's KeyFrom that stands for the
// parameters of a function literal the function returns: a handler
// factory (func search(c *Client) server.ToolHandlerFunc) whose handler
// reads the key from the tool call it is given, not from the factory's
// own parameters.
const FromReturned = -2

func paramBit(i int) mask {
	if i == FromReturned {
		return litBit
	}
	if i < 0 {
		return recvBit
	}
	if i > 61 {
		return 0
	}
	return 1 << uint(i+1)
}

// indices renders m as the sorted parameter indices of a fact (-1 for the
// receiver, FromReturned for a returned literal's parameters).
func (m mask) indices() []int {
	var out []int
	for i := FromReturned; i <= 61; i++ {
		if m&paramBit(i) != 0 {
			out = append(out, i)
		}
	}
	return out
}

// keyArgsMask is argsMask for the key of a callee that reads it from
// field of its parameter (Effect.KeyField): an argument that is a struct
// literal (or a local set once to one) counts by that field's value
// alone, and not at all when it leaves the field unset.
func (f *flow) keyArgsMask(call *ast.CallExpr, from []int, field string) mask {
	if field == "" || len(from) != 1 || from[0] < 0 || from[0] >= len(call.Args) {
		return f.argsMask(call, from)
	}
	lit := f.structLit(call.Args[from[0]])
	if lit == nil {
		return f.argsMask(call, from)
	}
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			return f.argsMask(call, from) // positional: not told apart
		}
		if id, ok := kv.Key.(*ast.Ident); ok && id.Name == field {
			return f.from(kv.Value)
		}
	}
	return 0
}

// passedField returns the key field of the function whose flow f is
// when it passes its own parameter whole where its callee reads the key
// from field (Insert(ctx, r) calling exec(ctx, r), which reads
// r.RequestID): the same field of that parameter. "" otherwise.
func (f *flow) passedField(call *ast.CallExpr, from []int, field string) string {
	if field == "" || len(from) != 1 || from[0] < 0 || from[0] >= len(call.Args) {
		return ""
	}
	id, ok := ast.Unparen(call.Args[from[0]]).(*ast.Ident)
	if !ok {
		return ""
	}
	if v := f.local(id); v != nil {
		f.build()
		if i, ok := f.params[v]; ok && i >= 0 && len(f.defs[v]) == 0 {
			return field
		}
	}
	return ""
}

// structLit returns the struct literal e is: the literal, its address,
// or a local variable set once to either and not written through.
func (f *flow) structLit(e ast.Expr) *ast.CompositeLit {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	if id, ok := e.(*ast.Ident); ok {
		v := f.local(id)
		if v == nil {
			return nil
		}
		f.build()
		if _, isParam := f.params[v]; isParam || len(f.defs[v]) != 1 {
			return nil
		}
		for w := range f.writes {
			if sel, ok := w.(*ast.SelectorExpr); ok {
				if x, ok := ast.Unparen(sel.X).(*ast.Ident); ok && f.local(x) == v {
					return nil // record.RequestID = in.Key later
				}
			}
		}
		e = ast.Unparen(f.defs[v][0])
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = ast.Unparen(u.X)
		}
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	if t := f.info.TypeOf(lit); t == nil {
		return nil
	} else if _, ok := t.Underlying().(*types.Struct); !ok {
		return nil
	}
	return lit
}

// argsMask returns the mask of the arguments of call at the fact's
// indices (a variadic index covers the arguments from there on).
func (f *flow) argsMask(call *ast.CallExpr, from []int) mask {
	var m mask
	for _, i := range from {
		if i == FromReturned {
			continue // not an argument of the call
		}
		if i < 0 {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				if s := f.info.Selections[sel]; s != nil && s.Kind() == types.MethodVal {
					m |= f.from(sel.X)
				}
			}
			continue
		}
		if i < len(call.Args) {
			m |= f.from(call.Args[i])
		}
	}
	return m
}

// flow is the key data flow of one function body.
type flow struct {
	r      *Result
	info   *types.Info
	body   ast.Node
	params map[*types.Var]int
	// handler marks a tool handler's body: only its non-receiver
	// parameters are the client's, and a key must come from them.
	handler bool
	// destructive marks the handler of a tool annotated destructive
	// (Handler.SetDestructive).
	destructive bool
	// schemaKeys are the normalized argument names the tool's input
	// schema declares as keys.
	schemaKeys map[string]bool
	// fresh, when set, reports whether a value set as a key is made anew
	// on every evaluation (the fresh analyzer's answer, given by the
	// check: effects cannot import it).
	fresh func(ast.Expr) bool

	built  bool
	defs   map[*types.Var][]ast.Expr // right-hand sides (whole, for tuples), range expressions, fill calls
	writes map[ast.Expr]ast.Expr     // assigned field or index → value
	litVar map[*ast.CompositeLit]*types.Var
	taken  map[*types.Var]bool // locals whose address the body takes, once addressed asks
	memo   map[*types.Var]mask
	busy   map[*types.Var]bool
	// sc is the body's scope, for effectResult; made on first use.
	sc        *Scope
	effectRes map[*types.Var]bool
}

// newFlow returns the flow of a function with the given receiver and
// type; recv may be nil.
func (r *Result) newFlow(info *types.Info, recv *ast.FieldList, ft *ast.FuncType, body ast.Node) *flow {
	f := &flow{r: r, info: info, body: body, params: make(map[*types.Var]int)}
	if recv != nil {
		for _, fld := range recv.List {
			for _, n := range fld.Names {
				if v, ok := info.Defs[n].(*types.Var); ok {
					f.params[v] = -1
				}
			}
		}
	}
	if ft != nil && ft.Params != nil {
		i := 0
		for _, fld := range ft.Params.List {
			if len(fld.Names) == 0 {
				i++
				continue
			}
			for _, n := range fld.Names {
				if v, ok := info.Defs[n].(*types.Var); ok {
					f.params[v] = i
				}
				i++
			}
		}
	}
	if body != nil && returnsFuncType(info, ft) {
		for _, lit := range returnedLits(body) {
			for _, fld := range lit.Type.Params.List {
				for _, n := range fld.Names {
					if v, ok := info.Defs[n].(*types.Var); ok {
						f.params[v] = FromReturned
					}
				}
			}
		}
	}
	return f
}

// returnsFuncType reports whether a function type has a result of a
// function type: only such a function can return a handler literal.
func returnsFuncType(info *types.Info, ft *ast.FuncType) bool {
	if ft == nil || ft.Results == nil {
		return false
	}
	for _, r := range ft.Results.List {
		if t := info.TypeOf(r.Type); t != nil && isFuncType(t) {
			return true
		}
	}
	return false
}

// ReturnsFunc reports whether obj is a function whose first result is a
// function: a handler factory (func Charge(db *DB)
// server.ToolHandlerFunc), whose handler is what it returns and whose key
// reads from that handler's parameters are KeyFrom's FromReturned.
func ReturnsFunc(obj types.Object) bool {
	sig, ok := obj.Type().(*types.Signature)
	return ok && sig.Results().Len() > 0 && isFuncType(sig.Results().At(0).Type())
}

// returnedLits returns the function literals body returns directly
// (return func(ctx context.Context, req mcp.CallToolRequest) ...), not
// those of its nested literals.
func returnedLits(body ast.Node) []*ast.FuncLit {
	var out []*ast.FuncLit
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				if lit, ok := ast.Unparen(r).(*ast.FuncLit); ok {
					out = append(out, lit)
				}
			}
		}
		return true
	})
	return out
}

func (f *flow) build() {
	if f.built {
		return
	}
	f.built = true
	f.defs = make(map[*types.Var][]ast.Expr)
	f.writes = make(map[ast.Expr]ast.Expr)
	f.litVar = make(map[*ast.CompositeLit]*types.Var)
	f.memo = make(map[*types.Var]mask)
	f.busy = make(map[*types.Var]bool)
	if f.body == nil {
		return
	}
	analysisutil.EachAssign(f.body, func(lhs, rhs ast.Expr, idx int) {
		switch l := ast.Unparen(lhs).(type) {
		case *ast.Ident:
			if v := f.local(l); v != nil {
				f.defs[v] = append(f.defs[v], rhs)
				x := ast.Unparen(rhs)
				if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
					x = ast.Unparen(u.X)
				}
				if lit, ok := x.(*ast.CompositeLit); ok {
					f.litVar[lit] = v
				}
			}
		case *ast.SelectorExpr, *ast.IndexExpr:
			if idx < 0 {
				f.writes[l] = rhs
			}
		}
	})
	analysisutil.Inspect(f.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{n.Key, n.Value} {
				if id, ok := e.(*ast.Ident); ok {
					if v := f.local(id); v != nil {
						f.defs[v] = append(f.defs[v], n.X)
					}
				}
			}
		case *ast.CallExpr:
			// A variable filled through its address: req.BindArguments(&in),
			// or a local holding it (p := &in; json.Unmarshal(raw, p)).
			for _, a := range n.Args {
				a = f.pointerOf(a)
				if u, ok := a.(*ast.UnaryExpr); ok && u.Op == token.AND {
					if id, ok := ast.Unparen(u.X).(*ast.Ident); ok {
						if v := f.local(id); v != nil {
							f.defs[v] = append(f.defs[v], n)
						}
					}
				} else {
					for _, v := range f.addressed(a) {
						f.defs[v] = append(f.defs[v], n)
					}
				}
			}
		}
		return true
	})
}

// pointerOf returns the expression a pointer argument was written as: a
// local's one value (p := &in), or a field of a local struct literal
// (b := box{V: &in}; b.V), a few steps deep. Only the assignments are
// consulted, so it is called while build collects them.
func (f *flow) pointerOf(a ast.Expr) ast.Expr {
	for range 3 {
		a = ast.Unparen(a)
		switch x := a.(type) {
		case *ast.Ident:
			v := f.local(x)
			if v == nil || len(f.defs[v]) != 1 {
				return a
			}
			a = f.defs[v][0]
		case *ast.SelectorExpr:
			id, ok := ast.Unparen(x.X).(*ast.Ident)
			if !ok {
				return a
			}
			v := f.local(id)
			if v == nil || len(f.defs[v]) != 1 {
				return a
			}
			d := ast.Unparen(f.defs[v][0])
			if u, ok := d.(*ast.UnaryExpr); ok && u.Op == token.AND {
				d = ast.Unparen(u.X)
			}
			lit, ok := d.(*ast.CompositeLit)
			if !ok {
				return a
			}
			var found ast.Expr
			for _, el := range lit.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					if k, ok := kv.Key.(*ast.Ident); ok && k.Name == x.Sel.Name {
						found = kv.Value
					}
				}
			}
			if found == nil {
				return a
			}
			a = found
		default:
			return a
		}
	}
	return ast.Unparen(a)
}

// addressed returns the local variables whose addresses the argument a
// holds or carries when it is written further away than pointerOf
// follows: through an option closure, a constructor's result or a struct
// passed to a helper (o := bindTo(&in); bind(req, o)). The value-flow
// engine is asked only for an argument of pointer, struct or empty
// interface type in a function that takes some local's address.
func (f *flow) addressed(a ast.Expr) []*types.Var {
	if f.r.vf == nil {
		return nil
	}
	if f.taken == nil {
		f.taken = make(map[*types.Var]bool)
		ast.Inspect(f.body, func(n ast.Node) bool {
			if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.AND {
				if id, ok := ast.Unparen(u.X).(*ast.Ident); ok {
					if v := f.local(id); v != nil {
						f.taken[v] = true
					}
				}
			}
			return true
		})
	}
	if len(f.taken) == 0 {
		return nil
	}
	t := f.info.TypeOf(a)
	if t == nil {
		return nil
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer, *types.Struct:
	case *types.Interface:
		if u.NumMethods() > 0 {
			return nil
		}
	default:
		return nil
	}
	var out []*types.Var
	for _, v := range f.r.vf.Eval(a, nil).Addressed() {
		if f.taken[v] {
			out = append(out, v)
		}
	}
	return out
}

// local returns the variable id denotes when it is local to a function
// (not a field, not package-level), or nil.
func (f *flow) local(id *ast.Ident) *types.Var {
	obj := f.info.Defs[id]
	if obj == nil {
		obj = f.info.Uses[id]
	}
	v, ok := obj.(*types.Var)
	if !ok || v.IsField() || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	return v
}

var errorType = types.Universe.Lookup("error").Type()

// from returns the parameters the value of e derives from.
func (f *flow) from(e ast.Expr) mask {
	if t := f.info.TypeOf(e); t != nil {
		// A response is the server's, and an error variable says what
		// went wrong: the request id of either (X-Request-Id, an API
		// error's RequestId) is no key of the caller's. A call returning
		// an error is still followed (json.Unmarshal(req.Params.Arguments,
		// &in) fills in).
		if isHTTPType(t, "Response") {
			return 0
		}
		if _, ok := ast.Unparen(e).(*ast.Ident); ok && types.Identical(t, errorType) {
			return 0
		}
	}
	if f.r != nil {
		e = f.r.vf.Inlined(e) // what a literal run in place returns
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v := f.local(e)
		if v == nil {
			return 0
		}
		if i, ok := f.params[v]; ok {
			return paramBit(i)
		}
		f.build()
		if m, ok := f.memo[v]; ok {
			return m
		}
		if f.busy[v] {
			return 0
		}
		f.busy[v] = true
		var m mask
		for _, d := range f.defs[v] {
			m |= f.from(d)
		}
		delete(f.busy, v)
		f.memo[v] = m
		return m
	case *ast.SelectorExpr:
		if id, ok := e.X.(*ast.Ident); ok {
			if _, ok := f.info.Uses[id].(*types.PkgName); ok {
				return 0
			}
			if f.effectResult(id) {
				return 0 // resp.RequestID of the send: the server's
			}
		}
		return f.from(e.X)
	case *ast.IndexExpr:
		return f.from(e.X)
	case *ast.IndexListExpr:
		return f.from(e.X)
	case *ast.SliceExpr:
		return f.from(e.X)
	case *ast.StarExpr:
		return f.from(e.X)
	case *ast.UnaryExpr:
		return f.from(e.X)
	case *ast.TypeAssertExpr:
		return f.from(e.X)
	case *ast.BinaryExpr:
		return f.from(e.X) | f.from(e.Y)
	case *ast.KeyValueExpr:
		return f.from(e.Value)
	case *ast.CompositeLit:
		var m mask
		for _, el := range e.Elts {
			m |= f.from(el)
		}
		return m
	case *ast.CallExpr:
		var m mask
		if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok {
			if s := f.info.Selections[sel]; s != nil && s.Kind() == types.MethodVal {
				m |= f.from(sel.X)
			}
		}
		for _, a := range e.Args {
			if t := f.info.TypeOf(a); t != nil && isContext(t) {
				continue
			}
			m |= f.from(a)
		}
		return m
	}
	return 0
}

// effectResult reports whether id is a local set only from the results
// of calls that commit an effect (resp, err := client.Send(ctx, msg)):
// what a field of it holds is what the other side answered (the id it
// gave the message), not the caller's data, whatever the call was sent.
func (f *flow) effectResult(id *ast.Ident) bool {
	v := f.local(id)
	if v == nil {
		return false
	}
	if _, isParam := f.params[v]; isParam {
		return false
	}
	if r, ok := f.effectRes[v]; ok {
		return r
	}
	if f.effectRes == nil {
		f.effectRes = make(map[*types.Var]bool)
	}
	f.effectRes[v] = false // recursion
	f.build()
	defs := f.defs[v]
	res := len(defs) > 0
	for _, d := range defs {
		call, ok := ast.Unparen(d).(*ast.CallExpr)
		if !ok {
			res = false
			break
		}
		if f.sc == nil {
			f.sc = f.r.NewScope(f.info, f.body)
		}
		if e := f.r.CallEffect(f.sc, call); e == nil || e.Pending() {
			res = false
			break
		}
	}
	f.effectRes[v] = res
	return res
}

// client reports whether m holds data of the caller that counts: for a
// handler, a parameter other than the receiver; otherwise any parameter.
func (f *flow) client(m mask) bool {
	if f.handler {
		return m&^recvBit != 0
	}
	return m != 0
}

// keySite is one place in a body where a key is read or set.
type keySite struct {
	key   string
	from  mask
	value ast.Expr // the value set into the key slot, or nil for a read
	// target is the expression the key is set into or read from (the
	// request whose header is set, the struct literal); nil when unknown.
	target ast.Expr
}

// isKey reports whether name names a key: the configured names, and the
// names the tool's input schema declares.
func (f *flow) isKey(name string) bool {
	if f.r.keys().IsKey(name) {
		return true
	}
	return len(f.schemaKeys) > 0 && f.schemaKeys[names.Normalize(name)]
}

// siteAt returns the key site at n, if n reads or sets a key.
func (f *flow) siteAt(n ast.Node) (keySite, bool) {
	info := f.info
	switch n := n.(type) {
	case *ast.SelectorExpr:
		k, ok := f.fieldKeyAt(n)
		if !ok {
			return keySite{}, false
		}
		f.build()
		if rhs, ok := f.writes[n]; ok {
			return keySite{key: k, from: f.from(rhs), value: rhs, target: n.X}, true
		}
		return keySite{key: k, from: f.from(n.X), target: n.X}, true
	case *ast.IndexExpr:
		s, ok := keyNameIn(info, f.r.vf, n.Index, f.isKey)
		if !ok {
			return keySite{}, false
		}
		f.build()
		if rhs, ok := f.writes[n]; ok {
			return keySite{key: s, from: f.from(rhs), value: rhs, target: n.X}, true
		}
		return keySite{key: s, from: f.from(n.X), target: n.X}, true
	case *ast.CompositeLit:
		return f.litSite(n)
	case *ast.CallExpr:
		obj := typeutil.Callee(info, n)
		return f.callSite(n, obj)
	}
	return keySite{}, false
}

// fieldKeyAt is KeyReadAt's field rule with the schema's names.
func (f *flow) fieldKeyAt(n *ast.SelectorExpr) (string, bool) {
	if k, ok := f.r.KeyReadAt(f.info, n); ok {
		return k, true
	}
	if len(f.schemaKeys) == 0 {
		return "", false
	}
	sel, ok := f.info.Selections[n]
	if !ok || sel.Kind() != types.FieldVal {
		return "", false
	}
	if f.isKey(sel.Obj().Name()) {
		return sel.Obj().Name(), true
	}
	if tag := fieldTag(sel); tag != "" && f.isKey(tag) {
		return tag, true
	}
	return "", false
}

// litSite finds a key set in a composite literal: a struct field or a
// constant map key named like a key. The value is the first such one.
func (f *flow) litSite(lit *ast.CompositeLit) (keySite, bool) {
	k, v := litKey(f.info, f.r.vf, lit, f.isKey)
	if k == "" {
		return keySite{}, false
	}
	return keySite{key: k, from: f.from(v), value: v, target: lit}, true
}

// litKey returns the first key a composite literal sets and its value.
func litKey(info *types.Info, vf *valueflow.Result, lit *ast.CompositeLit, isKey func(string) bool) (string, ast.Expr) {
	if len(lit.Elts) == 0 {
		return "", nil
	}
	if _, ok := lit.Elts[0].(*ast.KeyValueExpr); !ok {
		return "", nil
	}
	t := info.TypeOf(lit)
	if t == nil {
		return "", nil
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	switch u := t.Underlying().(type) {
	case *types.Struct:
		for _, el := range lit.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			id, ok := kv.Key.(*ast.Ident)
			if !ok {
				continue
			}
			if isKey(id.Name) {
				return id.Name, kv.Value
			}
		}
		// By JSON tag: only structs with tags pay for the field loop.
		for i := 0; i < u.NumFields(); i++ {
			tag := u.Tag(i)
			if tag == "" {
				continue
			}
			j := names.JSONName(tag)
			if j == "" || !isKey(j) {
				continue
			}
			for _, el := range lit.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok && id.Name == u.Field(i).Name() {
						return j, kv.Value
					}
				}
			}
		}
	case *types.Map:
		for _, el := range lit.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if s, ok := keyNameIn(info, vf, kv.Key, isKey); ok {
					return s, kv.Value
				}
			}
		}
	}
	return "", nil
}

// setterNames are the name prefixes of calls that set a key rather than
// read it, when they take a value after the key's name.
var setterNames = []string{"Set", "Add", "With", "Put"}

// callSite finds a key read or set by a call: a constant key name among
// its arguments (req.GetString("idempotency_key", ""), h.Set(
// "Idempotency-Key", key)), or a callee with a KeyRead fact.
func (f *flow) callSite(call *ast.CallExpr, obj types.Object) (keySite, bool) {
	info := f.info
	var recv ast.Expr
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s := info.Selections[sel]; s != nil && s.Kind() == types.MethodVal {
			recv = sel.X
		}
	}
	vf := flowFor(f.r.vf, obj)
	for i, a := range call.Args {
		s, ok := keyNameIn(info, vf, a, f.isKey)
		if !ok {
			continue
		}
		if setter(obj) && i+1 < len(call.Args) {
			var m mask
			for _, v := range call.Args[i+1:] {
				m |= f.from(v)
			}
			return keySite{key: s, from: m, value: call.Args[i+1], target: recv}, true
		}
		var m mask
		if recv != nil {
			m = f.from(recv)
		}
		for j, v := range call.Args {
			if j != i {
				if t := info.TypeOf(v); t == nil || !isContext(t) {
					m |= f.from(v)
				}
			}
		}
		return keySite{key: s, from: m, target: recv}, true
	}
	// A helper of the package that reads an argument the tool's schema
	// describes as the key from the request it is given.
	if fn, ok := obj.(*types.Func); ok && len(f.schemaKeys) > 0 {
		for _, rd := range f.r.paramArgs(info, fn) {
			if f.schemaKeys[rd.name] {
				return keySite{key: rd.name, from: f.argsMask(call, rd.from)}, true
			}
		}
	}
	if obj != nil {
		if kr := f.r.FuncKeyRead(obj); kr != nil {
			m := f.argsMask(call, kr.KeyFrom)
			var value ast.Expr
			if len(kr.KeyFrom) > 0 && kr.KeyFrom[0] >= 0 && kr.KeyFrom[0] < len(call.Args) {
				value = call.Args[kr.KeyFrom[0]]
			}
			return keySite{key: kr.Key, from: m, value: value, target: setInto(info, call, obj, kr.KeyFrom)}, true
		}
	}
	return keySite{}, false
}

// setInto returns what a call of a helper that sets a key (a KeyRead
// fact) sets it into: for a setter (setKey(req, key)), its one argument
// that is neither the key nor a context, or its receiver; nil otherwise.
func setInto(info *types.Info, call *ast.CallExpr, obj types.Object, from []int) ast.Expr {
	if !setter(obj) {
		return nil
	}
	var into ast.Expr
	for i, a := range call.Args {
		if slices.Contains(from, i) {
			continue
		}
		if t := info.TypeOf(a); t == nil || isContext(t) {
			continue
		}
		if into != nil {
			return nil
		}
		into = a
	}
	if into == nil {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			if s := info.Selections[sel]; s != nil && s.Kind() == types.MethodVal {
				into = sel.X
			}
		}
	}
	return into
}

// setter reports whether a call of obj sets the key it names: a function
// without results, or one named Set..., Add..., With..., Put....
func setter(obj types.Object) bool {
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Results().Len() == 0 {
		return true
	}
	for _, p := range setterNames {
		if strings.HasPrefix(fn.Name(), p) {
			return true
		}
	}
	return false
}

// readsClientKey reports whether n reads (or sets) a key whose value
// comes from the caller's data.
func (f *flow) readsClientKey(n ast.Node) (string, bool) {
	s, ok := f.siteAt(n)
	if !ok || !f.clientSite(s) {
		return "", false
	}
	return s.key, true
}

// clientSite reports whether the key of s comes from the caller: read
// from its data, or set from it without a fresh value mixed in
// (fmt.Sprintf("%s-%d", in.Order, time.Now().UnixNano()) is made anew
// on every call).
func (f *flow) clientSite(s keySite) bool {
	if !f.client(s.from) {
		return false
	}
	return s.value == nil || f.fresh == nil || !f.fresh(s.value)
}

// effectKeyed reports whether an effect call is guarded by a key its
// callee reads from the arguments the caller passes it.
func (f *flow) effectKeyed(call *ast.CallExpr, e *Effect) bool {
	if !e.KeyChecked {
		return false
	}
	for _, i := range e.KeyFrom {
		if i >= 0 && i < len(call.Args) && f.fresh != nil && f.fresh(call.Args[i]) {
			continue
		}
		if f.client(f.keyArgsMask(call, []int{i}, e.KeyField)) {
			return true
		}
	}
	return false
}

// getFlow returns fi's flow, made on first use.
func (fi *funcInfo) getFlow(r *Result, info *types.Info) *flow {
	if fi.flow == nil {
		fi.flow = r.newFlow(info, fi.decl.Recv, fi.decl.Type, fi.body)
	}
	return fi.flow
}

// noteKey records in fi a key that n reads or sets from one of fi's
// parameters. The name tests come first: most nodes name no key, and the
// flow is made only for those that do.
func (fi *funcInfo) noteKey(r *Result, info *types.Info, n ast.Node, obj types.Object) {
	switch n := n.(type) {
	case *ast.SelectorExpr, *ast.IndexExpr:
		if _, ok := r.KeyReadAt(info, n); !ok {
			return
		}
	case *ast.CallExpr:
		if fi.keyedCall(r, info, n, obj) {
			return
		}
		if _, ok := r.keyReadCall(info, n, obj); !ok {
			return
		}
	case *ast.CompositeLit:
		if k, _ := litKey(info, r.vf, n, r.keys().IsKey); k == "" {
			return
		}
	default:
		return
	}
	f := fi.getFlow(r, info)
	var s keySite
	var ok bool
	if call, isCall := n.(*ast.CallExpr); isCall {
		s, ok = f.callSite(call, obj)
	} else {
		s, ok = f.siteAt(n)
	}
	// A key set from a value made anew on every call, even mixed with
	// the caller's data, is no key of the caller's: fi makes it.
	if ok && s.value != nil {
		if made := f.freshValue(s.value, 0); made != nil {
			if fi.keyMade == nil {
				fi.keyMade, fi.keyName = made, s.key
			}
			return
		}
	}
	if ok && s.from != 0 {
		fi.keyRead, fi.keyFrom, fi.keyPos, fi.keyField = s.key, s.from, n.Pos(), f.paramField(n)
	}
}

// paramField returns F when n reads p.F, p a parameter: the field a
// caller's struct literal sets the key in (Effect.KeyField).
func (f *flow) paramField(n ast.Node) string {
	sel, ok := n.(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	if _, written := f.writes[sel]; written {
		return ""
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return ""
	}
	if v := f.local(id); v != nil {
		if i, ok := f.params[v]; ok && i >= 0 {
			if s := f.info.Selections[sel]; s != nil && s.Kind() == types.FieldVal && len(s.Index()) == 1 {
				return sel.Sel.Name
			}
		}
	}
	return ""
}

// keyedCall records in fi the key of a call of another package's
// function whose effect is keyed by its parameters (Effect.KeyFrom: a
// client's ChargeWithKey(ctx, key, amount)) when fi passes its own
// parameters there: fi is then keyed by them, as propagate does for this
// package's callees.
func (fi *funcInfo) keyedCall(r *Result, info *types.Info, call *ast.CallExpr, obj types.Object) bool {
	fn, ok := obj.(*types.Func)
	if !ok || r.bodies[fn.Origin()] != nil {
		return false
	}
	e := r.effects[fn.Origin()]
	if e == nil || !e.KeyChecked || len(e.KeyFrom) == 0 {
		return false
	}
	f := fi.getFlow(r, info)
	if made := f.freshArg(call, e.KeyFrom); made != nil {
		if fi.keyMade == nil {
			fi.keyMade, fi.keyName = made, "key"
		}
		return true
	}
	if m := f.keyArgsMask(call, e.KeyFrom, e.KeyField); m != 0 {
		fi.keyRead, fi.keyFrom, fi.keyPos, fi.keyField = "key", m, call.Pos(), f.passedField(call, e.KeyFrom, e.KeyField)
		return true
	}
	return false
}

// freshArg returns the fresh call that makes the value of one of call's
// arguments at the fact's indices (a callee's key parameters), or nil.
func (f *flow) freshArg(call *ast.CallExpr, from []int) *ast.CallExpr {
	for _, i := range from {
		if i >= 0 && i < len(call.Args) && keyTyped(f.info.TypeOf(call.Args[i])) {
			if made := f.freshValue(call.Args[i], 0); made != nil {
				return made
			}
		}
	}
	return nil
}

// keyTyped reports whether a value of type t can be a key itself
// (fresh.KeyType), or an interface holding one. A struct whose key is one
// of its fields (an audit entry's RequestID) is not made fresh by another
// field's timestamp.
func keyTyped(t types.Type) bool {
	if t == nil {
		return false
	}
	if _, ok := t.Underlying().(*types.Interface); ok {
		return true
	}
	return fresh.KeyType(t)
}

// freshValue returns the call that makes the value of e anew on every
// evaluation: a fresh source inside e (uuid.NewString(), time.Now() in
// fmt.Sprint(in.Order, time.Now().Unix())), one that a local variable e
// mentions is assigned (a few steps), or one whose result the engine
// finds e holds (a field, a helper's result); or nil. The fresh
// analyzer (package fresh) says which calls are fresh.
func (f *flow) freshValue(e ast.Expr, depth int) *ast.CallExpr {
	fr := f.r.fresh
	if fr == nil || e == nil || depth > 3 {
		return nil
	}
	if c, _ := fr.Find(f.info, e); c != nil {
		return c
	}
	if x := f.r.vf.Inlined(e); x != e {
		// What a literal a helper runs returns (key := run(func()
		// string { return id + now() })).
		if c := f.freshValue(x, depth+1); c != nil {
			return c
		}
	}
	var found *ast.CallExpr
	ast.Inspect(e, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.Ident:
			if v := f.local(n); v != nil {
				f.build()
				for _, d := range f.defs[v] {
					if c := f.freshValue(d, depth+1); c != nil {
						found = c
						return false
					}
				}
			}
		}
		return true
	})
	if found == nil && depth == 0 {
		found = fr.Origin(f.info, f.r.vf, e)
	}
	return found
}

// madeKey returns fi's KeyMade: the key it makes itself, or else the one
// the same-package callee whose effect it commits makes itself, unless
// fi reads a key of its caller's; nil when neither makes one.
func madeKey(pass *analysis.Pass, fi *funcInfo) *MadeKey {
	for depth := 0; fi != nil && depth < 8; depth++ {
		if fi.keyRead != "" {
			return nil // keyed by its caller's key
		}
		if fi.keyMade != nil {
			name, _ := typeutil.Callee(pass.TypesInfo, fi.keyMade).(*types.Func)
			callee := "a fresh value"
			if name != nil {
				callee = qualifiedName(name)
			}
			p := pass.Fset.PositionFor(fi.keyMade.Pos(), false)
			return &MadeKey{Key: fi.keyName, At: Hop{Callee: callee, Pkg: pass.Pkg.Path(), File: p.Filename, Line: p.Line, Col: p.Column}}
		}
		fi = fi.effectFrom
	}
	return nil
}

// fromString renders a fact's KeyFrom: " from recv,0".
func fromString(from []int) string {
	if len(from) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(" from ")
	for i, p := range from {
		if i > 0 {
			b.WriteByte(',')
		}
		if p == FromReturned {
			b.WriteString("returned")
		} else if p < 0 {
			b.WriteString("recv")
		} else {
			b.WriteString(strconv.Itoa(p))
		}
	}
	return b.String()
}
