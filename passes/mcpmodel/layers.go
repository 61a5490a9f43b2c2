package mcpmodel

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
)

// This file follows a project's own registration layers: tool values of
// the project's own struct type that keep their handler in a field, and
// one generic registration that hands the field (or a closure calling it)
// to the SDK. The generic registration is a template; each value that
// sets the handler field is a registration of that handler, resolved
// against the template with the value in place of the variable the
// template reads it through.
//
// It also recognizes middleware: a function that takes a handler and
// returns a closure calling it (or returns it) wraps that handler, and the
// handler to analyze is the argument, not the closure.

// WrapsHandler is an object fact on a function that wraps a handler: its
// only result is a function, and each of its return statements returns
// parameter Param, or a closure calling it. Importers follow a call of it
// to the handler passed at Param.
type WrapsHandler struct {
	Param int
}

func (*WrapsHandler) AFact() {}

func (f *WrapsHandler) String() string { return fmt.Sprintf("wraps(param=%d)", f.Param) }

// zeroValue stands for a field a composite literal does not set: its
// zero value (false, nil, "").
var zeroValue = &ast.Ident{Name: "nil"}

// layerField is a handler field a template registration reads, and the
// variable it reads it through.
type layerField struct {
	field *types.Var
	via   *types.Var
}

// instance is one value of a layer type: a composite literal, possibly
// built by a constructor (env maps the constructor's parameters to the
// call's arguments), with setters applied on it (outermost first).
type instance struct {
	lit     *ast.CompositeLit
	reg     ast.Node // where the value is written: the literal or the constructor call
	env     map[*types.Var]ast.Expr
	setters []setterCall
}

// setterCall is a call of a setter method on an instance: the fields it
// assigns, with the values (in the setter's body, resolved through env).
type setterCall struct {
	fields map[*types.Var]ast.Expr
	env    map[*types.Var]ast.Expr
}

// layerIndex is built on first use: the package's composite literals and
// calls, by type and callee.
type layerIndex struct {
	lits     []*ast.CompositeLit
	calls    map[*types.Func][]*ast.CallExpr
	outer    map[ast.Node]*ast.CallExpr           // a call's enclosing call, when it is that call's receiver
	groups   map[ast.Node][]setterCall            // values of a group, and what the group's loop sets on them
	groupEnv map[ast.Node]map[*types.Var]ast.Expr // a value's group call: the group function's parameters
	ranges   map[*types.Var]*ast.RangeStmt        // range loops by their value variable
	assigned map[*types.Var]bool                  // fields assigned outside setter chains
	setters  map[*types.Func]map[*types.Var]ast.Expr
}

// constString resolves e to a constant string, through single
// assignments and the current instance.
func (b *builder) constString(e ast.Expr) (string, bool) {
	for range 6 {
		if s, ok := analysisutil.ConstString(b.pass.TypesInfo, e); ok {
			return s, true
		}
		if b.probe != nil {
			if s, ok := b.probe.strings[e]; ok {
				return "\x00" + s, true // the name is this field of the value
			}
		}
		v := b.value(e)
		if v == zeroValue {
			return "", false
		}
		if v == e {
			break
		}
		e = v
	}
	// Where the syntax stops (a name kept in a struct field, an options
	// struct, a constructor's result), the engine goes on; not while a
	// template is being detected or probed, whose fields take every
	// value of their type.
	if b.detect == nil && b.probe == nil {
		return b.flowString(e)
	}
	return "", false
}

// noteFuncField records, while a template is being detected, that the
// handler expression is a function-valued field read through a variable.
func (b *builder) noteFuncField(sel *ast.SelectorExpr, field *types.Var) {
	if b.detect == nil || !field.IsField() {
		return
	}
	if _, ok := field.Type().Underlying().(*types.Signature); !ok {
		return
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return
	}
	if v, ok := b.pass.TypesInfo.Uses[id].(*types.Var); ok && !v.IsField() {
		b.detect.field, b.detect.via = field.Origin(), v
	}
}

