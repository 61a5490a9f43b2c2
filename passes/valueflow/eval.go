package valueflow

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
)

// Env binds variables to values while an expression is evaluated: the
// parameters of a function at one of its call sites, the variables a
// closure captured, a loop variable fixed to one element of the table it
// ranges over.
type Env struct {
	parent *Env
	v      *types.Var
	val    *Value
}

// Bind returns env extended with v bound to val.
func (env *Env) Bind(v *types.Var, val *Value) *Env {
	return &Env{parent: env, v: v, val: val}
}

// Lookup returns the value env binds v to, and whether it binds v.
func (env *Env) Lookup(v *types.Var) (*Value, bool) { return env.lookup(v) }

func (env *Env) lookup(v *types.Var) (*Value, bool) {
	for e := env; e != nil; e = e.parent {
		if e.v == v {
			return e.val, true
		}
	}
	return nil, false
}

func (env *Env) key() string {
	if env == nil {
		return ""
	}
	return fmt.Sprintf("%p", env)
}

// Summary is what a function returns and what it stores into the
// values its parameters point to, in terms of its parameters.
type Summary struct {
	// Results, one per result; nil for a function of an analyzed
	// package whose results say nothing the engine follows: a call of
	// it is an opaque Call, as one of a function without a summary.
	Results []*Value
	Stores  []Store
	// lits: for a function of another package, the summaries of its
	// literals that its results or stores hold, by ordinal; inl, those
	// of the anchored literals of its unexported helpers, by 1-based
	// index (FuncSummary.Inl).
	lits map[int]*Summary
	inl  map[int]*Summary
}

// Store is a field store through a parameter: Param.Path = Value; or,
// with Apply, a function Value applied to the parameter (given it as
// its one argument: a functional option, opt(o), that the function's
// caller chooses), which a caller that knows the option applies
// (applyOption) and one that does not keeps pending (Value.Sets).
type Store struct {
	Param int // -1: the receiver
	Path  []string
	Value *Value
	Apply bool
	// Maybe: the function may return without making the store (it is
	// made under a branch or in a loop, or several stores make it): an
	// option applying it leaves the old value possible (applyOption).
	Maybe bool
}

// storeKey is a field path under a variable.
type storeKey struct {
	root *types.Var
	path string
}

// budget bounds the work of one top-level query: beyond it the answer is
// Unknown.
const budget = 20000

// exportBudget bounds the work of one exported summary: a constructor's
// or a builder's summary takes tens of steps; a function that needs more
// is rarely one a consumer follows.
const exportBudget = 2000

// packageBudget bounds the steps spent on exporting one package's
// summaries: a package of mutually recursive functions (a schema
// validator) gets no more summaries once it is spent.
const packageBudget = 2000000

// Engine evaluates expressions of one package. It is not safe for
// concurrent use; the building block's Result guards it.
type Engine struct {
	info    *types.Info
	pkg     *types.Package
	invokes map[*types.Func]int // see findInvokers; nil until asked
	files   []*ast.File
	ix      *index
	imports importer

	sums        map[ast.Node]*Summary // by *ast.FuncDecl or *ast.FuncLit
	inSum       map[ast.Node]bool
	varMemo     map[*types.Var]*Value
	inVar       map[*types.Var]bool
	steps       int
	total       int                   // steps over all queries
	exporting   bool                  // computing the summaries to export
	exportLimit int                   // a smaller exportBudget, for a package that cannot build requests
	qsums       map[ast.Node]*Summary // this query's summaries that met a cycle
	qvars       map[*types.Var]*Value // this query's variables that met a cycle
	inStore     map[storeKey]bool     // field reads under evaluation
	cycle       bool                  // a query met a variable or summary under evaluation
	depth       int
	extSums     map[*types.Func]*Summary
	storesRecv  map[*types.Func]bool // interface methods: mayStore
}

// importer gives the summaries of functions of other packages (facts)
// and the packages to look for implementations in.
type importer interface {
	summary(fn *types.Func) *Summary
	// varValue is the value of a package variable of another package
	// (VarValue), or nil.
	varValue(v *types.Var) *Value
	// foreignUpdates are the stores the dependencies make into a
	// package variable of another package (ForeignStores).
	foreignUpdates(v *types.Var) []update
	// own reports whether a package is one of the program's own.
	own(pkg *types.Package) bool
}

func newEngine(info *types.Info, pkg *types.Package, files []*ast.File, imp importer) *Engine {
	return &Engine{
		info: info, pkg: pkg, files: files, imports: imp,
		sums:    make(map[ast.Node]*Summary),
		inSum:   make(map[ast.Node]bool),
		varMemo: make(map[*types.Var]*Value),
		inVar:   make(map[*types.Var]bool),
		extSums: make(map[*types.Func]*Summary),
	}
}

func (en *Engine) index() *index {
	if en.ix == nil {
		en.ix = newIndex(en.info, en.files)
	}
	return en.ix
}

// Eval returns what e can hold, with env's bindings. Parameters of the
// enclosing function that env does not bind are symbolic (Param).
func (en *Engine) Eval(e ast.Expr, env *Env) *Value {
	en.begin()
	return en.eval(e, env)
}

// limit is the step budget of the query under way: exportBudget while
// exporting summaries, which nobody may ever ask for.
func (en *Engine) limit() int {
	if en.exporting {
		if en.exportLimit > 0 {
			return en.exportLimit
		}
		return exportBudget
	}
	return budget
}

// begin starts a top-level query: a fresh budget, and no memo of what
// the last query computed under a cycle (its answer depended on where
// that query entered the cycle).
func (en *Engine) begin() {
	en.steps = 0
	en.depth = 0
	if len(en.qsums) > 0 || en.qsums == nil {
		en.qsums = make(map[ast.Node]*Summary)
	}
	if len(en.qvars) > 0 || en.qvars == nil {
		en.qvars = make(map[*types.Var]*Value)
	}
}

func (en *Engine) eval(e ast.Expr, env *Env) (v *Value) {
	if e == nil {
		return UnknownValue("no expression")
	}
	en.steps++
	en.total++
	if en.steps > en.limit() {
		en.cycle = true // do not memoize what the budget cut short
		return UnknownValue("budget")
	}
	en.depth++
	defer func() { en.depth-- }()
	if en.depth > 64 {
		return UnknownValue("depth")
	}
	e = ast.Unparen(e)
	if tv, ok := en.info.Types[e]; ok {
		if tv.Value != nil {
			return ConstValue(tv.Value)
		}
		if tv.IsNil() {
			return nilV
		}
	}
	switch x := e.(type) {
	case *ast.Ident:
		return en.ident(x, env)
	case *ast.BasicLit:
		return UnknownValue("literal")
	case *ast.CompositeLit:
		return en.composite(x, env)
	case *ast.FuncLit:
		return &Value{Kind: Closure, Lit: x, Env: env, Obj: en.litObj(x)}
	case *ast.UnaryExpr:
		switch x.Op {
		case token.AND:
			val := en.eval(x.X, env)
			if id, ok := ast.Unparen(x.X).(*ast.Ident); ok && val != nil {
				if v, ok := en.info.Uses[id].(*types.Var); ok && v.Pkg() == en.pkg && !isPackageVar(v) {
					return addrOf(v, val)
				}
			}
			return val
		case token.NOT:
			return en.not(en.eval(x.X, env))
		}
		return UnknownValue("unary")
	case *ast.StarExpr:
		return en.eval(x.X, env)
	case *ast.SelectorExpr:
		return en.selector(x, env)
	case *ast.IndexExpr:
		if tv, ok := en.info.Types[x.X]; ok && tv.IsValue() {
			if _, isSig := tv.Type.Underlying().(*types.Signature); !isSig {
				return en.index1(en.eval(x.X, env), en.eval(x.Index, env))
			}
		}
		return en.eval(x.X, env) // f[T]
	case *ast.IndexListExpr:
		return en.eval(x.X, env) // f[T, U]
	case *ast.SliceExpr:
		return en.eval(x.X, env)
	case *ast.TypeAssertExpr:
		return en.eval(x.X, env)
	case *ast.CallExpr:
		return en.call(x, env, 0)
	case *ast.BinaryExpr:
		switch x.Op {
		case token.ADD:
			if !analysisutil.IsString(en.info.TypeOf(x)) {
				return UnknownValue("binary")
			}
			return concat(en.eval(x.X, env), en.eval(x.Y, env))
		case token.EQL, token.NEQ:
			return compare(x.Op, en.eval(x.X, env), en.eval(x.Y, env))
		}
		return UnknownValue("binary")
	}
	return UnknownValue(fmt.Sprintf("%T", e))
}

