package valueflow

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"
)

// Values chosen by a condition on a parameter. A helper that builds a
// tool picks its annotations by its arguments:
//
//	func toolMeta(name string, readOnly bool) *mcp.Tool {
//		t := &mcp.Tool{Name: name}
//		if readOnly {
//			t.Annotations = &mcp.ToolAnnotations{ReadOnlyHint: true}
//			return t
//		}
//		t.Annotations = &mcp.ToolAnnotations{DestructiveHint: ptr(true)}
//		return t
//	}
//
// The engine is flow-insensitive: t's Annotations is either store. The
// index records, with each field store, the conditions on the
// function's parameters it is made under (an enclosing if's, or the
// negation of an earlier if's that returns), and the store's value
// carries them as Guards. Substituting a call's arguments decides a
// guard whose parameter is bound to a constant: toolMeta("create_page",
// false) stores only the second. A guard the call does not decide is
// dropped (either store may happen); consumers that never substitute
// see the union, as before. Conditions: a bool parameter (p, !p), a
// comparison of a parameter with a constant (p == "x"), a lookup of a
// parameter in a package-level map literal of constant bools
// (readOnlyTools[name]), and a switch on a parameter with constant cases
// (switch name { case "a", "b": ... default: ... }, and what follows one
// whose every clause returns). Results carry the conditions their
// return statements are reached under, as stores do: handlerFor(name)
// picking a method value per case.

// A Guard says that a value holds only when the constant value of
// parameter Index (Obj in this package) is among In (Want), or is not
// (!Want).
type Guard struct {
	Index int
	Obj   types.Object
	// Path is the field of the parameter the condition tests (if
	// def.ReadOnly: ["ReadOnly"]); nil for the parameter itself.
	Path []string
	In   []constant.Value
	Want bool
	// X, when set, is the symbolic value the condition tests in place
	// of parameter Index: a parameter's element or a field of one
	// (tools[_].isReadOnly, once the template reading its receiver's
	// field is instantiated on a loop's element). A substitution that
	// makes X a constant decides the guard.
	X *Value
}

func (g *Guard) holds(c constant.Value) bool {
	in := false
	for _, x := range g.In {
		if x.Kind() == c.Kind() && constant.Compare(x, token.EQL, c) {
			in = true
			break
		}
	}
	return in == g.Want
}

func (g *Guard) String() string {
	var ins []string
	for _, x := range g.In {
		ins = append(ins, x.ExactString())
	}
	sort.Strings(ins)
	op := " in "
	if !g.Want {
		op = " not in "
	}
	if g.X != nil {
		return g.X.String() + op + "{" + strings.Join(ins, ",") + "}"
	}
	field := ""
	if len(g.Path) > 0 {
		field = "." + strings.Join(g.Path, ".")
	}
	return "p" + strconv.Itoa(g.Index) + field + op + "{" + strings.Join(ins, ",") + "}"
}

// paramCond reports whether cond is a condition on a parameter of the
// function under way that guard conditions can express.
func (w *indexer) paramCond(cond ast.Expr) bool { return w.paramCond1(cond, true) }

// paramCond1 is paramCond; with recv, a condition on a field of the
// receiver counts (if t.isReadOnly around the options a method appends).
// What follows an early return under such a condition, and the return
// itself, are not guarded by it: a builder method's checks of its own
// state (if r.err != nil { return r }) decide nothing a call binds.
func (w *indexer) paramCond1(cond ast.Expr, recv bool) bool {
	if len(w.fn) == 0 {
		return false
	}
	p, _ := condParts(w.info, cond)
	if p == nil {
		return false
	}
	v, ok := w.info.Uses[p].(*types.Var)
	if !ok {
		return false
	}
	po, ok := w.ix.params[v]
	return ok && (po.index >= 0 || recv && recvField(w.info, cond)) && po.fn == w.fn[len(w.fn)-1]
}

// recvField reports whether a condition tests a field of its operand
// (if t.isReadOnly, t.kind == "write"): a condition on the receiver
// counts only as one on its fields, which a setter or a constructor set.
func recvField(info *types.Info, cond ast.Expr) bool {
	switch c := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		return recvField(info, c.X)
	case *ast.BinaryExpr:
		_, px := fieldOf(info, c.X)
		_, py := fieldOf(info, c.Y)
		return len(px) > 0 || len(py) > 0
	}
	_, path := fieldOf(info, cond)
	return len(path) > 0
}