// instSelector resolves x.F, x.F.G, ... when x is the variable the current
// template reads its value through: the field's value in the instance, or
// zeroValue when the instance leaves it unset. Any other selector is e.
func (b *builder) instSelector(e ast.Expr, sel *ast.SelectorExpr) ast.Expr {
	info := b.pass.TypesInfo
	s, ok := info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return e
	}
	field, _ := s.Obj().(*types.Var)
	if field == nil || len(s.Index()) != 1 {
		return e // promoted through an embedded field
	}
	field = field.Origin()
	if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && info.Uses[id] == b.layerVar {
		x, ok := b.instField(field)
		if !ok {
			return e
		}
		b.instHits++
		if b.inHint && x != zeroValue {
			b.hintAt = x
		}
		return x
	}
	// A field of a literal the instance holds: x.Tool.Name.
	inner, ok := ast.Unparen(sel.X).(*ast.SelectorExpr)
	if !ok {
		return e
	}
	root := b.instSelector(sel.X, inner)
	if root == sel.X {
		return e
	}
	if root == zeroValue {
		return zeroValue
	}
	lit := literalOf(b.value(root))
	if lit == nil {
		return e
	}
	if x, ok := litField(info, lit, field); ok {
		return x
	}
	return zeroValue
}

// instField is the value the current instance gives field: the last
// setter applied that assigns it, or the literal's element. A field the
// package assigns elsewhere (a loop over a group of values, a setter
// called apart from the value's expression) cannot be resolved per value.
func (b *builder) instField(field *types.Var) (ast.Expr, bool) {
	if b.layerIndex().assigned[field] {
		return nil, false
	}
	if b.probe != nil {
		return b.probeField(field)
	}
	for _, s := range b.inst.setters {
		if x, ok := s.fields[field]; ok {
			b.env = s.env
			return x, true
		}
	}
	b.env = b.inst.env
	if x, ok := litField(b.pass.TypesInfo, b.inst.lit, field); ok {
		return x, true
	}
	return zeroValue, true
}

func literalOf(e ast.Expr) *ast.CompositeLit {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, _ := e.(*ast.CompositeLit)
	return lit
}

// litField returns the element of a struct literal that sets field.
func litField(info *types.Info, lit *ast.CompositeLit, field *types.Var) (ast.Expr, bool) {
	st := structOf(info.TypeOf(lit))
	if st == nil {
		return nil, false
	}
	for i, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == field.Name() {
				return kv.Value, true
			}
			continue
		}
		if i < st.NumFields() && st.Field(i).Origin() == field {
			return el, true
		}
	}
	return nil, false
}

