package mcpmodel

import (
	"cmp"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/internal/names"
	"github.com/mcpvet/mcpvet/passes/effects"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// This file asks the value-flow engine (passes/valueflow) what a
// registration's tool definition and handler hold when the syntax at the
// registration does not say: a tool returned by a constructor of this or
// another package, kept with its handler in a struct value of a table
// that a loop registers, built by a project's own builder, or passed to
// the registering function as a parameter. A registration whose values
// differ per element of the table it ranges over, or per call of the
// function that makes it, is one registration per element or call.

// maxInstances bounds the registrations one registration site stands
// for.
const maxInstances = 512

// flowRegistrations returns the registrations a registration site
// stands for, one per instance of the values it reads (an element of a
// table a loop ranges over, a call of the enclosing function), or nil
// when it stands for one only: the caller then resolves it as written.
func (b *builder) flowRegistrations(sdk SDK, reg ast.Node, def, handler ast.Expr, envs []flowInstance) []*Tool {
	if b.vf == nil || len(envs) < 2 {
		return nil
	}
	var out []*Tool
	for _, in := range envs {
		t := &Tool{SDK: sdk, Reg: reg, Def: def, HintNode: def, HandlerArg: handler, inst: true}
		if in.node != nil {
			t.Reg = in.node
			// The element or call is this registration: generic pairing
			// must not make it a second one.
			b.consumed[in.node] = true
		}
		if in.site != nil {
			b.consumed[in.site] = true
		}
		b.flowDef(t, b.vf.Eval(def, in.env))
		hv := b.vf.Eval(handler, in.env)
		t.Handler = b.flowHandler(hv)
		if t.Handler != nil {
			// A table's element, or the argument of the call of the
			// registering helper: where the user changes it.
			switch n := in.node.(type) {
			case *ast.CompositeLit:
				if e := b.holding(n.Elts, t.Handler); e != nil {
					t.HandlerArg = e
				}
			case *ast.CallExpr:
				if e := b.holding(n.Args, t.Handler); e != nil {
					t.HandlerArg = e
				}
			}
		}
		out = append(out, b.withOps(t, hv)...)
	}
	return mergeInstances(out, reg)
}

// mergeInstances makes one registration of the instances that register
// the same tool with the same handler: the alternatives of a value the
// registration reads that decide neither (an option chosen under a
// condition: opt := mcp.WithDescription(d); if ro { opt = readOnly() }).
// A hint the instances disagree on is not known, and the registration
// is where the program makes it, not at one alternative.
func mergeInstances(ts []*Tool, reg ast.Node) []*Tool {
	var out []*Tool
	for _, t := range ts {
		var into *Tool
		for _, u := range out {
			if t.Name != "" && u.Name == t.Name && t.Handler != nil && u.Handler != nil && sameFunc(t.Handler, u.Handler) {
				into = u
				break
			}
		}
		if into == nil {
			out = append(out, t)
			continue
		}
		into.Reg, into.HandlerArg = reg, t.HandlerArg
		into.Idempotent = agree([]Hint{into.Idempotent, t.Idempotent})
		into.ReadOnly = agree([]Hint{into.ReadOnly, t.ReadOnly})
		into.Destructive = agree([]Hint{into.Destructive, t.Destructive})
		into.DestructiveRead, into.DestructiveUnset = into.DestructiveRead && t.DestructiveRead, into.DestructiveUnset && t.DestructiveUnset
		if into.HintFile != t.HintFile {
			into.HintFile = ""
		}
		into.SchemaKeys = append(into.SchemaKeys, t.SchemaKeys...)
	}
	return out
}

// holding returns the one of es (a table's struct value's elements, a
// call's arguments) that holds the handler h, or nil.
func (b *builder) holding(es []ast.Expr, h *Func) ast.Expr {
	for _, el := range es {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			el = kv.Value
		}
		if t := b.pass.TypesInfo.TypeOf(el); t == nil {
			continue
		} else if _, ok := t.Underlying().(*types.Signature); !ok {
			continue
		}
		if f := b.flowHandler(b.vf.Eval(el, nil)); f != nil && sameFunc(f, h) {
			return el
		}
	}
	return nil
}

// instance is one binding of the variables a registration reads, and
// the syntax that made the value bound (a table's element), if any.
type flowInstance struct {
	env  *valueflow.Env
	node ast.Node
	// site is the call of the registering function the instance
	// passes through, when node is elsewhere.
	site ast.Node
}