// paramTag returns the tag of a switch on a parameter of the function
// under way whose cases are constants (switch name { case "x": ... }),
// or nil. A switch with a fallthrough is left alone: a clause's
// statements may run for the one before it too.
func (w *indexer) paramTag(sw *ast.SwitchStmt) *ast.Ident {
	id, ok := ast.Unparen(sw.Tag).(*ast.Ident)
	if !ok || len(w.fn) == 0 {
		return nil
	}
	v, ok := w.info.Uses[id].(*types.Var)
	if !ok {
		return nil
	}
	if po, ok := w.ix.params[v]; !ok || po.index < 0 || po.fn != w.fn[len(w.fn)-1] {
		return nil
	}
	for _, st := range sw.Body.List {
		cc := st.(*ast.CaseClause)
		for _, e := range cc.List {
			if tv, ok := w.info.Types[e]; !ok || tv.Value == nil {
				return nil
			}
		}
		if n := len(cc.Body); n > 0 {
			if br, ok := cc.Body[n-1].(*ast.BranchStmt); ok && br.Tok == token.FALLTHROUGH {
				return nil
			}
		}
	}
	return id
}

// returningSwitch returns the cases of a switch on a parameter
// (paramTag) with no default clause whose every clause ends in a return.
func (w *indexer) returningSwitch(sw *ast.SwitchStmt) ([]ast.Expr, bool) {
	if w.paramTag(sw) == nil {
		return nil, false
	}
	var all []ast.Expr
	for _, st := range sw.Body.List {
		cc := st.(*ast.CaseClause)
		if cc.List == nil || len(cc.Body) == 0 {
			return nil, false
		}
		if _, ok := cc.Body[len(cc.Body)-1].(*ast.ReturnStmt); !ok {
			return nil, false
		}
		all = append(all, cc.List...)
	}
	return all, len(all) > 0
}

// condParts returns the parameter identifier a condition tests and the
// map it is looked up in (nil for a direct test): p, !p, p == c, c != p,
// m[p].
func condParts(info *types.Info, cond ast.Expr) (*ast.Ident, ast.Expr) {
	switch c := ast.Unparen(cond).(type) {
	case *ast.Ident, *ast.SelectorExpr:
		if t := info.TypeOf(c); t != nil {
			if b, ok := t.Underlying().(*types.Basic); ok && b.Info()&types.IsBoolean != 0 {
				id, _ := fieldOf(info, c)
				return id, nil
			}
		}
	case *ast.UnaryExpr:
		if c.Op == token.NOT {
			return condParts(info, c.X)
		}
	case *ast.BinaryExpr:
		if c.Op != token.EQL && c.Op != token.NEQ {
			return nil, nil
		}
		for _, pair := range [][2]ast.Expr{{c.X, c.Y}, {c.Y, c.X}} {
			id, _ := fieldOf(info, pair[0])
			if tv, isConst := info.Types[pair[1]]; id != nil && isConst && tv.Value != nil {
				return id, nil
			}
		}
	case *ast.IndexExpr:
		id, ok := ast.Unparen(c.Index).(*ast.Ident)
		t := info.TypeOf(c.X)
		if t == nil {
			return nil, nil
		}
		m, isMap := t.Underlying().(*types.Map)
		if ok && isMap {
			if b, ok := m.Elem().Underlying().(*types.Basic); ok && b.Info()&types.IsBoolean != 0 {
				return id, c.X
			}
		}
	}
	return nil, nil
}

// fieldOf returns the variable an expression names and the fields
// selected from it: p, or def and ["ReadOnly"] for def.ReadOnly (a
// condition's operand, a range statement's table); nil for anything else.
func fieldOf(info *types.Info, e ast.Expr) (*ast.Ident, []string) {
	var path []string
	e = ast.Unparen(e)
	for {
		sel, ok := e.(*ast.SelectorExpr)
		if !ok {
			break
		}
		s := info.Selections[sel]
		if s == nil || s.Kind() != types.FieldVal {
			return nil, nil
		}
		path = append(fieldPath(s), path...)
		e = ast.Unparen(sel.X)
	}
	id, _ := e.(*ast.Ident)
	if id == nil {
		return nil, nil
	}
	return id, path
}