// hasField reports whether t is a struct type (or a pointer to one) with
// the field itself, not one of the same name.
func hasField(t types.Type, field *types.Var) bool {
	st := structOf(t)
	if st == nil {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Origin() == field {
			return true
		}
	}
	return false
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
				if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
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

// expandLayers turns each template registration into one registration per
// value of its layer type.
func (b *builder) expandLayers() {
	tools := b.model.Tools
	var out []*Tool
	expanded := false
	regs := make(map[ast.Node]bool, len(tools))
	for _, t := range tools {
		regs[t.Reg] = true
	}
	// Handlers the engine resolved for a registration of their own are
	// not a template's values.
	claimed := make(map[*ast.FuncLit]bool)
	for _, t := range tools {
		if t.inst && t.Handler != nil && t.Handler.Lit != nil {
			claimed[t.Handler.Lit] = true
		}
	}
	fields := make([]*layerField, len(tools))
	perField := make(map[*types.Var]int)
	for i, t := range tools {
		if fields[i] = b.templateField(t); fields[i] != nil {
			perField[fields[i].field]++
		}
	}
	for i, t := range tools {
		lf := fields[i]
		if lf == nil {
			out = append(out, t)
			continue
		}
		insts := b.instances(lf.field, regs)
		b.exportLayer(t, lf)
		// Several templates register values of one type (read tools with
		// one, write tools with another): each takes the values of the
		// slice it ranges over; when that is not known, no value's hints
		// are.
		var src map[ast.Node]bool
		shared := perField[lf.field] > 1
		if shared {
			src = b.rangeSource(lf.via)
		}
		if shared && src != nil {
			var mine []*instance
			for _, in := range insts {
				if src[in.reg] || src[in.lit] {
					mine = append(mine, in)
				}
			}
			insts = mine
		}
		if len(insts) == 0 {
			out = append(out, t)
			continue
		}
		expanded = true
		for _, in := range insts {
			it := b.instanceTool(t, lf, in)
			if it.Handler != nil && it.Handler.Lit != nil && claimed[it.Handler.Lit] {
				continue
			}
			if shared && src == nil {
				it.Idempotent, it.ReadOnly, it.Destructive = Unknown, Unknown, Unknown
			}
			out = append(out, it)
		}
	}
	if expanded {
		b.model.Tools = out
	}
}

// rangeSource returns the values a loop variable ranges over, when the
// loop ranges over a variable holding one slice literal; nil otherwise.
func (b *builder) rangeSource(v *types.Var) map[ast.Node]bool {
	rs := b.layerIndex().ranges[v]
	if rs == nil {
		return nil
	}
	id, ok := ast.Unparen(rs.X).(*ast.Ident)
	if !ok {
		return nil
	}
	val := b.value(id)
	lit, ok := ast.Unparen(val).(*ast.CompositeLit)
	if val == ast.Expr(id) || !ok {
		return nil
	}
	src := make(map[ast.Node]bool)
	for _, e := range lit.Elts {
		n := inPlace(e)
		if n == nil {
			return nil
		}
		src[n] = true
	}
	return src
}

// templateField reports the handler field a registration reads through a
// variable, or nil: the handler is the field (possibly through
// middleware), or a closure that calls it. Only registrations with an SDK
// tool definition qualify: positive evidence that the field holds a
// handler.
func (b *builder) templateField(t *Tool) *layerField {
	if t.SDK == Own || t.Def == nil || t.HandlerArg == nil || t.opts || t.inst {
		return nil
	}
	b.detect = &layerField{}
	b.resolveHandler(t.HandlerArg, 0)
	lf := b.detect
	b.detect = nil
	if lf.field != nil {
		return lf
	}
	if t.Handler == nil || t.Handler.Lit == nil {
		return nil
	}
	// A closure calling the field: func(ctx, req) { ... t.Handler(ctx, args) }.
	lit := t.Handler.Lit
	info := b.pass.TypesInfo
	var found *layerField
	ambiguous := false
	analysisutil.Inspect(lit.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return true
		}
		field, ok := info.Uses[sel.Sel].(*types.Var)
		if !ok || !field.IsField() {
			return true
		}
		id, ok := ast.Unparen(sel.X).(*ast.Ident)
		if !ok {
			return true
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok || v.IsField() || (v.Pos() >= lit.Pos() && v.Pos() < lit.End()) {
			return true // declared inside the closure: not the registered value
		}
		if !handlerCall(info, lit, call) {
			return true // a hook (a logger, a check), not the handler
		}
		if found != nil && (found.field != field.Origin() || found.via != v) {
			ambiguous = true
		}
		found = &layerField{field: field.Origin(), via: v}
		return true
	})
	if ambiguous {
		return nil
	}
	return found
}