func (en *Engine) not(v *Value) *Value {
	var out []*Value
	for _, a := range v.Each() {
		if a.Kind == Const && a.Const.Kind() == constant.Bool {
			out = append(out, BoolValue(!constant.BoolVal(a.Const)))
		} else {
			return UnknownValue("not")
		}
	}
	return Union(out...)
}

// litObj returns the function declaration enclosing a literal.
func (en *Engine) litObj(lit *ast.FuncLit) types.Object {
	if d := en.index().litOwner[lit]; d != nil {
		return en.info.Defs[d.Name]
	}
	return nil
}

func (en *Engine) ident(id *ast.Ident, env *Env) *Value {
	obj := en.info.Uses[id]
	if obj == nil {
		obj = en.info.Defs[id]
	}
	switch obj := obj.(type) {
	case *types.Const:
		return ConstValue(obj.Val())
	case *types.Nil:
		return nilV
	case *types.Func:
		return &Value{Kind: Func, Obj: obj}
	case *types.Var:
		return en.variable(obj, env)
	}
	return UnknownValue("ident")
}

// variable returns what v can hold: its binding, the parameter it is,
// or the union of everything the package assigns to it.
func (en *Engine) variable(v *types.Var, env *Env) *Value {
	if val, ok := env.lookup(v); ok {
		// A parameter bound to a call's argument, or a loop's
		// variable to an element, with what the function stores
		// through it (t.Annotations = a before mcp.AddTool(s, t, h)).
		ix := en.index()
		if !en.inVar[v] && (len(ix.stores[v]) > 0 || len(ix.setters[v]) > 0) {
			en.inVar[v] = true
			val = en.overlay(val, v, env)
			delete(en.inVar, v)
		}
		return val
	}
	ix := en.index()
	if p, ok := ix.params[v]; ok {
		pv := &Value{Kind: Param, Index: p.index, Obj: v}
		if as := ix.assigns[v]; len(as) > 0 && !en.inVar[v] && selfAppends(en.info, v, as) {
			// opts = append(opts, withReadOnly), maybe under a
			// condition: the caller's value or what is appended to it.
			en.inVar[v] = true
			vals := []*Value{pv}
			for _, a := range as {
				vals = append(vals, en.guarded(en.eval(a.rhs, env), a.conds))
			}
			delete(en.inVar, v)
			return Union(vals...)
		}
		if pend := en.pendingOn(v, env); len(pend) > 0 {
			return en.applyPending(pv, pend)
		}
		return pv
	}
	if v.Pkg() != en.pkg {
		return en.foreignVar(v, env)
	}
	if env == nil {
		if m, ok := en.varMemo[v]; ok {
			return m
		}
		if m, ok := en.qvars[v]; ok {
			return m
		}
	}
	if en.inVar[v] {
		en.cycle = true
		return nil // bottom: the other assignments decide
	}
	en.inVar[v] = true
	outer := en.cycle
	en.cycle = false
	var vals []*Value
	as := ix.assigns[v]
	if len(as) == 0 && !isPackageVar(v) {
		vals = append(vals, UnknownValue("unassigned"))
	}
	for _, a := range as {
		vals = append(vals, en.assigned(v, a, env))
	}
	if len(as) == 0 && isPackageVar(v) {
		vals = append(vals, en.zero(v.Type()))
	}
	res := Union(vals...)
	if len(vals) > 0 && allNil(vals) {
		res = nil
	}
	if res != nil && (len(ix.stores[v]) > 0 || len(ix.setters[v]) > 0) {
		res = en.overlay(res, v, env)
	}
	delete(en.inVar, v)
	if env == nil {
		if !en.cycle {
			en.varMemo[v] = res
		} else {
			en.qvars[v] = res
		}
	}
	en.cycle = en.cycle || outer
	return res
}

func allNil(vs []*Value) bool {
	for _, v := range vs {
		if v != nil {
			return false
		}
	}
	return true
}

func isPackageVar(v *types.Var) bool {
	return v.Pkg() != nil && v.Parent() == v.Pkg().Scope()
}

func (en *Engine) assigned(v *types.Var, a assign, env *Env) *Value {
	switch a.kind {
	case plain:
		if a.rhs == nil {
			return en.zero(v.Type())
		}
		// A value assigned under a condition on a parameter (opts =
		// append(opts, readOnlyOpt) when readOnly) carries it, as a
		// store does: a call binding the parameter decides it.
		return en.guarded(en.eval(a.rhs, env), a.conds)
	case rangeValue:
		x := en.eval(a.rhs, env)
		if _, ok := underlying(en.info.TypeOf(a.rhs)).(*types.Basic); ok {
			return UnknownValue("range over a string or int")
		}
		return elems(x)
	case rangeKey:
		x := en.eval(a.rhs, env)
		if _, ok := underlying(en.info.TypeOf(a.rhs)).(*types.Signature); ok {
			// A function iterator (iter.Seq, iter.Seq2): both values it
			// yields are elements of it, as the second is of a range
			// (the tools ClientSession.Tools yields first).
			if e := elems(x); e != nil {
				return e
			}
			return UnknownValue("range over a function")
		}
		return keys(x)
	case tupleIdx:
		call, ok := ast.Unparen(a.rhs).(*ast.CallExpr)
		if !ok {
			return UnknownValue("tuple")
		}
		return en.call(call, env, a.idx)
	case commaOK:
		return en.eval(a.rhs, env)
	}
	return UnknownValue("assignment")
}

func (en *Engine) zero(t types.Type) *Value { return zeroOf(t) }

// zeroOf returns the zero value of t, as far as consumers care: false,
// "", 0, an empty struct or nil.
func zeroOf(t types.Type) *Value {
	if _, ok := types.Unalias(t).(*types.TypeParam); ok {
		return UnknownValue("zero of a type parameter") // its constraint is an interface, its zero any type's
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return BoolValue(false)
		case u.Info()&types.IsString != 0:
			return StringValue("")
		case u.Info()&types.IsInteger != 0:
			return ConstValue(constant.MakeInt64(0))
		}
		return UnknownValue("zero")
	case *types.Struct:
		return &Value{Kind: Struct, Type: t}
	case *types.Pointer, *types.Map, *types.Slice, *types.Signature, *types.Interface, *types.Chan:
		return nilV
	}
	return UnknownValue("zero")
}

func elems(x *Value) *Value { return elemsAt(x, "") }

// elemsAt is elems of x read at the constant map key k ("": any
// element): each element is marked as read at k (Value.At).
func elemsAt(x *Value, k string) *Value {
	var out []*Value
	for _, a := range x.Each() {
		switch a.Kind {
		case Slice:
			if a.Elems != nil {
				out = append(out, withGuards(readAt(a.Elems, k), a.Guards))
			}
		case Nil:
		case Param, Field, Elem, Call, Method:
			if len(a.Guards) > 0 {
				// The guards go on the element, as on a slice's.
				c := *a
				c.k, c.Guards = "", nil
				out = append(out, &Value{Kind: Elem, X: &c, At: k, Guards: a.Guards})
				continue
			}
			out = append(out, &Value{Kind: Elem, X: a, At: k})
		default:
			out = append(out, UnknownValue("elements"))
		}
	}
	if len(out) == 0 {
		return nil
	}
	return Union(out...)
}

// readAt returns v with each alternative marked as read at the map key
// k (Value.At), unless k is "".
func readAt(v *Value, k string) *Value {
	if k == "" {
		return v
	}
	var out []*Value
	for _, a := range v.Each() {
		if a.Kind != Unknown && a.Kind != Nil && a.At == "" {
			c := *a
			c.k, c.At = "", k
			a = &c
		}
		out = append(out, a)
	}
	return Union(out...)
}

func keys(x *Value) *Value {
	var out []*Value
	for _, a := range x.Each() {
		if a.Kind == Slice && len(a.Keys) > 0 {
			for _, k := range a.Keys {
				out = append(out, StringValue(k))
			}
			continue
		}
		return UnknownValue("keys")
	}
	return Union(out...)
}