// retCondsNow is condsNow for a return statement: without the
// conditions on the receiver's fields (paramCond1).
func (w *indexer) retCondsNow() []guard {
	var out []guard
	for _, g := range w.conds {
		if g.tag == nil && !w.paramCond1(g.cond, false) {
			continue
		}
		out = append(out, g)
	}
	return out
}

// condsNow returns the conditions the statement under way runs under.
func (w *indexer) condsNow() []guard {
	if len(w.conds) == 0 {
		return nil
	}
	return append([]guard(nil), w.conds...)
}

// endsInReturn reports whether a block's last statement is a return.
func endsInReturn(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	_, ok := b.List[len(b.List)-1].(*ast.ReturnStmt)
	return ok
}

// condGuard turns a recorded condition into a Guard, or nil when it is
// not one (a map that is no literal of constant bools).
func (en *Engine) condGuard(g guard) *Guard {
	if g.tag != nil {
		v, _ := en.info.Uses[g.tag].(*types.Var)
		po, ok := en.index().params[v]
		if !ok || po.index < 0 {
			return nil
		}
		out := &Guard{Index: po.index, Obj: v, Want: g.want}
		for _, e := range g.cases {
			out.In = append(out.In, en.info.Types[e].Value)
		}
		return out
	}
	want := g.want
	cond := ast.Unparen(g.cond)
	for {
		u, ok := cond.(*ast.UnaryExpr)
		if !ok || u.Op != token.NOT {
			break
		}
		want = !want
		cond = ast.Unparen(u.X)
	}
	id, m := condParts(en.info, cond)
	v, _ := en.info.Uses[id].(*types.Var)
	po, ok := en.index().params[v]
	if !ok || po.index < 0 && !recvField(en.info, cond) {
		return nil
	}
	out := &Guard{Index: po.index, Obj: v, Want: want}
	switch c := cond.(type) {
	case *ast.Ident, *ast.SelectorExpr:
		_, out.Path = fieldOf(en.info, c)
		out.In = []constant.Value{constant.MakeBool(true)}
	case *ast.BinaryExpr:
		x := c.Y
		if yid, path := fieldOf(en.info, c.Y); yid == id {
			x = c.X
			out.Path = path
		} else {
			_, out.Path = fieldOf(en.info, c.X)
		}
		out.In = []constant.Value{en.info.Types[x].Value}
		if c.Op == token.NEQ {
			out.Want = !out.Want
		}
	case *ast.IndexExpr:
		// The keys the map literal maps to true.
		mv, ok := en.info.Uses[identOfExpr(m)].(*types.Var)
		if !ok || !isPackageVar(mv) {
			return nil
		}
		lit := en.variable(mv, nil)
		if lit == nil || lit.Kind != Slice || len(lit.Keys) == 0 || len(lit.Keys) != len(lit.Entry) {
			return nil
		}
		for i, k := range lit.Keys {
			b, ok := lit.Entry[i].Bool1()
			if !ok {
				return nil
			}
			if b {
				out.In = append(out.In, constant.MakeString(k))
			}
		}
	default:
		return nil
	}
	return out
}