// handlerCall reports whether a call of a func field inside a registered
// closure is the call of the handler: the field takes a context.Context
// first and returns a result and more (an error), and what it returns is
// what the closure returns, directly or through the variables it assigns.
func handlerCall(info *types.Info, lit *ast.FuncLit, call *ast.CallExpr) bool {
	t := info.TypeOf(call.Fun)
	if t == nil {
		return false
	}
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || sig.Params().Len() == 0 || sig.Results().Len() < 2 {
		return false
	}
	if path, name := namedIn(sig.Params().At(0).Type()); path != "context" || name != "Context" {
		return false
	}
	vars := make(map[types.Object]bool)
	returned := false
	analysisutil.Inspect(lit.Body, func(n ast.Node) bool {
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
	analysisutil.Inspect(lit.Body, func(n ast.Node) bool {
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

// layerIndex builds the layer index once.
func (b *builder) layerIndex() *layerIndex {
	if b.layers != nil {
		return b.layers
	}
	info := b.pass.TypesInfo
	x := &layerIndex{
		calls:    make(map[*types.Func][]*ast.CallExpr),
		outer:    make(map[ast.Node]*ast.CallExpr),
		assigned: make(map[*types.Var]bool),
		setters:  make(map[*types.Func]map[*types.Var]ast.Expr),
		ranges:   make(map[*types.Var]*ast.RangeStmt),
	}
	setterAssigns := make(map[*ast.AssignStmt]bool)
	// Setters: methods whose body assigns fields of their receiver and
	// returns the receiver (or nothing).
	for obj, d := range b.decls {
		fn, ok := obj.(*types.Func)
		if !ok || d.Recv == nil || len(d.Recv.List) != 1 || len(d.Recv.List[0].Names) != 1 || d.Body == nil {
			continue
		}
		recv, _ := info.Defs[d.Recv.List[0].Names[0]].(*types.Var)
		if recv == nil {
			continue
		}
		fields := make(map[*types.Var]ast.Expr)
		var own []*ast.AssignStmt
		for _, st := range d.Body.List {
			as, ok := st.(*ast.AssignStmt)
			if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
				continue
			}
			for i, l := range as.Lhs {
				sel, ok := l.(*ast.SelectorExpr)
				if !ok {
					continue
				}
				if id, ok := sel.X.(*ast.Ident); ok && info.Uses[id] == recv {
					if f, ok := info.Uses[sel.Sel].(*types.Var); ok && f.IsField() {
						fields[f.Origin()] = as.Rhs[i]
						own = append(own, as)
					}
				}
			}
		}
		if len(fields) > 0 {
			x.setters[fn] = fields
			for _, as := range own {
				setterAssigns[as] = true
			}
		}
	}
	for _, f := range b.pass.Files {
		analysisutil.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.RangeStmt:
				if id, ok := n.Value.(*ast.Ident); ok && n.Tok == token.DEFINE {
					if v, ok := info.Defs[id].(*types.Var); ok {
						x.ranges[v] = n
					}
				}
			case *ast.CompositeLit:
				x.lits = append(x.lits, n)
			case *ast.CallExpr:
				if fn, ok := typeutil.Callee(info, n).(*types.Func); ok {
					fn = fn.Origin()
					x.calls[fn] = append(x.calls[fn], n)
					if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
						if inner, ok := ast.Unparen(sel.X).(*ast.CallExpr); ok {
							x.outer[inner] = n
						}
					}
				}
			}
			return true
		})
	}
	b.layers = x
	groupStmts := b.groupLoops()
	// Assignments inside setters are applied per value, through the
	// setter chain; any other assignment of a field (a loop over a group
	// of values, a setter's field set directly) leaves it unresolvable.
	for _, f := range b.pass.Files {
		analysisutil.Inspect(f, func(n ast.Node) bool {
			if groupStmts[n] {
				return false // applied per value of the group
			}
			if call, ok := n.(*ast.CallExpr); ok {
				fn, _ := typeutil.Callee(info, call).(*types.Func)
				if fn != nil && x.setters[fn.Origin()] != nil && !b.onNewValue(call) {
					for f := range x.setters[fn.Origin()] {
						x.assigned[f] = true
					}
				}
			}
			if as, ok := n.(*ast.AssignStmt); ok && !setterAssigns[as] {
				for _, l := range as.Lhs {
					if sel, ok := l.(*ast.SelectorExpr); ok {
						if s, ok := info.Selections[sel]; ok && s.Kind() == types.FieldVal {
							x.assigned[s.Obj().(*types.Var).Origin()] = true
						}
					}
				}
			}
			return true
		})
	}
	b.layers = x
	return x
}

// instances returns the values of the package that set field: composite
// literals setting it to anything but a parameter of their function, and
// calls of constructors whose literal sets it to a parameter. Literals
// already registered by other rules are left to them.
func (b *builder) instances(field *types.Var, regs map[ast.Node]bool) []*instance {
	info := b.pass.TypesInfo
	x := b.layerIndex()
	var out []*instance
	for _, lit := range x.lits {
		if regs[lit] || !hasField(info.TypeOf(lit), field) {
			continue
		}
		val, ok := litField(info, lit, field)
		if !ok {
			continue
		}
		if ctor, idx := b.constructorOf(lit, val); ctor != nil {
			b.exportConstructor(ctor, lit, field)
			for _, call := range x.calls[ctor] {
				if idx >= len(call.Args) || regs[call] {
					continue
				}
				in := &instance{lit: lit, reg: call, env: b.paramEnv(ctor, call)}
				b.applySetters(in, call)
				in.setters = append(x.groups[in.reg], in.setters...)
				out = append(out, in)
			}
			continue
		}
		out = append(out, &instance{lit: lit, reg: lit, setters: x.groups[lit]})
	}
	return out
}