// instanceEnvs returns the instances of a registration: one per
// alternative of each variable it reads (outside its own function
// literals) whose value is one of several structs or functions, and,
// when its values come from the parameters of the function that makes
// it, one per call of that function in the package (followed up through
// the helpers that pass those values on: valueflow.CallEnvs).
func (b *builder) instanceEnvs(reg ast.Node, exprs ...ast.Expr) []flowInstance {
	envs := []flowInstance{{}}
	if fn := b.enclosingFunc(reg.Pos()); fn != nil && b.reads(fn, exprs, true) {
		if obj, fd := b.funcObj(fn), fn.(*ast.FuncDecl); obj != nil {
			var sites []flowInstance
			for _, ce := range b.vf.CallEnvs(fd, obj, exprs) {
				in := flowInstance{env: ce.Env, node: ce.Call}
				if ce.Node != nil {
					// A table's element, through a literal; the call of
					// the registering function is no registration of
					// its own.
					in.node, in.site = ce.Node, ce.Site
				}
				sites = append(sites, in)
			}
			if len(sites) > 0 {
				envs = sites
			}
		}
	}
	if len(envs) == 1 && envs[0].env == nil {
		if sites := b.closureCalls(reg, exprs); len(sites) > 0 {
			envs = sites
		}
	}
	for _, v := range b.freeVars(exprs) {
		var next []flowInstance
		for _, in := range envs {
			val := b.vf.Eval(b.identFor(v), in.env)
			alts := realTools(val.Each())
			if len(alts) < 2 || !instances(alts) && !b.ranged(v, in) {
				next = append(next, in)
				continue
			}
			for _, a := range alts {
				node := in.node
				if a.Node != nil {
					node = a.Node
				}
				next = append(next, flowInstance{env: in.env.Bind(v, a), node: node})
			}
		}
		if len(next) > maxInstances {
			return nil
		}
		envs = next
	}
	return envs
}

// ranged reports whether v, read by a registration, holds one element of
// a table per iteration of a loop: v is set by a range statement, or v is
// a parameter of the function the instance's call calls and that call
// passes such a variable (for _, svc := range services { register(s, svc) }).
// Each constant it holds then makes a registration of its own.
func (b *builder) ranged(v *types.Var, in flowInstance) bool {
	if b.wholeTable(v) {
		return true
	}
	call, ok := in.node.(*ast.CallExpr)
	if !ok {
		return false
	}
	fn, _ := typeutil.Callee(b.pass.TypesInfo, call).(*types.Func)
	if fn == nil {
		return false
	}
	params := fn.Type().(*types.Signature).Params()
	for i := 0; i < params.Len() && i < len(call.Args); i++ {
		if params.At(i) != v {
			continue
		}
		id, ok := ast.Unparen(call.Args[i]).(*ast.Ident)
		if !ok {
			return false
		}
		arg, _ := b.pass.TypesInfo.Uses[id].(*types.Var)
		return b.wholeTable(arg)
	}
	return false
}

// wholeTable reports whether v is set only by range statements over a
// whole table (a literal, a variable): the engine knows a table's
// elements, not which of them a part (names[:3]) holds.
func (b *builder) wholeTable(v *types.Var) bool {
	switch ast.Unparen(b.vf.RangedOver(v)).(type) {
	case *ast.SliceExpr, *ast.IndexExpr, nil:
		return false
	}
	return true
}

// instances reports whether alternatives are values a registration can
// be made of, one at a time: structs and functions, not constants (unless
// they are a loop's elements: ranged).
func instances(alts []*valueflow.Value) bool {
	for _, a := range alts {
		switch a.Kind {
		case valueflow.Struct, valueflow.Func, valueflow.Closure, valueflow.Call:
		default:
			return false
		}
	}
	return true
}

// closureCalls returns the instances of a registration made by a local
// function literal (addTool := func(t mcp.Tool, h server.ToolHandlerFunc)
// { ...; s.AddTool(t, h) }) from its parameters: one per call of it in
// the function that declares it, or nil when the literal is not such a
// helper (assigned again, or not read from its parameters).
func (b *builder) closureCalls(reg ast.Node, exprs []ast.Expr) []flowInstance {
	fd, ok := b.enclosingFunc(reg.Pos()).(*ast.FuncDecl)
	if !ok {
		return nil
	}
	var lit *ast.FuncLit
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if l, ok := n.(*ast.FuncLit); ok && l.Pos() <= reg.Pos() && reg.End() <= l.End() {
			lit = l // the innermost one
		}
		return n == nil || (n.Pos() <= reg.Pos() && reg.End() <= n.End())
	})
	if lit == nil || !b.readsParams(lit, exprs) {
		return nil
	}
	info := b.pass.TypesInfo
	// The variable the literal is assigned to, and every assignment of
	// that variable: a helper is assigned once.
	var helper *types.Var
	assigns := make(map[*types.Var]int)
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		var lhs, rhs []ast.Expr
		switch n := n.(type) {
		case *ast.AssignStmt:
			lhs, rhs = n.Lhs, n.Rhs
		case *ast.ValueSpec:
			for _, id := range n.Names {
				lhs = append(lhs, id)
			}
			rhs = n.Values
		default:
			return true
		}
		for i, l := range lhs {
			id, ok := ast.Unparen(l).(*ast.Ident)
			if !ok {
				continue
			}
			v, _ := info.ObjectOf(id).(*types.Var)
			if v == nil {
				continue
			}
			if i < len(rhs) && len(lhs) == len(rhs) && rhs[i] == lit {
				helper = v
			}
			if len(rhs) > 0 {
				assigns[v]++ // var f func(...) declares it: no assignment
			}
		}
		return true
	})
	if helper == nil || assigns[helper] != 1 {
		return nil
	}
	var sites []flowInstance
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && info.Uses[id] == helper {
			sites = append(sites, flowInstance{env: b.vf.Bindings(lit, call, nil), node: call})
		}
		return true
	})
	if len(sites) > maxInstances {
		return nil
	}
	return sites
}