func identOfExpr(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// guarded returns val, made under conds, with their guards on each of
// its alternatives.
func (en *Engine) guarded(val *Value, conds []guard) *Value {
	if len(conds) == 0 || val == nil {
		return val
	}
	var gs []*Guard
	for _, c := range conds {
		if g := en.condGuard(c); g != nil {
			gs = append(gs, g)
		}
	}
	return withGuards(val, gs)
}

// unless returns the guard under which a store made under conds is not
// made: the negation of its one condition, when that is a condition on
// a parameter; nil otherwise (a store under a condition the engine
// cannot decide may be skipped under any call).
func (en *Engine) unless(conds []guard) []*Guard {
	if len(conds) != 1 {
		return nil
	}
	g := en.condGuard(conds[0])
	if g == nil {
		return nil
	}
	n := *g
	n.Want = !g.Want
	return []*Guard{&n}
}

// withGuards returns v with gs added to each alternative.
func withGuards(v *Value, gs []*Guard) *Value {
	if len(gs) == 0 || v == nil {
		return v
	}
	var out []*Value
	for _, a := range v.Each() {
		c := *a
		c.k = ""
		c.Guards = append(append([]*Guard(nil), a.Guards...), gs...)
		out = append(out, &c)
	}
	return Union(out...)
}

// bindGuards decides v's guards under b: ok false when one is decided
// false; rest are those b leaves to its own caller (a parameter
// forwarded to one of the function b binds the arguments of, or a
// symbolic value a later substitution may make constant).
func (b *binding) bindGuards(gs []*Guard) (rest []*Guard, ok bool) {
	for _, g := range gs {
		var p *Value
		if g.X != nil {
			p = b.value(g.X, 0)
		} else {
			p = b.param(&Value{Kind: Param, Index: g.Index, Obj: g.Obj})
			if p == nil {
				rest = append(rest, g) // another function's parameter
				continue
			}
			if len(g.Path) > 0 {
				// A field of what the call binds; nil: not decided
				// (an unknown receiver), so dropped.
				p = guardField(p, g.Path)
			}
		}
		if p == nil {
			continue
		}
		switch p.Kind {
		case Const:
			if !g.holds(p.Const) {
				return nil, false
			}
		case Param:
			c := *g
			if len(p.Sets) > 0 {
				c.X = p // with the calls pending on it
			} else {
				c.Index, c.Obj, c.Path, c.X = p.Index, p.Obj, nil, nil
			}
			rest = append(rest, &c)
		case Field, Elem, Method:
			// A field of another parameter (def.ReadOnly passed on as
			// opts.ReadOnly): its guard, for that function's caller;
			// a field of an element of one: a guard on that value.
			c := *g
			if q, path := paramPath(p); q != nil && len(q.Sets) == 0 {
				c.Index, c.Obj, c.Path, c.X = q.Index, q.Obj, path, nil
			} else {
				c.X = p
			}
			rest = append(rest, &c)
		}
		// Anything else: not decided, either way.
	}
	return rest, true
}

// guardField returns field path of a parameter's bound value: the field
// of a struct (its zero value when the literal leaves it unset), or a
// Field of a symbolic value; nil when it is neither.
func guardField(v *Value, path []string) *Value {
	for i, name := range path {
		switch v.Kind {
		case Struct:
			if len(v.Sets) > 0 {
				return nil
			}
			f, _ := v.Field(name)
			if f == nil {
				return zeroField(v.Type, path[i:])
			}
			v = f
		case Param, Field, Elem, Method:
			v = &Value{Kind: Field, X: v, Name: name}
		default:
			return nil
		}
	}
	return v
}

// paramPath returns the parameter a Field value selects from and the
// fields selected, or nil.
func paramPath(v *Value) (*Value, []string) {
	var path []string
	for ; v != nil && v.Kind == Field; v = v.X {
		path = append([]string{v.Name}, path...)
	}
	if v == nil || v.Kind != Param || v.Index < 0 && len(path) == 0 {
		return nil, nil
	}
	return v, path
}

// Bool1 returns the one constant bool v holds.
func (v *Value) Bool1() (bool, bool) {
	if v == nil || v.Kind != Const || v.Const.Kind() != constant.Bool {
		return false, false
	}
	return constant.BoolVal(v.Const), true
}

// selfAppends reports whether every assignment to the parameter p
// appends to it: p = append(p, x).
func selfAppends(info *types.Info, p *types.Var, as []assign) bool {
	for _, a := range as {
		call, ok := ast.Unparen(a.rhs).(*ast.CallExpr)
		if a.kind != plain || !ok || len(call.Args) < 2 {
			return false
		}
		fn, ok := ast.Unparen(call.Fun).(*ast.Ident)
		if b, isB := info.Uses[fn].(*types.Builtin); !ok || !isB || b.Name() != "append" {
			return false
		}
		if id := identOfExpr(call.Args[0]); id == nil || info.Uses[id] != p {
			return false
		}
	}
	return true
}