// constructorOf reports the function declaration whose parameter a
// literal's field is set to, when the literal is the function's result.
func (b *builder) constructorOf(lit *ast.CompositeLit, val ast.Expr) (*types.Func, int) {
	info := b.pass.TypesInfo
	id, ok := ast.Unparen(val).(*ast.Ident)
	if !ok {
		return nil, -1
	}
	p, ok := info.Uses[id].(*types.Var)
	if !ok {
		return nil, -1
	}
	for obj, d := range b.decls {
		if d.Body == nil || lit.Pos() < d.Body.Pos() || lit.End() > d.Body.End() {
			continue
		}
		i := 0
		for _, f := range d.Type.Params.List {
			for _, n := range f.Names {
				if info.Defs[n] == p {
					fn, _ := obj.(*types.Func)
					return fn, i
				}
				i++
			}
			if len(f.Names) == 0 {
				i++
			}
		}
	}
	return nil, -1
}

func (b *builder) paramEnv(fn *types.Func, call *ast.CallExpr) map[*types.Var]ast.Expr {
	sig := fn.Type().(*types.Signature)
	env := make(map[*types.Var]ast.Expr)
	for i := 0; i < sig.Params().Len() && i < len(call.Args); i++ {
		if sig.Variadic() && i == sig.Params().Len()-1 {
			break
		}
		env[sig.Params().At(i)] = call.Args[i]
	}
	// Parameters of the declaration are the objects its body uses.
	if d := b.decls[fn]; d != nil {
		i := 0
		for _, f := range d.Type.Params.List {
			for _, n := range f.Names {
				if v, ok := b.pass.TypesInfo.Defs[n].(*types.Var); ok && i < len(call.Args) {
					env[v] = call.Args[i]
				}
				i++
			}
		}
	}
	return env
}

// applySetters records the setters chained on a constructor call:
// NewTool(...).SetReadOnly(true).
func (b *builder) applySetters(in *instance, call *ast.CallExpr) {
	x := b.layers
	for c := x.outer[call]; c != nil; c = x.outer[c] {
		fn, _ := typeutil.Callee(b.pass.TypesInfo, c).(*types.Func)
		if fn == nil {
			break
		}
		fields := x.setters[fn.Origin()]
		if fields == nil {
			continue
		}
		in.setters = append([]setterCall{{fields: fields, env: b.paramEnv(fn.Origin(), c)}}, in.setters...)
		in.reg = c
	}
}

// instanceTool resolves a template registration for one value.
func (b *builder) instanceTool(tmpl *Tool, lf *layerField, in *instance) *Tool {
	b.inst, b.layerVar, b.env = in, lf.via, in.env
	defer func() { b.inst, b.layerVar, b.env = nil, nil, nil }()
	t := &Tool{SDK: tmpl.SDK, Reg: in.reg, Def: tmpl.Def, HintNode: in.reg, server: tmpl.server}
	b.instHits, b.hintAt = 0, nil
	b.toolDef(t, tmpl.Def, 0)
	if b.hintAt != nil {
		t.HintNode = b.hintAt // the value's own hint: ReadOnly: true
	} else if t.HintNode == in.reg {
		t.HintNode = tmpl.HintNode
	}
	if t.Idempotent == Unknown || t.ReadOnly == Unknown {
		// The template converts the value's annotations in a way the
		// model does not follow: take them from the value's own fields.
		b.fromValue(t, in)
	}
	handler, _ := litField(b.pass.TypesInfo, in.lit, lf.field)
	b.inst, b.env = nil, in.env
	t.HandlerArg = handler
	if id, ok := ast.Unparen(handler).(*ast.Ident); ok {
		if v, ok := b.pass.TypesInfo.Uses[id].(*types.Var); ok && in.env[v] != nil {
			t.HandlerArg = in.env[v] // the constructor's argument
		}
	}
	t.Handler = b.resolveHandler(t.HandlerArg, 0)
	return t
}