// identFor returns an identifier that denotes v, for Eval.
func (b *builder) identFor(v *types.Var) *ast.Ident {
	if id, ok := b.varIdents[v]; ok {
		return id
	}
	return ast.NewIdent(v.Name())
}

// freeVars returns the local variables (not parameters of the enclosing
// function) the expressions read, including in the function literals
// among them, in order of first use.
func (b *builder) freeVars(exprs []ast.Expr) []*types.Var {
	var out []*types.Var
	seen := make(map[*types.Var]bool)
	b.collectFree(exprs, seen, &out, 0)
	return out
}

// updatedDef reports whether a tool definition reads a local variable
// that the package changes after initializing it: a field store, or a
// setter given its address.
func (b *builder) updatedDef(def ast.Expr) bool {
	for _, v := range b.freeVars([]ast.Expr{def}) {
		if b.vf.Updated(v) {
			return true
		}
	}
	return false
}

// collectFree appends to out the free local variables of exprs; a
// variable whose value is computed from other locals (tool :=
// mcp.NewTool(t.name); h := func(..) { t.run(..) }) comes after the
// variables its assignments read, so that a table's element is bound
// before what is made of it.
func (b *builder) collectFree(exprs []ast.Expr, seen map[*types.Var]bool, out *[]*types.Var, depth int) {
	info := b.pass.TypesInfo
	for _, e := range exprs {
		ast.Inspect(e, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			v, ok := info.Uses[id].(*types.Var)
			if !ok || v.IsField() || seen[v] || v.Pkg() != b.pass.Pkg {
				return true
			}
			if v.Pos() >= e.Pos() && v.Pos() < e.End() {
				return true // declared inside the expression
			}
			if v.Parent() == v.Pkg().Scope() {
				return true // a package-level variable: one value
			}
			seen[v] = true
			if b.varIdents == nil {
				b.varIdents = make(map[*types.Var]*ast.Ident)
			}
			b.varIdents[v] = id
			if rhs := b.locals[v]; depth < 3 && len(rhs) == 1 && rhs[0] != nil {
				b.collectFree(rhs, seen, out, depth+1)
			} else if call := b.tupleRhs[v]; depth < 3 && len(rhs) == 1 && call != nil {
				// One result of a call (t, h := ctor(c)): what the call
				// reads is bound first, so that both results come from
				// the same element of a table of constructors.
				b.collectFree([]ast.Expr{call}, seen, out, depth+1)
			} else if x := b.vf.RangedOver(v); depth < 3 && x != nil {
				// A loop's element: the variables its table is made of
				// (a table of tools written inside a loop over names).
				b.collectFree([]ast.Expr{x}, seen, out, depth+1)
			}
			*out = append(*out, v)
			return true
		})
	}
}

// enclosingFunc returns the function declaration that contains pos.
func (b *builder) enclosingFunc(pos token.Pos) ast.Node {
	if fd := analysisutil.FuncDeclAt(b.pass.Files, pos); fd != nil && fd.Body != nil {
		return fd
	}
	return nil
}

func (b *builder) funcObj(fn ast.Node) *types.Func {
	if d, ok := fn.(*ast.FuncDecl); ok {
		f, _ := b.pass.TypesInfo.Defs[d.Name].(*types.Func)
		return f
	}
	return nil
}

// readsParams reports whether the expressions (and the literals among
// them) read a parameter of fn other than its receiver.
func (b *builder) readsParams(fn ast.Node, exprs []ast.Expr) bool {
	return b.reads(fn, exprs, false)
}

// addNames adds to objs the variables the fields of list (a
// function's parameters or receiver) declare.
func addNames(info *types.Info, objs map[types.Object]bool, list *ast.FieldList) {
	if list == nil {
		return
	}
	for _, f := range list.List {
		for _, n := range f.Names {
			if obj := info.Defs[n]; obj != nil {
				objs[obj] = true
			}
		}
	}
}

// reads is readsParams; with recv, the receiver of a method counts as a
// parameter too (a registration of the tools a setter stored in the
// receiver: s.toolHandlers = append(s.toolHandlers, ...)).
func (b *builder) reads(fn ast.Node, exprs []ast.Expr, recv bool) bool {
	var ft *ast.FuncType
	switch f := fn.(type) {
	case *ast.FuncDecl:
		ft = f.Type
	case *ast.FuncLit:
		ft = f.Type
	default:
		return false
	}
	params := make(map[types.Object]bool)
	addNames(b.pass.TypesInfo, params, ft.Params)
	if fd, ok := fn.(*ast.FuncDecl); ok && recv {
		addNames(b.pass.TypesInfo, params, fd.Recv)
	}
	found := false
	for _, e := range exprs {
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && params[b.pass.TypesInfo.Uses[id]] {
				found = true
			}
			return !found
		})
		if !found {
			// A value derived from a parameter through locals.
			found = b.vf.Eval(e, nil).Mentions(func(v *valueflow.Value) bool {
				return v.Kind == valueflow.Param && params[v.Obj]
			})
		}
		if found {
			return true
		}
	}
	return false
}