// index1 is x[i].
func (en *Engine) index1(x, i *Value) *Value {
	if s, ok := i.String1(); ok {
		var out []*Value
		for _, a := range x.Each() {
			if a.Kind == Slice && len(a.Keys) > 0 {
				found := false
				for j, k := range a.Keys {
					if k == s {
						out = append(out, a.Entry[j])
						found = true
					}
				}
				if !found {
					out = append(out, UnknownValue("missing key"))
				}
				continue
			}
			if e := elemsAt(a, s); e != nil {
				out = append(out, e)
			}
		}
		return Union(out...)
	}
	if i != nil && (i.Kind == Param || i.Kind == Field) {
		// A key a caller decides (tools[name], name a parameter): kept,
		// so that substitution reads the entry at the caller's key.
		var out []*Value
		for _, a := range x.Each() {
			if isSymbolic(a) {
				out = append(out, &Value{Kind: Elem, X: a, Args: []*Value{i}})
				continue
			}
			if e := elems(a); e != nil {
				out = append(out, e)
			}
		}
		if len(out) > 0 {
			return Union(out...)
		}
	}
	if e := elems(x); e != nil {
		return e
	}
	return UnknownValue("index")
}

func (en *Engine) composite(lit *ast.CompositeLit, env *Env) *Value {
	t := en.info.TypeOf(lit)
	if t == nil {
		return UnknownValue("composite")
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	switch u := t.Underlying().(type) {
	case *types.Struct:
		v := &Value{Kind: Struct, Type: t, Node: lit}
		for i, el := range lit.Elts {
			name := ""
			val := el
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok {
					name = id.Name
				}
				val = kv.Value
			} else if i < u.NumFields() {
				name = u.Field(i).Name()
			}
			if name == "" {
				continue
			}
			v.Fields = append(v.Fields, FieldValue{name, en.eval(val, env)})
		}
		sort.Slice(v.Fields, func(i, j int) bool { return v.Fields[i].Name < v.Fields[j].Name })
		return v
	case *types.Slice, *types.Array, *types.Map:
		v := &Value{Kind: Slice, Node: lit}
		_, isMap := u.(*types.Map)
		var es []*Value
		constKeys := isMap
		for _, el := range lit.Elts {
			val := el
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				val = kv.Value
				if isMap {
					if s, ok := en.eval(kv.Key, env).String1(); ok {
						v.Keys = append(v.Keys, s)
					} else {
						constKeys = false
					}
				}
			}
			ev := en.evalElem(val, env, u)
			es = append(es, ev)
			v.Entry = append(v.Entry, ev)
		}
		if !constKeys || len(v.Keys) != len(v.Entry) {
			v.Keys, v.Entry = nil, nil
		}
		if len(es) > 0 {
			v.Elems = Union(es...)
		}
		return v
	}
	return UnknownValue("composite")
}

// evalElem evaluates an element of a composite literal, whose type may
// be elided ({...} for T{...}).
func (en *Engine) evalElem(e ast.Expr, env *Env, _ types.Type) *Value {
	return en.eval(e, env)
}

func (en *Engine) selector(x *ast.SelectorExpr, env *Env) *Value {
	sel := en.info.Selections[x]
	if sel == nil {
		// A qualified identifier.
		return en.ident(x.Sel, env)
	}
	switch sel.Kind() {
	case types.MethodVal:
		fn := sel.Obj().(*types.Func)
		recv := en.eval(x.X, env)
		if types.IsInterface(sel.Recv()) {
			// A method value of an interface: resolved per receiver.
			var out []*Value
			for _, r := range recv.Each() {
				switch {
				case isSymbolic(r):
					// Resolved when the receiver is: a call of it
					// dispatches then.
					out = append(out, &Value{Kind: Func, Obj: fn, Recv: r})
				case en.dispatch(r, fn.Name()) != nil:
					out = append(out, &Value{Kind: Func, Obj: en.dispatch(r, fn.Name()), Recv: r})
				default:
					out = append(out, UnknownValue("interface method value"))
				}
			}
			return Union(out...)
		}
		return &Value{Kind: Func, Obj: fn, Recv: recv}
	case types.MethodExpr:
		return &Value{Kind: Func, Obj: sel.Obj()}
	}
	path := fieldPath(sel)
	// A selector rooted at a variable: what the base holds, and what
	// the package stores through the variable (root.f = v, setters).
	root, rootPath := en.rootOf(x)
	base := en.eval(x.X, env)
	set, unset := en.fieldsOf2(base, path)
	if _, isParam := en.index().params[root]; root != nil && isParam {
		full := append(append([]string(nil), rootPath...), path...)
		if stored := en.storedAt(root, full, len(rootPath), env); len(stored) > 0 {
			// A field the literal leaves unset and the code sets later
			// holds what is stored (flow-insensitively: the stores are
			// taken to come before the reads).
			return Union(append(set, stored...)...)
		}
	}
	return Union(append(set, unset...)...)
}

// rootOf returns the variable a selector chain x.a.b starts from, and
// the path to x from it (a.b are the selector's own fields, not part of
// the returned path).
func (en *Engine) rootOf(x *ast.SelectorExpr) (*types.Var, []string) {
	var path []string
	e := ast.Unparen(x.X)
	for {
		switch y := e.(type) {
		case *ast.SelectorExpr:
			s := en.info.Selections[y]
			if s == nil || s.Kind() != types.FieldVal {
				return nil, nil
			}
			path = append(fieldPath(s), path...)
			e = ast.Unparen(y.X)
			continue
		case *ast.StarExpr:
			e = ast.Unparen(y.X)
			continue
		case *ast.Ident:
			v, _ := en.info.Uses[y].(*types.Var)
			return v, path
		}
		return nil, nil
	}
}

// storedAt returns the values the package stores at root.path (or at a
// prefix of it, of which the rest of the path is then taken), through
// field stores and setter calls. Paths shorter than min are the base's
// own, already evaluated.
func (en *Engine) storedAt(root *types.Var, path []string, min int, env *Env) []*Value {
	ix := en.index()
	if len(ix.stores[root]) == 0 && len(ix.setters[root]) == 0 {
		return nil
	}
	// A store whose value reads the same field (b.buf = append(b.buf,
	// x)) adds nothing the other stores do not: the read under way
	// stands for them.
	k := storeKey{root, strings.Join(path, ".")}
	if en.inStore[k] {
		en.cycle = true
		return nil
	}
	if en.inStore == nil {
		en.inStore = make(map[storeKey]bool)
	}
	en.inStore[k] = true
	defer delete(en.inStore, k)
	var out []*Value
	for _, s := range ix.stores[root] {
		if len(s.path) <= min-1 || len(s.path) > len(path) || !prefix(s.path, path) {
			continue
		}
		if s.rhs == nil {
			out = append(out, UnknownValue("computed store"))
			continue
		}
		out = append(out, en.fieldsOf(en.guarded(en.storeVal(s, env), s.conds), path[len(s.path):]))
	}
	for _, st := range ix.setters[root] {
		out = append(out, en.setterStores(st, path, env)...)
	}
	return out
}

func prefix(p, path []string) bool {
	for i := range p {
		if p[i] != path[i] {
			return false
		}
	}
	return true
}

// setterStores returns what a call that receives root by address stores
// at path, from the callee's summary.
func (en *Engine) setterStores(st setter, path []string, env *Env) []*Value {
	if !en.chainsRecv(st) {
		return nil
	}
	callee := en.calleeValue(st.call, env)
	var out []*Value
	for _, c := range callee.Each() {
		sum, bind := en.summaryOf(c, st.call, env, false)
		if sum == nil {
			continue // as in overlay
		}
		for _, s := range sum.Stores {
			if s.Apply {
				// An option applied to root: what it stores there, when
				// known.
				if s.Param == st.arg && len(st.prefix) == 0 {
					out = append(out, en.appliedStores(bind(s.Value), path)...)
				}
				continue
			}
			sp := joinPath(st.prefix, s.Path)
			if s.Param != st.arg || len(sp) > len(path) || !prefix(sp, path) {
				continue
			}
			out = append(out, en.fieldsOf(bind(dropSelf(s.Value, s.Param, s.Path)), path[len(sp):]))
		}
	}
	return out
}