// fromValue fills t's hints (and name, when unknown) from a tool
// definition among the value's fields.
func (b *builder) fromValue(t *Tool, in *instance) {
	info := b.pass.TypesInfo
	var def ast.Expr
	for _, el := range in.lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			el = kv.Value
		}
		switch classifyType(info.TypeOf(el)) {
		case goSDKTool, mcpGoTool, ownTool, goSDKAnnotations, mcpGoAnnotation, ownAnnotations:
			if def != nil {
				t.Idempotent, t.ReadOnly, t.Destructive = Unknown, Unknown, Unknown
				return
			}
			def = el
		}
	}
	if def == nil {
		return
	}
	name := t.Name
	t.Idempotent, t.ReadOnly, t.Destructive = Unknown, Unknown, Unknown
	b.inst = nil
	b.toolDef(t, def, 0)
	t.HintNode = def
	if t.Name == "" {
		t.Name = name
	}
}

// onNewValue reports whether a setter call applies to a value just built:
// its receiver is a chain of calls ending in a call of a function of the
// package that returns a struct (a constructor), not a variable that may
// hold any value of a group.
func (b *builder) onNewValue(call *ast.CallExpr) bool {
	info := b.pass.TypesInfo
	for {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return false
		}
		inner, ok := ast.Unparen(sel.X).(*ast.CallExpr)
		if !ok {
			return false
		}
		fn, _ := typeutil.Callee(info, inner).(*types.Func)
		if fn == nil || b.decls[fn.Origin()] == nil {
			return false
		}
		if b.layers.setters[fn.Origin()] == nil {
			sig := fn.Type().(*types.Signature)
			return sig.Recv() == nil && sig.Results().Len() == 1 && structOf(sig.Results().At(0).Type()) != nil
		}
		call = inner
	}
}

// groupLoops finds loops that set fields on every value of a group,
//
//	for _, t := range reads { t.SetReadOnly(true) }   // reads := []*Tool{NewTool(...), ...}
//	func readOnly(ts ...*Tool) []*Tool { for _, t := range ts { t.readOnly = true }; return ts }
//
// and records, for each value of the group, what the loop sets (in
// x.groups). A group is resolved only when all its values are written in
// place: the elements of one slice literal held by a variable assigned
// once, or the arguments of every call of the function ranging over its
// parameter. It returns the loops' statements that were so applied; any
// other loop leaves its fields unresolvable.
func (b *builder) groupLoops() map[ast.Node]bool {
	info := b.pass.TypesInfo
	x := b.layers
	x.groups = make(map[ast.Node][]setterCall)
	x.groupEnv = make(map[ast.Node]map[*types.Var]ast.Expr)
	applied := make(map[ast.Node]bool)
	for obj, d := range b.decls {
		fn, _ := obj.(*types.Func)
		if d.Body == nil || fn == nil {
			continue
		}
		for _, st := range d.Body.List {
			rs, ok := st.(*ast.RangeStmt)
			if !ok || rs.Tok != token.DEFINE || rs.Value == nil {
				continue
			}
			if k, ok := rs.Key.(*ast.Ident); rs.Key != nil && (!ok || k.Name != "_") {
				continue
			}
			tv, _ := info.Defs[rs.Value.(*ast.Ident)].(*types.Var)
			if tv == nil {
				continue
			}
			if _, ok := tv.Type().Underlying().(*types.Pointer); !ok {
				continue // a copy: the loop sets nothing on the values
			}
			fields, env, stmts := b.loopSets(rs, tv)
			if len(fields) == 0 {
				continue
			}
			elems, ok := b.groupValues(fn, d, rs.X)
			if !ok {
				continue
			}
			for _, e := range elems {
				for _, prev := range x.groups[e] {
					for f := range fields {
						if _, ok := prev.fields[f]; ok {
							x.assigned[f] = true // two groups set it: the order is unknown
						}
					}
				}
				x.groups[e] = append([]setterCall{{fields: fields, env: env(e)}}, x.groups[e]...)
			}
			for _, n := range stmts {
				applied[n] = true
			}
		}
	}
	return applied
}