// flowDef fills t's name and hints from the value of its definition,
// where the syntax did not: each alternative is read, and a name or hint
// on which they disagree is not known.
func (b *builder) flowDef(t *Tool, v *valueflow.Value) {
	first := true
	for _, a := range realTools(v.Each()) {
		var u Tool
		u.Idempotent, u.ReadOnly, u.Destructive = Unknown, Unknown, Unknown
		b.valueDef(&u, a, 0)
		if first {
			t.Name, t.Idempotent, t.ReadOnly, t.SchemaKeys = u.Name, u.Idempotent, u.ReadOnly, u.SchemaKeys
			t.Destructive, t.DestructiveRead, t.DestructiveUnset, t.HintFile = u.Destructive, u.DestructiveRead, u.DestructiveUnset, u.HintFile
			first = false
			continue
		}
		if u.Name != t.Name {
			t.Name = ""
		}
		if u.HintFile != t.HintFile {
			t.HintFile = ""
		}
		if u.Idempotent != t.Idempotent {
			t.Idempotent = Unknown
		}
		if u.ReadOnly != t.ReadOnly {
			t.ReadOnly = Unknown
		}
		if u.Destructive != t.Destructive {
			t.Destructive = Unknown
		}
		t.DestructiveRead, t.DestructiveUnset = t.DestructiveRead && u.DestructiveRead, t.DestructiveUnset && u.DestructiveUnset
	}
}

// realTools drops from alts the zero tools (mcp.Tool{}, an empty
// literal of a tool type: what a constructor returns on its error path,
// return mcp.Tool{} after a failed json.Marshal of its schema), when an
// alternative that is not one remains: a tool without a name is no tool
// a client can call.
func realTools(alts []*valueflow.Value) []*valueflow.Value {
	var out []*valueflow.Value
	for _, a := range alts {
		if a.Kind == valueflow.Struct && len(a.Fields) == 0 && len(a.Sets) == 0 && classifyType(a.Type) != notTool {
			continue
		}
		out = append(out, a)
	}
	if len(out) == 0 {
		return alts
	}
	return out
}

// valueDef reads a tool definition value: an SDK's Tool struct or a
// project's own with a Name and hints (directly or in Annotations), a
// call of mcp-go's NewTool with its options or of another SDK's tool
// constructor (sdk_other.go), with what the package stores into the
// tool it returns, or the constant name a registration by name
// registers.
func (b *builder) valueDef(t *Tool, v *valueflow.Value, depth int) {
	if depth > 4 {
		return
	}
	// A tool looked up by name in a map the program fills at run time,
	// from a data file of the module (catalogue.go).
	defer catalogueTool(t, v.At)
	switch v.Kind {
	case valueflow.Struct:
		switch classifyType(v.Type) {
		case goSDKTool, mcpGoTool, ownTool:
			t.Idempotent, t.ReadOnly, t.Destructive = False, False, False
			if n, ok := v.Field(goField(v.Type, "Name")); ok && n != nil {
				t.Name, _ = n.String1()
			}
			if a, ok := v.Field(goField(v.Type, "Annotations")); ok && a != nil {
				b.valueAnnotations(t, a)
			}
			if s, ok := v.Field(goField(v.Type, "InputSchema")); ok && s != nil {
				t.SchemaKeys = append(t.SchemaKeys, schemaValueKeys(s, 0)...)
			}
		case goSDKAnnotations, mcpGoAnnotation, ownAnnotations:
			b.valueAnnotations(t, v)
		}
	case valueflow.Const:
		// A tool name: what a registration by name registers
		// (otherSDKCall); the SDK sets no annotations.
		if s, ok := v.String1(); ok {
			t.Name = s
			t.Idempotent, t.ReadOnly, t.Destructive = False, False, False
		}
	case valueflow.Call:
		fn, ok := v.Obj.(*types.Func)
		if !ok {
			return
		}
		if tab, c, ok := otherConstructorOf(fn); ok { // sdk_other.go
			b.valueConstructed(t, tab, c, v)
			return
		}
		k2, _, ok := calleeKey(fn)
		if !ok || len(v.Args) == 0 {
			return
		}
		switch k2 {
		case [2]string{mcpGoMCP, "NewToolWithRawSchema"}:
			t.Idempotent, t.ReadOnly, t.Destructive = False, False, False
			t.Name, _ = v.Args[0].String1()
			b.valueStored(t, v)
		case [2]string{mcpGoMCP, "NewTool"}:
			t.Idempotent, t.ReadOnly, t.Destructive = False, False, False
			t.Name, _ = v.Args[0].String1()
			for _, o := range v.Args[1:] {
				var alts []optionAlt
				for _, a := range o.Each() {
					if a.Kind == valueflow.Nil {
						continue // a nil list of options (combine(lists...) of none)
					}
					// A value made under a condition no call decided
					// (opts = append(opts, ro) when def.ReadOnly) may
					// not be made: its options may be missing.
					maybe := len(a.Guards) > 0
					if a.Kind == valueflow.Slice { // opts...
						if a.Elems != nil {
							for _, e := range a.Elems.Each() {
								alts = append(alts, optionAlt{e, maybe || len(e.Guards) > 0})
							}
						}
						continue
					}
					alts = append(alts, optionAlt{a, maybe})
				}
				b.valueOptions(t, alts)
			}
			b.valueStored(t, v)
		}
	}
}