// appliedStores returns what the option functions opts (a union) store
// at path through their first parameter, for those the engine knows (a
// function, a closure); an option not known here adds nothing, as a
// call of a function without a summary does (overlay).
func (en *Engine) appliedStores(opts *Value, path []string) []*Value {
	var out []*Value
	for _, o := range opts.Each() {
		var sum *Summary
		var bind func(*Value) *Value
		switch o.Kind {
		case Func:
			fn, ok := o.Obj.(*types.Func)
			if !ok {
				continue
			}
			if sum = en.funcSummary(fn); sum != nil {
				bind = func(v *Value) *Value { return en.subst(v, fn, o.Recv, nil) }
			}
		case Closure:
			if sum = en.closureSummary(o); sum != nil {
				oo := o
				bind = func(v *Value) *Value { return en.substLit(v, oo, nil) }
			}
		}
		if sum == nil {
			continue
		}
		for _, st := range sum.Stores {
			if st.Param == 0 && !st.Apply && len(st.Path) <= len(path) && prefix(st.Path, path) {
				out = append(out, en.fieldsOf(bind(st.Value), path[len(st.Path):]))
			}
		}
	}
	return out
}

// fieldsOf returns field path of each alternative of v; a field a
// struct literal leaves unset is its zero value.
func (en *Engine) fieldsOf(v *Value, path []string) *Value {
	set, unset := en.fieldsOf2(v, path)
	return Union(append(set, unset...)...)
}

// fieldsOf2 returns field path of each alternative of v, split into the
// values set explicitly and the zero values of fields left unset.
func (en *Engine) fieldsOf2(v *Value, path []string) (set, unset []*Value) {
	if v == nil {
		return nil, nil
	}
	if len(path) == 0 {
		return []*Value{v}, nil
	}
	for _, a := range v.Each() {
		val, def := en.field1(a, path)
		if def {
			unset = append(unset, val)
		} else if val != nil {
			set = append(set, val)
		}
	}
	return set, unset
}

func (en *Engine) field1(a *Value, path []string) (*Value, bool) {
	for i, name := range path {
		switch a.Kind {
		case Struct:
			if len(a.Sets) > 0 {
				return UnknownValue("options applied to a parameter"), false
			}
			f, _ := a.Field(name)
			if f == nil {
				return zeroField(a.Type, path[i:]), true
			}
			if i == len(path)-1 {
				return f, false
			}
			set, unset := en.fieldsOf2(f, path[i+1:])
			if len(set) == 0 && len(unset) > 0 {
				return Union(unset...), true
			}
			return Union(append(set, unset...)...), false
		case Slice:
			if name == "[]" {
				if a.Elems == nil {
					return nil, false
				}
				set, unset := en.fieldsOf2(a.Elems, path[i+1:])
				if len(set) == 0 && len(unset) > 0 {
					return Union(unset...), true
				}
				return Union(append(set, unset...)...), false
			}
			return UnknownValue("field of a slice"), false
		case Param, Field, Elem, Call, Method:
			if f := ctorField(a, name); a.Kind == Call && f != nil {
				a = f // mcp.NewTool(name).Name
				continue
			}
			if name == "[]" {
				a = &Value{Kind: Elem, X: a}
			} else {
				a = &Value{Kind: Field, X: a, Name: name}
			}
		case Nil:
			return nil, false
		default:
			return UnknownValue("field of " + a.String()), false
		}
	}
	return a, false
}

// dropSelf returns a setter's stored value v without what it reads back
// from the very field it stores to (s.list = append(s.list, x) stores
// the elements s.list held and x): flow-insensitively, the other stores
// stand for the elements held before, as for a store of the package's
// own (storedAt). Bound at a call site, the read would ask for the value
// of the variable under way, which is not known there.
func dropSelf(v *Value, param int, path []string) *Value {
	if v == nil || len(path) == 0 {
		return v
	}
	self := func(a *Value) bool {
		x := a
		for i := len(path) - 1; i >= 0; i-- {
			if x == nil || x.Kind != Field || x.Name != path[i] {
				return false
			}
			x = x.X
		}
		return x != nil && x.Kind == Param && x.Index == param
	}
	var out []*Value
	changed := false
	for _, a := range v.Each() {
		if a.Kind == Slice && a.Elems != nil {
			var keep []*Value
			for _, e := range a.Elems.Each() {
				if e.Kind == Elem && e.At == "" && len(e.Args) == 0 && self(e.X) {
					changed = true
					continue
				}
				keep = append(keep, e)
			}
			if len(keep) != len(a.Elems.Each()) {
				c := *a
				c.k = ""
				c.Elems = Union(keep...)
				a = &c
			}
		}
		out = append(out, a)
	}
	if !changed {
		return v
	}
	return Union(out...)
}

// update is a store at a path of a variable's value.
type update struct {
	path []string
	val  *Value
	at   token.Pos // the store or setter call, where known (exportForeign)
	// maybe: the store is made under a branch or in a loop; a field the
	// value left unset may keep its zero value, under unless when the
	// branch is one condition on a parameter.
	maybe  bool
	unless []*Guard
	// pend is a call of an interface method on the variable whose
	// dynamic type is not known here (t.SetReadOnly(true) on a loop's
	// element a caller gives): kept on a symbolic value (Value.Sets) and
	// run once a substitution makes it a struct (applyPending).
	pend *Value
}

// overlay returns base, the value of variable v, with what the package
// stores through v applied to each struct alternative: field stores
// (v.f = x, v.f.g = x, v[i] = x) and the stores of the functions v is
// passed to by address (setters, options). A store is taken to come
// before every read (flow-insensitively), and adds to what the literal
// set.
func (en *Engine) overlay(base *Value, v *types.Var, env *Env) *Value {
	ups, sets, applied := en.updates(v, env, false)
	return en.applyUpdates(base, ups, sets, applied)
}

// updates returns what the package stores through v (overlay): field
// stores, the options pending in setters, and the options a setter's
// summary applies (Store.Apply). With each, every store and setter is
// evaluated on a budget of its own (an export: exportForeign).
func (en *Engine) updates(v *types.Var, env *Env, each bool) (ups []update, sets, applied []*Value) {
	ix := en.index()
	fresh := func() {
		if each {
			en.steps, en.depth = 0, 0
		}
	}
	for _, s := range ix.stores[v] {
		fresh()
		if s.rhs == nil {
			ups = append(ups, update{path: s.path, val: UnknownValue("computed store")})
			continue
		}
		ups = append(ups, update{path: s.path, val: en.guarded(en.storeVal(s, env), s.conds), at: s.rhs.Pos(), maybe: s.maybe, unless: en.unless(s.conds)})
	}
	for _, st := range ix.setters[v] {
		fresh()
		if !en.chainsRecv(st) {
			continue
		}
		if p := en.pendingCall(st, env); p != nil {
			ups = append(ups, update{pend: p, at: st.call.Pos(), maybe: st.maybe})
			continue
		}
		callee := en.calleeValue(st.call, env)
		for _, c := range callee.Each() {
			switch c.Kind {
			case Param, Field, Elem, Call, Method:
				if st.arg == 0 && len(st.call.Args) == 1 && len(st.prefix) == 0 {
					sets = append(sets, c) // an option not known here
				}
				continue
			}
			sum, bind := en.summaryOf(c, st.call, env, false)
			if sum == nil {
				// A function the engine cannot see is taken not to
				// store into what it is passed: the standard library,
				// the SDKs, an interface method of unknown receiver.
				continue
			}
			for _, s := range sum.Stores {
				if s.Param != st.arg {
					continue
				}
				// A setter chosen under a condition (an option appended
				// when a table names the tool) stores under it.
				if s.Apply {
					// No option applied: the call passes none
					// (callAPI(ctx, r) of callAPI(ctx, r, opts...)).
					if a := bind(s.Value); len(st.prefix) == 0 && a != nil {
						applied = append(applied, withGuards(a, c.Guards))
					}
					continue
				}
				ups = append(ups, update{path: joinPath(st.prefix, s.Path), val: withGuards(bind(dropSelf(s.Value, s.Param, s.Path)), c.Guards), at: st.call.Pos(), maybe: s.Maybe || st.maybe})
			}
		}
	}
	return ups, sets, applied
}

// chainsRecv reports whether each call of a builder chain before the
// setter (setter.via) returns its receiver (return g), so that the
// setter is called on the variable the chain starts from.
func (en *Engine) chainsRecv(st setter) bool {
	for _, c := range st.via {
		fn, _ := typeutil.Callee(en.info, c).(*types.Func)
		if fn == nil {
			return false
		}
		sum := en.funcSummary(fn)
		if sum == nil || len(sum.Results) != 1 || sum.Results[0] == nil {
			return false
		}
		for _, r := range sum.Results[0].Each() {
			if r.Kind != Param || r.Index != -1 {
				return false
			}
		}
	}
	return true
}