// loopSets reads what the top-level statements of a loop body set on the
// loop's value: setter calls and field assignments. Anything else that
// touches the value's fields makes the loop unusable (nil).
func (b *builder) loopSets(rs *ast.RangeStmt, tv *types.Var) (map[*types.Var]ast.Expr, func(ast.Node) map[*types.Var]ast.Expr, []ast.Node) {
	info := b.pass.TypesInfo
	x := b.layers
	fields := make(map[*types.Var]ast.Expr)
	var stmts []ast.Node
	var setterEnvs []map[*types.Var]ast.Expr
	isT := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.Uses[id] == tv
	}
	for _, st := range rs.Body.List {
		switch st := st.(type) {
		case *ast.ExprStmt:
			call, ok := st.X.(*ast.CallExpr)
			if !ok {
				continue
			}
			sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if !ok || !isT(sel.X) {
				continue
			}
			fn, _ := typeutil.Callee(info, call).(*types.Func)
			if fn == nil || x.setters[fn.Origin()] == nil {
				continue
			}
			for f, v := range x.setters[fn.Origin()] {
				fields[f] = v
			}
			setterEnvs = append(setterEnvs, b.paramEnv(fn.Origin(), call))
			stmts = append(stmts, call)
		case *ast.AssignStmt:
			if st.Tok != token.ASSIGN || len(st.Lhs) != len(st.Rhs) {
				continue
			}
			all := true
			for i, l := range st.Lhs {
				sel, ok := l.(*ast.SelectorExpr)
				if !ok || !isT(sel.X) {
					all = false
					continue
				}
				if f, ok := info.Uses[sel.Sel].(*types.Var); ok && f.IsField() {
					fields[f.Origin()] = st.Rhs[i]
				}
			}
			if all {
				stmts = append(stmts, st)
			}
		}
	}
	env := func(elem ast.Node) map[*types.Var]ast.Expr {
		m := make(map[*types.Var]ast.Expr)
		for _, se := range setterEnvs {
			for k, v := range se {
				m[k] = v
			}
		}
		for k, v := range b.layers.groupEnv[elem] {
			m[k] = v
		}
		return m
	}
	return fields, env, stmts
}

// groupValues returns the values a loop of function fn ranges over, when
// all of them are written in place: the elements of the one slice literal
// a variable holds, or the arguments of every call of fn when the loop
// ranges over fn's parameter.
func (b *builder) groupValues(fn *types.Func, d *ast.FuncDecl, over ast.Expr) ([]ast.Node, bool) {
	info := b.pass.TypesInfo
	id, ok := ast.Unparen(over).(*ast.Ident)
	if !ok {
		return nil, false
	}
	v, _ := info.Uses[id].(*types.Var)
	if v == nil {
		return nil, false
	}
	var out []ast.Node
	add := func(elems []ast.Expr, env map[*types.Var]ast.Expr) bool {
		for _, e := range elems {
			n := inPlace(e)
			if n == nil {
				return false
			}
			out = append(out, n)
			if env != nil {
				b.layers.groupEnv[n] = env
			}
		}
		return true
	}
	sig := fn.Type().(*types.Signature)
	i := 0
	for _, f := range d.Type.Params.List {
		for _, n := range f.Names {
			if info.Defs[n] != v {
				i++
				continue
			}
			calls := b.layers.calls[fn]
			if len(calls) == 0 {
				return nil, false
			}
			for _, c := range calls {
				if i >= len(c.Args) {
					return nil, false
				}
				env := b.paramEnv(fn, c)
				if sig.Variadic() && i == sig.Params().Len()-1 && !c.Ellipsis.IsValid() {
					if !add(c.Args[i:], env) {
						return nil, false
					}
					continue
				}
				lit, ok := ast.Unparen(c.Args[i]).(*ast.CompositeLit)
				if !ok || !add(lit.Elts, env) {
					return nil, false
				}
			}
			return out, true
		}
		if len(f.Names) == 0 {
			i++
		}
	}
	val := b.value(id)
	lit, ok := ast.Unparen(val).(*ast.CompositeLit)
	if val == ast.Expr(id) || !ok || !add(lit.Elts, nil) {
		return nil, false
	}
	return out, true
}

// inPlace returns the node an instance of a group element is known by:
// its literal, or its constructor call (with setters chained); nil for a
// value held by a variable.
func inPlace(e ast.Expr) ast.Node {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		return e
	case *ast.CallExpr:
		return e
	}
	return nil
}