// valueAnnotations reads hints from an annotations value (nil: the spec
// defaults).
func (b *builder) valueAnnotations(t *Tool, a *valueflow.Value) {
	var idem, ro, de []Hint
	unset := true // no alternative sets DestructiveHint
	for _, alt := range a.Each() {
		switch alt.Kind {
		case valueflow.Nil:
			idem, ro, de = append(idem, False), append(ro, False), append(de, Unknown)
		case valueflow.Struct:
			idem = append(idem, hintField(alt, goField(alt.Type, "IdempotentHint")))
			ro = append(ro, hintField(alt, goField(alt.Type, "ReadOnlyHint")))
			f := goField(alt.Type, "DestructiveHint")
			de = append(de, hintField(alt, f))
			v, ok := alt.Field(f)
			unset = unset && ok && (v == nil || v.Kind == valueflow.Nil)
		default:
			idem, ro, de = append(idem, Unknown), append(ro, Unknown), append(de, Unknown)
			unset = false
		}
	}
	t.Idempotent, t.ReadOnly, t.Destructive = agree(idem), agree(ro), agree(de)
	t.DestructiveRead, t.DestructiveUnset = true, unset && len(de) > 0
}

func agree(hs []Hint) Hint {
	if len(hs) == 0 {
		return Unknown
	}
	for _, h := range hs[1:] {
		if h != hs[0] {
			return Unknown
		}
	}
	return hs[0]
}

// hintField reads a bool or *bool hint field of a struct value; unset is
// false.
func hintField(s *valueflow.Value, name string) Hint {
	f, ok := s.Field(name)
	if !ok {
		return Unknown
	}
	if f == nil {
		return False
	}
	return boolValueHint(f)
}

func boolValueHint(v *valueflow.Value) Hint {
	t, f, ok := v.Bools()
	switch {
	case !ok || t && f:
		return Unknown
	case t:
		return True
	}
	return False
}

// optionAlt is an option value NewTool may be given, and whether it may
// be missing (made under a condition no call decided).
type optionAlt struct {
	v     *valueflow.Value
	maybe bool
}

// valueOptions applies the options one argument of NewTool holds. One
// option is applied as written. Several are the alternatives of a union:
// the elements of a spread slice the program appends to (opts =
// append(opts, mcp.WithReadOnlyHintAnnotation(true)) under a condition,
// ...(false) under its negation), or an option chosen under a condition.
// The engine does not tell their order or which of them a run appends,
// so a hint that two of them set to different values is not known; one
// that all of them that set it agree on is theirs.
func (b *builder) valueOptions(t *Tool, alts []optionAlt) {
	if len(alts) == 1 && !alts[0].maybe {
		b.valueOption(t, alts[0].v)
		return
	}
	const unset Hint = -1
	merged := [3]Hint{unset, unset, unset}
	before := [3]Hint{t.Idempotent, t.ReadOnly, t.Destructive}
	merge := func(i int, h Hint) {
		switch {
		case h == unset:
		case merged[i] == unset:
			merged[i] = h
		case merged[i] != h:
			merged[i] = Unknown
		}
	}
	for _, a := range alts {
		u := *t
		u.Idempotent, u.ReadOnly, u.Destructive = unset, unset, unset
		u.SchemaKeys = nil
		b.valueOption(&u, a.v)
		t.SchemaKeys = append(t.SchemaKeys, u.SchemaKeys...)
		for i, h := range [3]Hint{u.Idempotent, u.ReadOnly, u.Destructive} {
			merge(i, h)
			if a.maybe && h != unset {
				merge(i, before[i]) // or the option is not there
			}
		}
	}
	for i, dst := range [3]*Hint{&t.Idempotent, &t.ReadOnly, &t.Destructive} {
		if merged[i] != unset {
			*dst = merged[i]
		}
	}
	if merged[2] != unset {
		// An option set it (WithDestructiveHintAnnotation(true)).
		t.DestructiveRead, t.DestructiveUnset = true, false
	}
}