// pendingOn returns the interface method calls pending on the variable
// v (pendingCall): t.SetReadOnly(true) on a parameter t.
func (en *Engine) pendingOn(v *types.Var, env *Env) []*Value {
	var out []*Value
	for _, st := range en.index().setters[v] {
		if p := en.pendingCall(st, env); p != nil {
			out = append(out, p)
		}
	}
	return out
}

// isPending reports whether o is an interface method call pending on the
// value it is applied to (pendingCall).
func isPending(o *Value) bool {
	fn, _ := o.Obj.(*types.Func)
	return o.Kind == Call && o.Recv == nil && fn != nil && isIfaceMethod(fn)
}

// pendingCall returns a setter call of an interface method on the
// variable (t.SetReadOnly(true) on a Tool) as a Call of that method with
// no receiver (update.pend): the variable's own values decide which
// method runs (applyUpdates), as its dynamic type does. Nil for any
// other setter.
func (en *Engine) pendingCall(st setter, env *Env) *Value {
	if st.arg != -1 || len(st.prefix) > 0 {
		return nil
	}
	fn, _ := typeutil.Callee(en.info, st.call).(*types.Func)
	if fn == nil || !isIfaceMethod(fn) || !setterResults(fn.Type().(*types.Signature).Results()) || !en.mayStore(fn) {
		return nil
	}
	return &Value{Kind: Call, Obj: fn, Args: en.args(st.call, env)}
}

// mayStore reports whether some implementation of the interface method
// fn declared beside its interface, or in this package, stores into its
// receiver (a setter: SetReadOnly), by its summary. A logger's Info or a
// writer's WriteHeader, whose implementations the engine does not
// summarize or which store nothing, are no setters.
func (en *Engine) mayStore(fn *types.Func) bool {
	if r, ok := en.storesRecv[fn]; ok {
		return r
	}
	if en.storesRecv == nil {
		en.storesRecv = make(map[*types.Func]bool)
	}
	en.storesRecv[fn] = false // a cycle through a summary: no
	iface, _ := fn.Type().(*types.Signature).Recv().Type().Underlying().(*types.Interface)
	found := false
	for _, pkg := range []*types.Package{fn.Pkg(), en.pkg} {
		if iface == nil || pkg == nil || found {
			break
		}
		impls, ok := analysisutil.Implementations(pkg, iface, pkg, fn.Name())
		if !ok {
			continue
		}
		for _, m := range impls {
			if sum := en.funcSummary(m); sum != nil && slices.ContainsFunc(sum.Stores, func(s Store) bool { return s.Param == -1 && !s.Apply }) {
				found = true
				break
			}
		}
	}
	en.storesRecv[fn] = found
	return found
}

// setterResults reports whether a method with these results may be a
// setter: none, or an error (SetReadOnly(bool), Configure(o) error); one
// that returns a value converts or reads (t.toServerTool(), String()).
func setterResults(res *types.Tuple) bool {
	switch res.Len() {
	case 0:
		return true
	case 1:
		return types.Identical(res.At(0).Type(), types.Universe.Lookup("error").Type())
	}
	return false
}

func isIfaceMethod(fn *types.Func) bool {
	sig, _ := fn.Type().(*types.Signature)
	return sig != nil && sig.Recv() != nil && types.IsInterface(sig.Recv().Type())
}

// applyPending returns v with the pending interface method calls sets
// (update.pend) run on each struct alternative, by its type's method's
// stores into its receiver; a symbolic alternative keeps them pending.
func (en *Engine) applyPending(v *Value, sets []*Value) *Value {
	if len(sets) == 0 || v == nil {
		return v
	}
	var out []*Value
	for _, a := range v.Each() {
		switch a.Kind {
		case Struct:
			for _, p := range sets {
				a = en.runPending(a, p)
			}
		case Param, Field, Elem, Method:
			c := *a
			c.k = ""
			c.Sets = append(append([]*Value(nil), a.Sets...), sets...)
			a = &c
		}
		out = append(out, a)
	}
	return Union(out...)
}

// runPending runs the pending call p (update.pend) on the struct a: the
// stores its dynamic type's method makes into its receiver.
func (en *Engine) runPending(a, p *Value) *Value {
	fn, _ := p.Obj.(*types.Func)
	if fn == nil {
		return a
	}
	m := en.dispatch(a, fn.Name())
	if m == nil {
		return a
	}
	sum := en.funcSummary(m)
	if sum == nil {
		return a
	}
	for _, st := range sum.Stores {
		if st.Param != -1 || st.Apply || len(st.Path) == 0 {
			continue
		}
		val := en.subst(dropSelf(st.Value, st.Param, st.Path), m, a, p.Args)
		if st.Maybe {
			a = en.apply1(a, st.Path, val)
		} else {
			a = en.replace1(a, st.Path, val)
		}
	}
	return a
}

// applyUpdates returns base with the updates of overlay applied.
func (en *Engine) applyUpdates(base *Value, ups []update, sets, applied []*Value) *Value {
	if len(ups) == 0 && len(sets) == 0 && len(applied) == 0 {
		return base
	}
	// A path some store always sets (after an early return's branch
	// set it: if ro { t.A = x; return t }; t.A = y) keeps no zero.
	var always map[string]bool
	if slices.ContainsFunc(ups, func(u update) bool { return u.maybe }) {
		always = make(map[string]bool)
		for _, u := range ups {
			if !u.maybe {
				always[strings.Join(u.path, ".")] = true
			}
		}
	}
	var pend []*Value
	for _, u := range ups {
		if u.pend != nil {
			pend = append(pend, u.pend)
		}
	}
	for _, a := range applied {
		for _, o := range a.Each() {
			if isPending(o) {
				pend = append(pend, o) // a helper's t.SetReadOnly(true)
			}
		}
	}
	var out []*Value
	for _, a := range base.Each() {
		switch a.Kind {
		case Param, Field, Elem, Method:
			out = append(out, en.applyPending(a, pend))
			continue
		}
		if a.Kind == Call {
			a = storedCall(a, ups, sets)
			if len(applied) > 0 {
				a = en.applyInto(a, Union(applied...))
			}
			out = append(out, a)
			continue
		}
		if a.Kind != Struct && a.Kind != Slice {
			out = append(out, a)
			continue
		}
		for _, u := range ups {
			if u.pend != nil {
				a = en.runPending(a, u.pend)
				continue
			}
			val := u.val
			if u.maybe && !always[strings.Join(u.path, ".")] {
				// A store under a condition (if ro { t.Annotations =
				// readOnly }) leaves a field the value did not set at
				// its zero value too; one it set keeps what it held
				// (apply1).
				if z, unset := en.field1(a, u.path); unset && z != nil {
					val = Union(withGuards(z, u.unless), val)
				}
			}
			a = en.apply1(a, u.path, val)
		}
		if len(sets) > 0 && a.Kind == Struct {
			c := *a
			c.k = ""
			c.Sets = append(append([]*Value(nil), a.Sets...), sets...)
			a = &c
		}
		if len(applied) > 0 {
			a = en.applyInto(a, Union(applied...))
		}
		out = append(out, a)
	}
	return Union(out...)
}

// storedCall returns the result of an opaque call (tool :=
// mcp.NewTool(...)) with what the package stores into it: a field it
// sets (tool.Annotations = a) holds the value stored (several stores,
// their union), one set below a field (tool.Annotations.ReadOnlyHint =
// b) or by a setter of unknown path holds an unknown value, and the
// options not known here stay pending in Sets. What the call itself
// set is not known: a consumer reads a stored field instead of it. A
// store of unknown path makes the whole value unknown, as in apply1.
func storedCall(a *Value, ups []update, sets []*Value) *Value {
	for _, u := range ups {
		switch {
		case u.pend != nil:
			continue // a method of its own type: not known to store
		case len(u.path) == 0:
			return UnknownValue("stored by an unknown setter")
		case len(u.path) > 1:
			// tool.Annotations.IdempotentHint = ptr(true) on what
			// mcp.NewTool made: the field holds what the call made,
			// but for the store, kept under the dotted path
			// (Value.Stored("Annotations.IdempotentHint")) for a
			// consumer that knows what the call made. One made under
			// a branch may not be: unknown.
			val := u.val
			if u.maybe {
				val = Union(val, UnknownValue("stored under a condition"))
			}
			k := strings.Join(u.path, ".")
			if old, ok := a.Stored(k); ok {
				val = Union(old, val)
			}
			a = withField(a, k, val)
			// The field itself holds what the call made and this store:
			// unknown to a consumer that reads only the field.
			if old, ok := a.Stored(u.path[0]); !ok || old.PartlyStored() {
				a = withField(a, u.path[0], partlyStored)
			} else {
				a = withField(a, u.path[0], Union(old, UnknownValue("stored below a field of a call's result")))
			}
		default:
			val := u.val
			if old, ok := a.Stored(u.path[0]); ok {
				if old.PartlyStored() {
					old = UnknownValue("stored below a field of a call's result")
				}
				val = Union(old, val)
			}
			a = withField(a, u.path[0], val)
		}
	}
	if len(sets) > 0 {
		c := *a
		c.k = ""
		c.Sets = append(append([]*Value(nil), a.Sets...), sets...)
		a = &c
	}
	return a
}

// storeInto returns v with val stored at path in each of its struct and
// slice alternatives.
func (en *Engine) storeInto(v *Value, path []string, val *Value) *Value {
	var out []*Value
	for _, a := range v.Each() {
		if a.Kind == Struct || a.Kind == Slice {
			a = en.apply1(a, path, val)
		}
		out = append(out, a)
	}
	return Union(out...)
}

// apply1 returns a with val stored at path (nil path: anything may have
// been stored).
func (en *Engine) apply1(a *Value, path []string, val *Value) *Value {
	if len(path) == 0 {
		return UnknownValue("stored by an unknown setter")
	}
	switch a.Kind {
	case Struct:
		name := path[0]
		old, _ := a.Field(name)
		var nv *Value
		if len(path) == 1 {
			if old == nil {
				nv = val
			} else {
				nv = Union(old, val)
			}
		} else {
			if old == nil || old.Kind == Nil {
				old = structOfField(a.Type, name)
			}
			var alts []*Value
			for _, o := range old.Each() {
				alts = append(alts, en.apply1(o, path[1:], val))
			}
			nv = Union(alts...)
		}
		return withField(a, name, nv)
	case Slice:
		if path[0] != "[]" {
			return a
		}
		c := *a
		c.k = ""
		if len(path) == 1 {
			c.Elems = Union(a.Elems, val)
		} else if a.Elems != nil {
			var alts []*Value
			for _, o := range a.Elems.Each() {
				alts = append(alts, en.apply1(o, path[1:], val))
			}
			c.Elems = Union(alts...)
		}
		c.Keys, c.Entry = nil, nil
		return &c
	}
	return a
}

// replace1 returns a with val stored at path in place of what was there
// (a store that is always made: applyOption).
func (en *Engine) replace1(a *Value, path []string, val *Value) *Value {
	if len(path) == 0 || a.Kind != Struct {
		return en.apply1(a, path, val)
	}
	name := path[0]
	if len(path) == 1 {
		return withField(a, name, val)
	}
	old, _ := a.Field(name)
	if old == nil || old.Kind == Nil {
		old = structOfField(a.Type, name)
	}
	var alts []*Value
	for _, o := range old.Each() {
		alts = append(alts, en.replace1(o, path[1:], val))
	}
	return withField(a, name, Union(alts...))
}

// withField returns a copy of struct a with field name set to v.
func withField(a *Value, name string, v *Value) *Value {
	c := *a
	c.k = ""
	c.Fields = make([]FieldValue, 0, len(a.Fields)+1)
	done := false
	for _, f := range a.Fields {
		if f.Name == name {
			c.Fields = append(c.Fields, FieldValue{name, v})
			done = true
			continue
		}
		c.Fields = append(c.Fields, f)
	}
	if !done {
		c.Fields = append(c.Fields, FieldValue{name, v})
		sort.Slice(c.Fields, func(i, j int) bool { return c.Fields[i].Name < c.Fields[j].Name })
	}
	return &c
}

// structOfField returns an empty struct of the type of field name of t
// (through a pointer), or Unknown.
func structOfField(t types.Type, name string) *Value {
	st, ok := derefType(t).Underlying().(*types.Struct)
	if !ok {
		return UnknownValue("field type")
	}
	for i := 0; i < st.NumFields(); i++ {
		if f := st.Field(i); f.Name() == name {
			ft := derefType(f.Type())
			if _, ok := ft.Underlying().(*types.Struct); ok {
				return &Value{Kind: Struct, Type: ft}
			}
		}
	}
	return UnknownValue("field type")
}

// zeroField returns the zero value of field path of struct type t.
func zeroField(t types.Type, path []string) *Value {
	for _, name := range path {
		if t == nil {
			return UnknownValue("zero field")
		}
		st, ok := derefType(t).Underlying().(*types.Struct)
		if !ok {
			return UnknownValue("zero field")
		}
		var ft types.Type
		for i := 0; i < st.NumFields(); i++ {
			if st.Field(i).Name() == name {
				ft = st.Field(i).Type()
			}
		}
		if ft == nil {
			return UnknownValue("zero field")
		}
		if _, isPtr := ft.Underlying().(*types.Pointer); isPtr {
			return nilV // nested fields of a nil pointer: unset
		}
		t = ft
	}
	return zeroOf(t)
}

// calleeValue returns the functions a call can call.
func (en *Engine) calleeValue(call *ast.CallExpr, env *Env) *Value {
	if fn, ok := typeutil.Callee(en.info, call).(*types.Func); ok {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			if s := en.info.Selections[sel]; s != nil && s.Kind() == types.MethodVal {
				return en.selector(sel, env)
			}
		}
		return &Value{Kind: Func, Obj: fn}
	}
	return en.eval(call.Fun, env)
}

// call evaluates result idx of a call.
func (en *Engine) call(call *ast.CallExpr, env *Env, idx int) *Value {
	info := en.info
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		if len(call.Args) == 1 {
			return en.eval(call.Args[0], env) // a conversion
		}
		return UnknownValue("conversion")
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := info.Uses[id].(*types.Builtin); ok {
			return en.builtin(b.Name(), call, env)
		}
	}
	callee := en.calleeValue(call, env)
	var out []*Value
	for _, c := range callee.Each() {
		out = append(out, en.apply(c, call, env, idx))
	}
	return Union(out...)
}

func (en *Engine) builtin(name string, call *ast.CallExpr, env *Env) *Value {
	switch name {
	case "append":
		if len(call.Args) == 0 {
			return UnknownValue("append")
		}
		parts := []*Value{elems(en.eval(call.Args[0], env))}
		for i, a := range call.Args[1:] {
			if call.Ellipsis.IsValid() && i == len(call.Args)-2 {
				parts = append(parts, elems(en.eval(a, env)))
				continue
			}
			parts = append(parts, en.eval(a, env))
		}
		var es []*Value
		for _, p := range parts {
			if p != nil {
				es = append(es, p)
			}
		}
		v := &Value{Kind: Slice, Node: call}
		if len(es) > 0 {
			v.Elems = Union(es...)
		}
		return v
	case "new":
		if t := en.info.TypeOf(call); t != nil {
			return en.zero(derefType(t))
		}
	case "make":
		return &Value{Kind: Slice, Node: call}
	}
	return UnknownValue("builtin " + name)
}

// apply evaluates result idx of calling c at call.
func (en *Engine) apply(c *Value, call *ast.CallExpr, env *Env, idx int) *Value {
	switch c.Kind {
	case Unknown:
		return c
	case Func, Closure:
	case Param, Field, Elem, Call, Method:
		// A function value the summary does not know: symbolic.
		return &Value{Kind: Method, X: c, Args: en.args(call, env), Index: idx}
	default:
		return UnknownValue("call of " + c.String())
	}
	sum, bind := en.summaryOf(c, call, env, true)
	if sum == nil || sum.Results == nil {
		if c.Kind == Func {
			fn := c.Obj.(*types.Func)
			if c.Recv == nil && len(call.Args) == 1 && isPointerHelper(fn) {
				return en.eval(call.Args[0], env) // mcp.ToBoolPtr(true): true
			}
			if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) {
				// An interface method: resolved per receiver.
				return en.dispatchCall(c.Recv, fn.Name(), en.args(call, env), idx)
			}
			return &Value{Kind: Call, Obj: fn, Recv: c.Recv, Args: en.args(call, env), Index: idx, Node: call}
		}
		return UnknownValue("closure")
	}
	if idx >= len(sum.Results) {
		return UnknownValue("result")
	}
	return bind(sum.Results[idx])
}

func (en *Engine) args(call *ast.CallExpr, env *Env) []*Value {
	out := make([]*Value, len(call.Args))
	for i, a := range call.Args {
		out[i] = en.eval(a, env)
	}
	return out
}