// valueOption applies one mcp-go ToolOption value.
func (b *builder) valueOption(t *Tool, o *valueflow.Value) {
	if o.Kind == valueflow.Closure {
		// The option a project's function returned (utils.WithPagination()).
		if f := b.closureOption(o); f != nil {
			f.apply(t)
			return
		}
	}
	if o.Kind != valueflow.Call {
		t.Idempotent, t.ReadOnly, t.Destructive = Unknown, Unknown, Unknown // a project's own option may set any hint
		return
	}
	fn, ok := o.Obj.(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != mcpGoMCP {
		if f := b.projectOption(fn); ok && f != nil {
			f.apply(t)
			return
		}
		t.Idempotent, t.ReadOnly, t.Destructive = Unknown, Unknown, Unknown
		return
	}
	switch fn.Name() {
	case "WithIdempotentHintAnnotation":
		if len(o.Args) == 1 {
			t.Idempotent = boolValueHint(o.Args[0])
		}
	case "WithReadOnlyHintAnnotation":
		if len(o.Args) == 1 {
			t.ReadOnly = boolValueHint(o.Args[0])
		}
	case "WithDestructiveHintAnnotation":
		if len(o.Args) == 1 {
			t.Destructive = boolValueHint(o.Args[0])
			t.DestructiveRead, t.DestructiveUnset = true, false
		}
	case "WithToolAnnotation":
		if len(o.Args) == 1 {
			b.valueAnnotations(t, o.Args[0])
		}
	case "WithString", "WithNumber", "WithInteger":
		if k := schemaKeyValue(o); k != "" {
			t.SchemaKeys = append(t.SchemaKeys, k)
		}
	}
}

// schemaValueKeys is schemaLitKeys for an input schema as the engine
// sees it: the properties whose constant description says they are
// idempotency or deduplication keys, however the schema was built (a
// constructor, a local, a field).
func schemaValueKeys(v *valueflow.Value, depth int) []string {
	if depth > 4 || v == nil {
		return nil
	}
	var keys []string
	for _, a := range v.Each() {
		switch a.Kind {
		case valueflow.Struct:
			for _, f := range a.Fields {
				keys = append(keys, schemaValueKeys(f.Value, depth+1)...)
			}
		case valueflow.Slice:
			for i, k := range a.Keys {
				if i >= len(a.Entry) {
					break
				}
				if describedValue(a.Entry[i]) {
					keys = append(keys, k)
					continue
				}
				keys = append(keys, schemaValueKeys(a.Entry[i], depth+1)...)
			}
		}
	}
	return keys
}

// describedValue is describedLit for a property value: a Description
// field or a "description" entry whose constant says it is a key.
func describedValue(v *valueflow.Value) bool {
	for _, a := range v.Each() {
		var d *valueflow.Value
		switch a.Kind {
		case valueflow.Struct:
			d, _ = a.Field("Description")
		case valueflow.Slice:
			for i, k := range a.Keys {
				if k == "description" && i < len(a.Entry) {
					d = a.Entry[i]
				}
			}
		}
		if s, ok := d.String1(); ok && names.DescribesKey(s) {
			return true
		}
	}
	return false
}

// schemaKeyValue is schemaKey for an option value.
func schemaKeyValue(o *valueflow.Value) string {
	if len(o.Args) < 2 {
		return ""
	}
	name, ok := o.Args[0].String1()
	if !ok {
		return ""
	}
	for _, a := range o.Args[1:] {
		for _, d := range a.Each() {
			fn, ok := d.Obj.(*types.Func)
			if d.Kind != valueflow.Call || !ok || fn.Pkg() == nil || fn.Pkg().Path() != mcpGoMCP || fn.Name() != "Description" || len(d.Args) != 1 {
				continue
			}
			if s, ok := d.Args[0].String1(); ok && names.DescribesKey(s) {
				return name
			}
		}
	}
	return ""
}

// flowHandler resolves a handler value to the function to analyze: a
// function or method, a literal of this package (or the function value
// it only forwards to), the function of another package whose literal it
// is, or the handler an SDK adapter wraps. Several different handlers,
// or one the engine cannot follow, resolve to nil.
func (b *builder) flowHandler(v *valueflow.Value) *Func {
	var found *Func
	for _, a := range v.Each() {
		f := b.valueFunc(a, 0)
		if f == nil {
			return nil
		}
		if found != nil && !sameFunc(found, f) {
			return nil
		}
		found = f
	}
	return found
}

func sameFunc(a, b *Func) bool {
	return a.Obj == b.Obj && a.Lit == b.Lit && a.Decl == b.Decl && a.Ref == b.Ref
}

func (b *builder) valueFunc(a *valueflow.Value, depth int) *Func {
	if depth > 4 {
		return nil
	}
	switch a.Kind {
	case valueflow.Func:
		fn, ok := a.Obj.(*types.Func)
		if !ok {
			return nil
		}
		fn = fn.Origin()
		if sig := fn.Type().(*types.Signature); sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) {
			return nil // an interface method the engine could not dispatch
		}
		if d := b.decls[fn]; d != nil {
			return &Func{Obj: fn, Decl: d}
		}
		return &Func{Obj: fn}
	case valueflow.Closure:
		if a.Lit == nil {
			// A literal of another package: the handler a middleware
			// wraps (its WrapsHandler fact), as bound where the
			// middleware was called; else its function's effect facts
			// include it.
			if h := b.wrappedValue(a); h != nil {
				if inner := b.oneFunc(h, depth); inner != nil {
					return inner
				}
			}
			return litFunc(a)
		}
		if inner := b.forwarded(a); inner != nil {
			return inner
		}
		return &Func{Lit: a.Lit, Env: a.Env}
	case valueflow.Method, valueflow.Call:
		if h := b.wrappedArg(a); h != nil {
			return b.oneFunc(h, depth)
		}
	}
	return nil
}