// dispatchCall evaluates result idx of calling method name on each
// alternative of recv.
func (en *Engine) dispatchCall(recv *Value, name string, args []*Value, idx int) *Value {
	if recv == nil {
		return UnknownValue("no receiver")
	}
	var out []*Value
	for _, r := range recv.Each() {
		switch r.Kind {
		case Param, Field, Elem, Call, Method:
			out = append(out, &Value{Kind: Method, X: r, Name: name, Args: args, Index: idx})
			continue
		}
		m := en.dispatch(r, name)
		if m == nil {
			out = append(out, UnknownValue("method "+name))
			continue
		}
		sum := en.funcSummary(m)
		if sum == nil || sum.Results == nil {
			out = append(out, &Value{Kind: Call, Obj: m, Recv: r, Args: args, Index: idx})
			continue
		}
		if idx >= len(sum.Results) {
			out = append(out, UnknownValue("result"))
			continue
		}
		out = append(out, en.subst(sum.Results[idx], m, r, args))
	}
	return Union(out...)
}

// dispatch returns the concrete method name of r's dynamic type.
func (en *Engine) dispatch(r *Value, name string) *types.Func {
	var t types.Type
	switch r.Kind {
	case Struct:
		t = r.Type
	case Func, Closure:
		return nil
	default:
		return nil
	}
	if t == nil {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(t), true, en.pkg, name)
	if obj == nil && r.Type != nil {
		if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil {
			obj, _, _ = types.LookupFieldOrMethod(types.NewPointer(t), true, n.Obj().Pkg(), name)
		}
	}
	fn, _ := obj.(*types.Func)
	return fn
}

// summaryOf returns the summary of the function c denotes at call, and
// the substitution of its parameters by the call's arguments. With
// stored, the arguments are taken as the call leaves them: with what the
// function stores through them (a group function that marks the tools it
// is passed, and returns them).
func (en *Engine) summaryOf(c *Value, call *ast.CallExpr, env *Env, stored bool) (*Summary, func(*Value) *Value) {
	switch c.Kind {
	case Func:
		fn, ok := c.Obj.(*types.Func)
		if !ok {
			return nil, nil
		}
		sum := en.funcSummary(fn)
		if sum == nil {
			return nil, nil
		}
		recv := c.Recv
		if recv == nil && call != nil {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				if s := en.info.Selections[sel]; s != nil && s.Kind() == types.MethodExpr && len(call.Args) > 0 {
					// T.M(x, args): the receiver is the first argument.
					args := en.args(call, env)
					return sum, func(v *Value) *Value { return en.substAt(v, fn, args[0], args[1:], call) }
				}
			}
		}
		var args []*Value
		if call != nil {
			args = en.args(call, env)
			if call.Ellipsis.IsValid() && len(args) > 0 {
				args[len(args)-1] = en.spread(args[len(args)-1])
			} else if sig, ok := fn.Type().(*types.Signature); ok && sig.Variadic() {
				args = packVariadic(args, sig.Params().Len(), call)
			}
		}
		if stored && len(sum.Stores) > 0 {
			before, stRecv := args, recv
			bind := func(v *Value) *Value { return en.substAt(v, fn, stRecv, before, call) }
			args = append([]*Value(nil), args...)
			for _, st := range sum.Stores {
				if st.Param < 0 {
					// A setter method that returns its receiver:
					// NewTool(..).SetIdempotent(true).
					if stRecv != nil && !st.Apply {
						recv = en.storeInto(recv, st.Path, bind(st.Value))
					}
					continue
				}
				if st.Param >= len(args) || args[st.Param] == nil {
					continue
				}
				if st.Apply {
					args[st.Param] = en.applyInto(args[st.Param], bind(st.Value))
					continue
				}
				args[st.Param] = en.storeInto(args[st.Param], st.Path, bind(st.Value))
			}
		}
		return sum, func(v *Value) *Value { return en.substAt(v, fn, recv, args, call) }
	case Closure:
		sum := en.closureSummary(c)
		if sum == nil {
			return nil, nil
		}
		var args []*Value
		if call != nil {
			args = en.args(call, env)
			if sig, ok := underlying(en.info.TypeOf(call.Fun)).(*types.Signature); ok && sig.Variadic() && !call.Ellipsis.IsValid() {
				args = packVariadic(args, sig.Params().Len(), call)
			}
		}
		return sum, func(v *Value) *Value { return en.substLitAt(v, c, args, call) }
	}
	return nil, nil
}

// spread keeps a slice passed with ... as the variadic slice itself.
func (en *Engine) spread(v *Value) *Value { return v }

// packVariadic turns the arguments of a variadic parameter into one
// slice value.
func packVariadic(args []*Value, nparams int, call *ast.CallExpr) []*Value {
	if nparams == 0 || len(args) < nparams-1 {
		return args
	}
	fixed := args[:nparams-1]
	rest := args[nparams-1:]
	s := &Value{Kind: Slice}
	if call != nil {
		s.Node = call // not a nil *ast.CallExpr in an ast.Node: applyValue packs without syntax
	}
	if len(rest) > 0 {
		s.Elems = Union(rest...)
	}
	return append(append([]*Value(nil), fixed...), s)
}

// funcSummary returns the summary of fn: from its declaration in this
// package, or from a fact.
func (en *Engine) funcSummary(fn *types.Func) *Summary {
	fn = fn.Origin()
	if interpreted[fn.FullName()] {
		return nil
	}
	if fn.Pkg() == en.pkg {
		d := en.index().decls[fn]
		if d == nil || d.Body == nil {
			return nil
		}
		return en.summarize(d, d.Type, d.Body)
	}
	if s, ok := en.extSums[fn]; ok {
		return s
	}
	var s *Summary
	if en.imports != nil {
		s = en.imports.summary(fn)
	}
	en.extSums[fn] = s
	return s
}

// interpreted are functions of dependency modules whose calls the engine
// keeps as Call values, their receiver and arguments evaluated, rather
// than summarize them: a consumer interprets them from their arguments
// (effects: go-imap v1's section.FetchItem() is a FETCH item with or
// without PEEK, by the section's Peek field), where a summary would
// flatten the result into the strings it may be.
var interpreted = map[string]bool{
	"(*github.com/emersion/go-imap.BodySectionName).FetchItem": true,
}

func (en *Engine) litSummary(lit *ast.FuncLit) *Summary {
	return en.summarize(lit, lit.Type, lit.Body)
}