// litFunc is the handler a, a literal of another package, is: its
// function's effect facts include it, and a's bindings of that
// function's parameters say what the function values it calls do
// (effects.LitEffect.Calls).
func litFunc(a *valueflow.Value) *Func {
	return &Func{Obj: a.Obj, Ref: effects.LitRef{Ord: a.Ord + 1, In: a.Name}, Env: a.Env}
}

// oneFunc returns the one function all alternatives of v resolve to, or
// nil.
func (b *builder) oneFunc(v *valueflow.Value, depth int) *Func {
	var found *Func
	for _, h := range v.Each() {
		f := b.valueFunc(h, depth+1)
		if f == nil || found != nil && !sameFunc(found, f) {
			return nil
		}
		found = f
	}
	return found
}

// valueFuncs is valueFunc for a dispatcher's operations: the functions
// an alternative may run, each step's alternatives kept (a guard that
// returns the handler or a closure refusing the call: both), and whether
// every alternative resolved.
func (b *builder) valueFuncs(a *valueflow.Value, depth int) ([]*Func, bool) {
	if depth > 4 {
		return nil, false
	}
	switch a.Kind {
	case valueflow.Closure:
		if a.Lit == nil {
			if h := b.wrappedValue(a); h != nil {
				if fs, complete := b.allFuncs(h, depth); len(fs) > 0 {
					return fs, complete
				}
			}
			return []*Func{litFunc(a)}, true
		}
		if fv := b.forwardedValues(a); len(fv) > 0 {
			var fs []*Func
			complete := true
			for _, v := range fv {
				gs, ok := b.allFuncs(v, depth)
				fs, complete = addFuncs(fs, gs...), complete && ok
			}
			if len(fs) > 0 {
				return fs, complete
			}
		}
		// No binding (Func.Env) for a dispatcher's operations: where the
		// alternatives are those a registration could not tell apart
		// (a map of closures its binding does not select), each would be
		// judged under a row that is not its own.
		return []*Func{{Lit: a.Lit}}, true
	case valueflow.Method, valueflow.Call:
		if h := b.wrappedArg(a); h != nil {
			return b.allFuncs(h, depth)
		}
	}
	if f := b.valueFunc(a, depth); f != nil {
		return []*Func{f}, true
	}
	return nil, false
}

// allFuncs is valueFuncs for every alternative of v.
func (b *builder) allFuncs(v *valueflow.Value, depth int) ([]*Func, bool) {
	var fs []*Func
	complete := true
	for _, a := range v.Each() {
		gs, ok := b.valueFuncs(a, depth+1)
		fs, complete = addFuncs(fs, gs...), complete && ok
	}
	return fs, complete
}

// addFuncs adds to fs those of gs it does not hold.
func addFuncs(fs []*Func, gs ...*Func) []*Func {
	for _, g := range gs {
		if !slices.ContainsFunc(fs, func(f *Func) bool { return sameFunc(f, g) }) {
			fs = append(fs, g)
		}
	}
	return fs
}

// wrappedArg returns the handler value that a, the result of a call
// the engine kept (a Call it has no summary of, a Method on a symbolic
// value), wraps, or nil:
//   - an SDK's adapter (server.NewTypedToolHandler(h));
//   - a middleware the engine has no summary of (a method value another
//     package's constructor returned: r.middleware(h)), by its
//     WrapsHandler fact;
//   - a call of a function value the engine does not know (authMW(h): a
//     middleware a caller passes in, a field holding one). The value is
//     registered as a handler, so that function takes a handler and
//     returns one: a middleware, which runs the handler it is given (the
//     SDKs' own middleware types have this shape).
func (b *builder) wrappedArg(a *valueflow.Value) *valueflow.Value {
	switch a.Kind {
	case valueflow.Call:
		fn, ok := a.Obj.(*types.Func)
		if !ok {
			return nil
		}
		if k2, _, ok := calleeKey(fn); ok && (handlerAdapters[k2] || otherAdapter(k2)) && len(a.Args) == 1 {
			return a.Args[0]
		}
		if f := new(WrapsHandler); b.pass.ImportObjectFact(fn.Origin(), f) && f.Param < len(a.Args) {
			if f.Method != "" {
				return b.vf.MethodValue(a.Args[f.Param], f.Method)
			}
			return a.Args[f.Param]
		}
	case valueflow.Method:
		if a.Name == "" && a.X != nil && len(a.Args) == 1 && (a.X.Kind == valueflow.Param || a.X.Kind == valueflow.Field) {
			return a.Args[0]
		}
	}
	return nil
}

// withOps returns t, or when its handler value hv is a dispatcher's (one
// of several functions, one per operation: registry[op].Handler, or a
// literal of this package that calls the handler its captured table
// holds), one copy of t per function, each with that function as its
// handler and all sharing one Dispatch.
func (b *builder) withOps(t *Tool, hv *valueflow.Value) []*Tool {
	if t.Handler != nil && t.Handler.Lit == nil {
		return []*Tool{t}
	}
	// A literal of this package that forwards to the handler its
	// captured table holds (o := byName[op]; o.run(ctx, req)), also
	// behind a middleware's literal, runs the functions the table holds.
	fs, complete := b.allFuncs(hv, -1)
	if len(fs) < 2 {
		return []*Tool{t}
	}
	// In source order: the order of a value's alternatives is not (a
	// closure is told apart by its captured bindings' identity).
	fset := b.pass.Fset
	slices.SortStableFunc(fs, func(f, g *Func) int {
		p, q := fset.Position(funcPos(f)), fset.Position(funcPos(g))
		if c := cmp.Compare(p.Filename, q.Filename); c != 0 {
			return c
		}
		if c := cmp.Compare(p.Offset, q.Offset); c != 0 {
			return c
		}
		return cmp.Compare(f.Ref.Ord, g.Ref.Ord)
	})
	d := &Dispatch{Ops: len(fs), Complete: complete}
	out := make([]*Tool, len(fs))
	for i, f := range fs {
		u := *t
		u.Handler, u.Dispatch = f, d
		out[i] = &u
	}
	return out
}

// funcPos returns where f is declared: its literal, or its function.
func funcPos(f *Func) token.Pos {
	if f.Lit != nil {
		return f.Lit.Pos()
	}
	if f.Obj != nil {
		return f.Obj.Pos()
	}
	return token.NoPos
}

// forwarded returns the handler a registered literal only forwards to:
// its body calls a function value it captured (a table element's
// handler field, a factory's parameter) as the handler
// (handlerCall), and that value resolves to one function.
func (b *builder) forwarded(c *valueflow.Value) *Func {
	var target *Func
	for _, v := range b.forwardedValues(c) {
		f := b.flowHandler(v)
		if f == nil {
			continue
		}
		if target != nil && !sameFunc(target, f) {
			return nil
		}
		target = f
	}
	return target
}

// wrappedValue returns the handler value that c, a closure made by a
// middleware of another package (a WrapsHandler fact), wraps: the value
// it captured for the middleware's handler parameter. Nil when there is
// no fact or no such binding.
func (b *builder) wrappedValue(c *valueflow.Value) *valueflow.Value {
	fn, ok := c.Obj.(*types.Func)
	if !ok {
		return nil
	}
	f := new(WrapsHandler)
	if !b.pass.ImportObjectFact(fn.Origin(), f) {
		return nil
	}
	params := fn.Origin().Signature().Params()
	if f.Param >= params.Len() {
		return nil
	}
	h, ok := c.Bound(params.At(f.Param))
	if !ok {
		return nil
	}
	if f.Method != "" {
		// A typed tool's method: its value's own (WithValidation(t)).
		return b.vf.MethodValue(h, f.Method)
	}
	return h
}

// forwardedValues returns the values of the function values a
// registered literal calls as the handler (handlerCall), with the
// literal's captured bindings.
func (b *builder) forwardedValues(c *valueflow.Value) []*valueflow.Value {
	return b.forwardedIn(c.Lit.Type, c.Lit.Body, c.Env, 0)
}

// maxForwardDepth bounds the helpers forwardedIn follows.
const maxForwardDepth = 4

// forwardedIn is forwardedValues for body with the bindings env: the
// handler calls in body, and those of a helper of the package whose
// result body returns (mmX(t, ctx, req) that returns t.handler(ctx,
// req)), its parameters bound to the arguments.
func (b *builder) forwardedIn(ft *ast.FuncType, body *ast.BlockStmt, env *valueflow.Env, depth int) []*valueflow.Value {
	info := b.pass.TypesInfo
	var out []*valueflow.Value
	analysisutil.Inspect(body, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok {
			return b.vf.RunsHere(lit)
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if fn, static := info.Uses[calleeIdent(call.Fun)].(*types.Func); static {
			if d := b.decls[fn.Origin()]; d != nil && d.Body != nil && depth < maxForwardDepth && returnedBy(info, body, call, b.vf.RunsHere) {
				out = append(out, b.forwardedIn(d.Type, d.Body, b.vf.Bindings(d, call, env), depth+1)...)
			}
			return true
		}
		if handlerCall(info, ft, body, call, b.vf.RunsHere) {
			out = append(out, b.vf.Eval(call.Fun, env))
		}
		return true
	})
	return out
}

func calleeIdent(e ast.Expr) *ast.Ident {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return x
	case *ast.SelectorExpr:
		return x.Sel
	}
	return nil
}

// constOf returns the constant string of an expression through the
// engine, for names the syntax does not resolve.
func (b *builder) flowString(e ast.Expr) (string, bool) {
	if b.vf == nil {
		return "", false
	}
	return b.vf.Eval(e, nil).String1()
}

var _ = constant.MakeBool