// summarize computes the summary of a function of this package: the
// union of what its return statements return, and the field stores
// through its parameters, in terms of its parameters.
func (en *Engine) summarize(fn ast.Node, ft *ast.FuncType, body *ast.BlockStmt) *Summary {
	if s, ok := en.sums[fn]; ok {
		return s
	}
	if s, ok := en.qsums[fn]; ok {
		return s
	}
	if en.inSum[fn] {
		en.cycle = true
		return nil
	}
	en.inSum[fn] = true
	defer delete(en.inSum, fn)
	outer := en.cycle
	en.cycle = false
	defer func() { en.cycle = en.cycle || outer }()
	ix := en.index()
	n := 0
	if ft.Results != nil {
		n = ft.Results.NumFields()
	}
	sum := &Summary{Results: make([]*Value, n)}
	named := ix.results[fn]
	for i := 0; i < n; i++ {
		var vals []*Value
		for _, r := range ix.returns[fn] {
			if !en.reachable(r) {
				continue
			}
			var val *Value
			switch {
			case len(r.Results) == n:
				val = en.eval(r.Results[i], nil)
			case len(r.Results) == 1 && n > 1:
				if call, ok := ast.Unparen(r.Results[0]).(*ast.CallExpr); ok {
					val = en.call(call, nil, i)
				}
			case len(r.Results) == 0 && i < len(named):
				val = en.variable(named[i], nil)
			}
			if val != nil {
				// A result chosen by the parameters (switch name {
				// case "x": return hx }) holds under their guards.
				vals = append(vals, en.guarded(val, ix.retConds[r]))
			}
		}
		sum.Results[i] = Union(vals...)
	}
	// Stores through parameters: p.f = v, where p is a parameter, in the
	// order of the parameters (what a cycle cuts short depends on the
	// order of evaluation).
	for _, v := range ix.paramsOf(fn) {
		p := ix.params[v]
		for _, s := range ix.stores[v] {
			sum.Stores = append(sum.Stores, Store{Param: p.index, Path: s.path, Value: en.storedValue(s), Maybe: s.maybe})
		}
		// A parameter passed on to a setter: its stores are ours; and to
		// an option the caller chooses (opt(o), opt a parameter): it is
		// applied to our parameter.
		for _, st := range ix.setters[v] {
			if !en.chainsRecv(st) {
				continue
			}
			if pc := en.pendingCall(st, nil); pc != nil {
				// t.SetReadOnly(true) on a Tool: run on what the caller
				// gives.
				sum.Stores = append(sum.Stores, Store{Param: p.index, Value: pc, Apply: true})
				continue
			}
			callee := en.calleeValue(st.call, nil)
			for _, c := range callee.Each() {
				if pendingOption(c, st) {
					sum.Stores = append(sum.Stores, Store{Param: p.index, Value: c, Apply: true})
					continue
				}
				inner, bind := en.summaryOf(c, st.call, nil, false)
				if inner == nil {
					continue
				}
				for _, s := range inner.Stores {
					if s.Param != st.arg {
						continue
					}
					if s.Apply {
						if len(st.prefix) == 0 {
							sum.Stores = append(sum.Stores, Store{Param: p.index, Value: bind(s.Value), Apply: true})
						}
						continue
					}
					sum.Stores = append(sum.Stores, Store{Param: p.index, Path: joinPath(st.prefix, s.Path), Value: bind(s.Value), Maybe: s.Maybe || st.maybe})
				}
			}
		}
	}
	// Stores through a call's result that is a parameter's field
	// (ensure(t).f = v, ensure returning t.f or a new value it stores
	// there): stores at that field's path.
	for _, cs := range ix.callStores[fn] {
		val := en.storedValue(cs.store)
		for _, a := range en.eval(cs.call, nil).Each() {
			if p, path, ok := ix.paramPath(a); ok {
				sum.Stores = append(sum.Stores, Store{Param: p, Path: joinPath(path, cs.path), Value: val, Maybe: cs.maybe})
			}
		}
	}
	sum.Stores = mergeStores(sum.Stores)
	if !en.cycle {
		en.sums[fn] = sum
	} else {
		en.qsums[fn] = sum
	}
	return sum
}

// storedValue returns what a store stores: its right-hand side's value,
// or Unknown for a store computed from the old value (x.n += 1).
func (en *Engine) storedValue(s store) *Value {
	if s.rhs == nil {
		return UnknownValue("computed store")
	}
	return en.storeVal(s, nil)
}

// storeVal returns the value of a store's right-hand side: the call's
// result for a store of one of several (x.f, err = db.Prepare(q)).
func (en *Engine) storeVal(s store, env *Env) *Value {
	if s.tuple {
		call, ok := ast.Unparen(s.rhs).(*ast.CallExpr)
		if !ok {
			return UnknownValue("tuple")
		}
		return en.call(call, env, s.idx)
	}
	return en.eval(s.rhs, env)
}

// reachable reports whether no condition that guards the return
// statement r is constant the other way (if override != "" { return
// override } with override the constant "").
func (en *Engine) reachable(r *ast.ReturnStmt) bool {
	for _, g := range en.index().guards[r] {
		t, f, ok := en.eval(g.cond, nil).Bools()
		if ok && t != f && t != g.want {
			return false
		}
	}
	return true
}

// compare is a == b or a != b over constant alternatives of one kind,
// or Unknown.
func compare(op token.Token, a, b *Value) *Value {
	as, bs := a.Each(), b.Each()
	if len(as)*len(bs) > 16 {
		return UnknownValue("compare")
	}
	var out []*Value
	for _, x := range as {
		for _, y := range bs {
			if x.Kind != Const || y.Kind != Const || x.Const.Kind() != y.Const.Kind() {
				return UnknownValue("compare")
			}
			out = append(out, BoolValue(constant.Compare(x.Const, op, y.Const)))
		}
	}
	return Union(out...)
}

// isSymbolic reports whether v stands for a value decided elsewhere (a
// parameter, or what is derived from one or from an opaque call).
func isSymbolic(v *Value) bool {
	switch v.Kind {
	case Param, Field, Elem, Call, Method:
		return true
	}
	return false
}

// closureSummary returns the summary of a closure value: of its literal
// in this package, or from the fact of the function enclosing it.
func (en *Engine) closureSummary(c *Value) *Summary {
	if c.Lit != nil {
		return en.litSummary(c.Lit)
	}
	fn, ok := c.Obj.(*types.Func)
	if !ok || c.Name != "" && c.Index == 0 {
		return nil // an anchored literal whose summary does not travel
	}
	outer := en.funcSummary(fn)
	if outer == nil {
		return nil
	}
	if c.Name != "" {
		return outer.inl[c.Index]
	}
	return outer.lits[c.Ord]
}

// pendingOption reports whether the call of setter st applies c, a
// function the engine does not know here (a parameter, a field, an
// element, a call's result), to the variable as its one argument: an
// option chosen by the caller.
func pendingOption(c *Value, st setter) bool {
	switch c.Kind {
	case Param, Field, Elem, Call, Method:
		return st.arg == 0 && len(st.call.Args) == 1 && len(st.prefix) == 0
	}
	return false
}

// applyInto returns v with the option functions opts applied to each of
// its struct alternatives (applyOption), and kept pending on a Call's
// result (Value.Sets).
func (en *Engine) applyInto(v, opts *Value) *Value {
	var out []*Value
	for _, a := range v.Each() {
		switch a.Kind {
		case Struct:
			a = en.applyOption(a, opts)
		case Call:
			a = storedCall(a, nil, opts.Each())
		case Param, Field, Elem, Method:
			var pend []*Value
			for _, o := range opts.Each() {
				if isPending(o) {
					pend = append(pend, o)
				}
			}
			a = en.applyPending(a, pend)
		}
		out = append(out, a)
	}
	return Union(out...)
}

// maxStores bounds the field stores one summary keeps: a function that
// passes a large state struct down a tree of helpers (a parser) would
// otherwise carry every helper's stores.
const maxStores = 64

// mergeStores unites the stores to one field path of one parameter, in
// the order of parameters, and keeps at most maxStores of them.
func mergeStores(stores []Store) []Store {
	if len(stores) < 2 {
		return stores
	}
	type key struct {
		param int
		path  string
		apply bool
	}
	at := make(map[key]int)
	var out []Store
	for _, s := range stores {
		k := key{s.Param, strings.Join(s.Path, "."), s.Apply}
		if i, ok := at[k]; ok {
			out[i].Value = Union(out[i].Value, s.Value)
			out[i].Maybe = true
			continue
		}
		if len(out) == maxStores {
			continue
		}
		at[k] = len(out)
		out = append(out, s)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Param < out[j].Param })
	return out
}

// joinPath returns p followed by q, sharing neither.
func joinPath(p, q []string) []string {
	if len(p) == 0 {
		return q
	}
	return append(append(make([]string, 0, len(p)+len(q)), p...), q...)
}

// underlying is t's underlying type, or nil for a missing type (code that
// did not type-check).
func underlying(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	return t.Underlying()
}

// concat is a + b for strings: every pair of constant alternatives
// (prefix + "_get_logs", where the prefix is a constructor's constant
// result), or Unknown.
func concat(a, b *Value) *Value {
	as, ok1 := a.Strings()
	bs, ok2 := b.Strings()
	if !ok1 || !ok2 {
		// An operand is not a constant: a Concat, if it is known.
		if !a.Known() || !b.Known() || len(a.Each()) == 0 || len(b.Each()) == 0 {
			return UnknownValue("binary")
		}
		var args []*Value
		for _, x := range []*Value{a, b} {
			if x.Kind == Concat {
				args = append(args, x.Args...)
			} else {
				args = append(args, x)
			}
		}
		if len(args) > 8 {
			return UnknownValue("binary")
		}
		return &Value{Kind: Concat, Args: args}
	}
	if len(as) == 0 || len(bs) == 0 || len(as)*len(bs) > 16 {
		return UnknownValue("binary")
	}
	var out []*Value
	for _, x := range as {
		for _, y := range bs {
			out = append(out, ConstValue(constant.MakeString(x+y)))
		}
	}
	return Union(out...)
}

// concatAll folds the operands of a Concat, as substituted.
func concatAll(args []*Value) *Value {
	if len(args) == 0 {
		return UnknownValue("concat")
	}
	v := args[0]
	for _, a := range args[1:] {
		v = concat(v, a)
	}
	return v
}
