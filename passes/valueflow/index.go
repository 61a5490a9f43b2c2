package valueflow

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
)

// index is what the engine knows of a package's syntax, built by one walk
// of its files on first use: every assignment of every variable (locals
// and package-level), the field stores rooted at each variable, the calls
// that may set a variable's fields (setters, functional options), each
// function's parameters and return statements, and the static calls of
// each function of the package.
type index struct {
	decls   map[*types.Func]*ast.FuncDecl
	assigns map[*types.Var][]assign
	stores  map[*types.Var][]store
	// callStores are the field stores of each function whose root is a
	// call's result (ensure(t).f = v, ensure returning t.f's pointer):
	// the summary resolves the root to a parameter's field (summarize).
	callStores map[ast.Node][]callStore
	setters    map[*types.Var][]setter
	params     map[*types.Var]paramOf
	// fnParams are the parameters of each function, the receiver first
	fnParams map[ast.Node][]*types.Var
	returns  map[ast.Node][]*ast.ReturnStmt // *ast.FuncDecl or *ast.FuncLit
	// guards are the conditions a return statement is reached under,
	// where one may be constant (x != "", a comparison with a constant).
	guards map[*ast.ReturnStmt][]guard
	// retConds are the conditions on the function's parameters a
	// return statement is reached under (guard.go): its results carry
	// them as Guards.
	retConds map[*ast.ReturnStmt][]guard
	// named results of each function, in order
	results map[ast.Node][]*types.Var
	// litOwner is the function declaration enclosing a literal, and
	// litOrd its ordinal there (in source order), for facts.
	litOwner map[*ast.FuncLit]*ast.FuncDecl
	litOrd   map[*ast.FuncLit]int
	lits     map[*ast.FuncDecl][]*ast.FuncLit
	// callers are the static calls of each function of the package,
	// with the function (declaration or literal) that makes them.
	callers map[*types.Func][]callSite
	// ifaceCalls are the calls of interface methods, by the abstract
	// method: each may dispatch to an implementation of the package
	// (DynamicCallSites).
	ifaceCalls map[*types.Func][]callSite
	// valueCalls are the calls of function values (a local, a field,
	// a map's entry): each may run a literal of the package
	// (Result.litCallSites).
	valueCalls []callSite
	// litCalls is the call each function literal is the function or an
	// argument of, if any (RunsHere), and the function making it.
	litCalls map[*ast.FuncLit]callSite
	// callees inverts callers, by the declaration making the calls (a
	// literal's calls count as its owner's); built on first use
	// (anchorWalk).
	callees map[*ast.FuncDecl][]*types.Func
	// rangeBody is the body of the range statement that binds each
	// loop value variable.
	rangeBody map[*types.Var]*ast.BlockStmt
}

type assignKind uint8

const (
	plain      assignKind = iota
	rangeValue            // for _, v := range rhs
	rangeKey              // for k := range rhs
	tupleIdx              // a, b := f(): idx says which
	commaOK               // v, ok := m[k] / x.(T) / <-ch: the value
	opAssign              // x += rhs
	unknownAssign
)

type assign struct {
	rhs   ast.Expr
	kind  assignKind
	idx   int
	conds []guard // as a store's
}

// store is `root.path = rhs` (path of field names; "[]" for an element).
// conds are the conditions on the function's parameters it is made
// under (guard.go).
type store struct {
	path  []string
	rhs   ast.Expr
	conds []guard
	// maybe: the store is made under a branch or in a loop of its
	// function (if, switch, select, for), so it may not be made.
	maybe bool
	// elemMaybe is maybe but for the body of the range loop that binds
	// the root (aliasRangeElems): a loop over a table makes a store of
	// its body into each element.
	elemMaybe bool
	// tuple marks a store of result idx of the call rhs (x.f, err =
	// db.Prepare(q)).
	tuple bool
	idx   int
}

// callStore is a field store rooted at a call's result: call.path = rhs.
type callStore struct {
	call *ast.CallExpr
	store
}

// setter is a call that may set fields of a variable: arg is the
// argument (or -1: the receiver) through which the variable is passed
// by address.
type setter struct {
	call  *ast.CallExpr
	arg   int
	maybe bool // the call is made under a branch or in a loop (store.maybe)
	// prefix is the path under the variable at which the call's stores
	// land: ["[]"] for a call on the pointer element a range loop binds.
	prefix []string
	// via are the calls of a builder chain between the variable and
	// call (g.add(x).add(y): g.add(x)), which must return their receiver
	// for call to store into the variable (Engine.chainsRecv).
	via []*ast.CallExpr
}

type paramOf struct {
	fn    ast.Node // *ast.FuncDecl or *ast.FuncLit
	index int      // -1: the receiver
}

type callSite struct {
	call *ast.CallExpr
	in   ast.Node // the enclosing *ast.FuncDecl or *ast.FuncLit, nil at package level
}

func newIndex(info *types.Info, files []*ast.File) *index {
	ix := &index{
		decls:      make(map[*types.Func]*ast.FuncDecl),
		assigns:    make(map[*types.Var][]assign),
		stores:     make(map[*types.Var][]store),
		callStores: make(map[ast.Node][]callStore),
		setters:    make(map[*types.Var][]setter),
		params:     make(map[*types.Var]paramOf),
		fnParams:   make(map[ast.Node][]*types.Var),
		returns:    make(map[ast.Node][]*ast.ReturnStmt),
		guards:     make(map[*ast.ReturnStmt][]guard),
		retConds:   make(map[*ast.ReturnStmt][]guard),
		results:    make(map[ast.Node][]*types.Var),
		litOwner:   make(map[*ast.FuncLit]*ast.FuncDecl),
		litOrd:     make(map[*ast.FuncLit]int),
		lits:       make(map[*ast.FuncDecl][]*ast.FuncLit),
		callers:    make(map[*types.Func][]callSite),
		ifaceCalls: make(map[*types.Func][]callSite),
		rangeBody:  make(map[*types.Var]*ast.BlockStmt),
	}
	w := &indexer{ix: ix, info: info}
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if fn, ok := info.Defs[d.Name].(*types.Func); ok {
					ix.decls[fn] = d
				}
				w.decl = d
				w.fn = []ast.Node{d}
				w.signature(d, d.Recv, d.Type)
				if d.Body != nil {
					w.walk(d.Body)
				}
				w.decl = nil
				w.fn = nil
			case *ast.GenDecl:
				if d.Tok != token.VAR {
					continue
				}
				for _, s := range d.Specs {
					w.valueSpec(s.(*ast.ValueSpec))
					for _, v := range s.(*ast.ValueSpec).Values {
						w.walk(v)
					}
				}
			}
		}
	}
	ix.aliasRangeElems(info)
	return ix
}

// aliasRangeElems makes what is stored through the pointer element a
// range loop binds (for _, t := range ts { t.f = x; t.SetF(x) }) a
// store into the elements of the ranged variable (ts[].f = x). An
// element that is a struct value is a copy, but what a pointer field of
// it points to is shared: for _, e := range entries { e.tool.f = x }
// stores into entries[].tool.f.
func (ix *index) aliasRangeElems(info *types.Info) {
	var elems []*types.Var
	for v, as := range ix.assigns {
		if len(as) == 1 && as[0].kind == rangeValue && (len(ix.stores[v]) > 0 || len(ix.setters[v]) > 0) {
			elems = append(elems, v)
		}
	}
	sort.Slice(elems, func(i, j int) bool { return elems[i].Pos() < elems[j].Pos() })
	for _, v := range elems {
		// The table: a variable (ts), or a field of one (s.tools).
		r, at := rangedRoot(info, ix.assigns[v][0].rhs)
		if r == nil || r == v {
			continue
		}
		at = append(at, "[]")
		ptr := isPointer(v.Type())
		for _, s := range ix.stores[v] {
			if ptr || throughPointer(v.Type(), s.path) {
				ix.stores[r] = append(ix.stores[r], store{path: joinPath(at, s.path), rhs: s.rhs, conds: s.conds, maybe: s.elemMaybe, elemMaybe: s.elemMaybe, tuple: s.tuple, idx: s.idx})
			}
		}
		if !ptr {
			continue
		}
		for _, st := range ix.setters[v] {
			ix.setters[r] = append(ix.setters[r], setter{call: st.call, arg: st.arg, prefix: joinPath(at, st.prefix), via: st.via})
		}
	}
}

// rangedRoot returns the variable at the root of a range statement's
// table and the fields under it: ts, or s and ["tools"] for s.tools.
func rangedRoot(info *types.Info, x ast.Expr) (*types.Var, []string) {
	id, path := fieldOf(info, x)
	if id == nil {
		return nil, nil
	}
	r, _ := info.Uses[id].(*types.Var)
	return r, path
}

// throughPointer reports whether a store at path under a value of the
// struct type t lands behind a pointer field: in memory the value shares
// with its copies.
func throughPointer(t types.Type, path []string) bool {
	for i, name := range path {
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			return false
		}
		var f *types.Var
		for j := 0; j < st.NumFields(); j++ {
			if st.Field(j).Name() == name {
				f = st.Field(j)
				break
			}
		}
		if f == nil {
			return false
		}
		if p, ok := f.Type().Underlying().(*types.Pointer); ok {
			if i < len(path)-1 {
				return true
			}
			t = p.Elem()
			continue
		}
		t = f.Type()
	}
	return false
}

// sharesElems reports whether a value of type t passed by value still
// shares its elements with the caller's: a slice or map of pointers.
func sharesElems(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return isPointer(u.Elem())
	case *types.Map:
		return isPointer(u.Elem())
	}
	return false
}

type indexer struct {
	ix     *index
	info   *types.Info
	decl   *ast.FuncDecl
	fn     []ast.Node // enclosing functions, innermost last
	guards []guard    // the enclosing if statements' comparisons, in the innermost function
	// conds are the conditions on the innermost function's parameters
	// the statement under way runs under: the enclosing if statements',
	// and the negation of an earlier if's that returns (guard.go).
	conds []guard
	// branches are the extents of the branch and loop bodies of each
	// function (not of the literals in it), built on first use (maybe).
	branches map[ast.Node][][2]token.Pos
}

// guard is a condition under which a statement runs: cond is want; or,
// for a clause of a switch on a parameter (tag), the tag is among cases
// (want), or is none of them (!want: the default clause).
type guard struct {
	cond  ast.Expr
	want  bool
	tag   *ast.Ident
	cases []ast.Expr
}

// constComparison reports whether e compares a value with a constant
// (x != "", mode == "dry"): a condition the engine may find constant.
func constComparison(info *types.Info, e ast.Expr) bool {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL && b.Op != token.NEQ {
		return false
	}
	for _, x := range []ast.Expr{b.X, b.Y} {
		if tv, ok := info.Types[x]; ok && tv.Value != nil {
			return true
		}
	}
	return false
}

func (w *indexer) signature(fn ast.Node, recv *ast.FieldList, ft *ast.FuncType) {
	if recv != nil {
		for _, f := range recv.List {
			for _, n := range f.Names {
				if v, ok := w.info.Defs[n].(*types.Var); ok {
					w.ix.params[v] = paramOf{fn, -1}
					w.ix.fnParams[fn] = append(w.ix.fnParams[fn], v)
				}
			}
		}
	}
	i := 0
	for _, f := range ft.Params.List {
		if len(f.Names) == 0 {
			i++
			continue
		}
		for _, n := range f.Names {
			if v, ok := w.info.Defs[n].(*types.Var); ok {
				w.ix.params[v] = paramOf{fn, i}
				w.ix.fnParams[fn] = append(w.ix.fnParams[fn], v)
			}
			i++
		}
	}
	if ft.Results != nil {
		var named []*types.Var
		for _, f := range ft.Results.List {
			for _, n := range f.Names {
				if v, ok := w.info.Defs[n].(*types.Var); ok {
					named = append(named, v)
				}
			}
		}
		if named != nil {
			w.ix.results[fn] = named
		}
	}
}

func (w *indexer) valueSpec(vs *ast.ValueSpec) {
	for i, n := range vs.Names {
		v, ok := w.info.Defs[n].(*types.Var)
		if !ok {
			continue
		}
		switch {
		case len(vs.Values) == len(vs.Names):
			w.ix.assigns[v] = append(w.ix.assigns[v], assign{rhs: vs.Values[i]})
		case len(vs.Values) == 1:
			w.ix.assigns[v] = append(w.ix.assigns[v], w.tuple(vs.Values[0], i))
		default:
			// var x T: the zero value.
			w.ix.assigns[v] = append(w.ix.assigns[v], assign{kind: plain})
		}
	}
}

// tuple is the assignment of result i of a multi-value expression.
func (w *indexer) tuple(rhs ast.Expr, i int) assign {
	switch ast.Unparen(rhs).(type) {
	case *ast.CallExpr:
		return assign{rhs: rhs, kind: tupleIdx, idx: i}
	case *ast.IndexExpr, *ast.TypeAssertExpr, *ast.UnaryExpr:
		if i == 0 {
			return assign{rhs: rhs, kind: commaOK}
		}
	}
	return assign{kind: unknownAssign}
}

func (w *indexer) varOf(e ast.Expr) *types.Var {
	if sel, ok := ast.Unparen(e).(*ast.SelectorExpr); ok {
		// A package-level variable of another package (registry.Global).
		if x, ok := sel.X.(*ast.Ident); ok {
			if _, isPkg := w.info.Uses[x].(*types.PkgName); isPkg {
				v, _ := w.info.Uses[sel.Sel].(*types.Var)
				return v
			}
		}
		return nil
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	obj := w.info.Defs[id]
	if obj == nil {
		obj = w.info.Uses[id]
	}
	v, _ := obj.(*types.Var)
	return v
}

// lhs records the assignment of a to the left-hand side l.
func (w *indexer) lhs(l ast.Expr, a assign) {
	if v := w.varOf(l); v != nil {
		a.conds = w.condsNow()
		w.ix.assigns[v] = append(w.ix.assigns[v], a)
		return
	}
	// A field or element store: root.f.g = rhs, root[i] = rhs.
	var path []string
	var first ast.Expr // the index of the element of root stored into
	e := ast.Unparen(l)
	for {
		switch x := e.(type) {
		case *ast.SelectorExpr:
			sel := w.info.Selections[x]
			if sel == nil || sel.Kind() != types.FieldVal {
				return
			}
			path = append(fieldPath(sel), path...)
			e = ast.Unparen(x.X)
			continue
		case *ast.IndexExpr:
			path = append([]string{"[]"}, path...)
			first = x.Index
			e = ast.Unparen(x.X)
			continue
		case *ast.StarExpr:
			e = ast.Unparen(x.X)
			continue
		}
		break
	}
	if a.kind != plain && a.kind != tupleIdx {
		a.rhs = nil // only plain stores and a call's results have a value the engine follows
	}
	root := w.varOf(e)
	if call, ok := e.(*ast.CallExpr); ok && root == nil && len(path) > 0 && len(w.fn) > 0 {
		in := w.fn[len(w.fn)-1]
		w.ix.callStores[in] = append(w.ix.callStores[in], callStore{call, store{path: path, rhs: a.rhs, conds: w.condsNow(), maybe: w.maybe(l.Pos()), tuple: a.kind == tupleIdx, idx: a.idx}})
		return
	}
	if root == nil || len(path) == 0 {
		return
	}
	st := store{path: path, rhs: a.rhs, conds: w.condsNow(), maybe: w.maybe(l.Pos()), tuple: a.kind == tupleIdx, idx: a.idx}
	st.elemMaybe = st.maybe
	if body := w.ix.rangeBody[root]; body != nil && st.maybe {
		st.elemMaybe = w.maybeOutside(l.Pos(), body)
	}
	// ts[i].f = x in the loop for i := range ts: a store into every
	// element, as the loop's body is made for each.
	if k := w.varOf(first); k != nil && st.maybe && path[0] == "[]" {
		if body := w.ix.rangeBody[k]; body != nil && w.rangesOver(k, root) {
			st.maybe = w.maybeOutside(l.Pos(), body)
			st.elemMaybe = st.maybe
		}
	}
	w.ix.stores[root] = append(w.ix.stores[root], st)
}

// maybe reports whether pos, in the innermost function, lies in the
// body of a branch or a loop of that function: a statement there may not
// run.
func (w *indexer) maybe(pos token.Pos) bool {
	return w.maybeOutside(pos, nil)
}

// rangesOver reports whether the loop key k ranges over the variable t.
func (w *indexer) rangesOver(k, t *types.Var) bool {
	for _, a := range w.ix.assigns[k] {
		if a.kind == rangeKey {
			if id, ok := ast.Unparen(a.rhs).(*ast.Ident); ok && w.info.Uses[id] == t {
				return true
			}
		}
	}
	return false
}

// maybeOutside is maybe, but for the branch or loop body skip.
func (w *indexer) maybeOutside(pos token.Pos, skip ast.Node) bool {
	if len(w.fn) == 0 {
		return true
	}
	fn := w.fn[len(w.fn)-1]
	if w.branches == nil {
		w.branches = make(map[ast.Node][][2]token.Pos)
	}
	bs, ok := w.branches[fn]
	if !ok {
		var body ast.Node
		switch f := fn.(type) {
		case *ast.FuncDecl:
			body = f.Body
		case *ast.FuncLit:
			body = f.Body
		}
		add := func(n ast.Node) { bs = append(bs, [2]token.Pos{n.Pos(), n.End()}) }
		if body != nil {
			analysisutil.InspectNoIdents(body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncLit:
					return false
				case *ast.IfStmt:
					add(n.Body)
					if n.Else != nil {
						add(n.Else)
					}
				case *ast.CaseClause, *ast.CommClause:
					add(n)
				case *ast.ForStmt:
					add(n.Body)
				case *ast.RangeStmt:
					add(n.Body)
				}
				return true
			})
		}
		w.branches[fn] = bs
	}
	for _, b := range bs {
		if skip != nil && b[0] == skip.Pos() && b[1] == skip.End() {
			continue
		}
		if b[0] <= pos && pos < b[1] {
			return true
		}
	}
	return false
}

// fieldPath returns the names of the fields a field selection walks,
// embedded fields included.
func fieldPath(sel *types.Selection) []string {
	t := sel.Recv()
	var path []string
	for _, i := range sel.Index() {
		st, ok := derefType(t).Underlying().(*types.Struct)
		if !ok || i >= st.NumFields() {
			return path
		}
		f := st.Field(i)
		path = append(path, f.Name())
		t = f.Type()
	}
	return path
}

func (w *indexer) walk(root ast.Node) {
	ast.Inspect(root, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			if w.decl != nil {
				w.ix.litOwner[n] = w.decl
				w.ix.litOrd[n] = len(w.ix.lits[w.decl])
				w.ix.lits[w.decl] = append(w.ix.lits[w.decl], n)
			}
			w.signature(n, nil, n.Type)
			w.fn = append(w.fn, n)
			outer, outerConds := w.guards, w.conds
			w.guards, w.conds = nil, nil
			w.walk(n.Body)
			w.guards, w.conds = outer, outerConds
			w.fn = w.fn[:len(w.fn)-1]
			return false
		case *ast.IfStmt:
			cc, pc := constComparison(w.info, n.Cond), w.paramCond(n.Cond)
			if !cc && !pc {
				return true
			}
			if n.Init != nil {
				w.walk(n.Init)
			}
			w.walk(n.Cond)
			if cc {
				w.guards = append(w.guards, guard{cond: n.Cond, want: true})
			}
			if pc {
				w.conds = append(w.conds, guard{cond: n.Cond, want: true})
			}
			w.walk(n.Body)
			if cc {
				w.guards[len(w.guards)-1].want = false
			}
			if pc {
				w.conds[len(w.conds)-1].want = false
			}
			if n.Else != nil {
				w.walk(n.Else)
			}
			if cc {
				w.guards = w.guards[:len(w.guards)-1]
			}
			if pc {
				w.conds = w.conds[:len(w.conds)-1]
			}
			return false
		case *ast.SwitchStmt:
			tag := w.paramTag(n)
			if tag == nil {
				return true
			}
			if n.Init != nil {
				w.walk(n.Init)
			}
			var all []ast.Expr
			for _, st := range n.Body.List {
				all = append(all, st.(*ast.CaseClause).List...)
			}
			for _, st := range n.Body.List {
				cc := st.(*ast.CaseClause)
				g := guard{tag: tag, cases: cc.List, want: true}
				if cc.List == nil {
					g = guard{tag: tag, cases: all, want: false}
				}
				w.conds = append(w.conds, g)
				for _, s := range cc.Body {
					w.walk(s)
				}
				w.conds = w.conds[:len(w.conds)-1]
			}
			return false
		case *ast.BlockStmt:
			// After `if cond { ...; return }`, the rest of the block
			// runs only when cond does not hold.
			pushed := 0
			for _, st := range n.List {
				w.walk(st)
				if ifs, ok := st.(*ast.IfStmt); ok && ifs.Else == nil && endsInReturn(ifs.Body) && w.paramCond1(ifs.Cond, false) {
					w.conds = append(w.conds, guard{cond: ifs.Cond, want: false})
					pushed++
				}
				// After a switch on a parameter with no default whose
				// every clause returns: the tag is none of its cases.
				if sw, ok := st.(*ast.SwitchStmt); ok {
					if all, ok := w.returningSwitch(sw); ok {
						w.conds = append(w.conds, guard{tag: w.paramTag(sw), cases: all, want: false})
						pushed++
					}
				}
			}
			w.conds = w.conds[:len(w.conds)-pushed]
			return false
		case *ast.ReturnStmt:
			if len(w.fn) > 0 {
				in := w.fn[len(w.fn)-1]
				w.ix.returns[in] = append(w.ix.returns[in], n)
				if len(w.guards) > 0 {
					w.ix.guards[n] = append([]guard(nil), w.guards...)
				}
				if len(w.conds) > 0 {
					if cs := w.retCondsNow(); len(cs) > 0 {
						w.ix.retConds[n] = cs
					}
				}
			}
		case *ast.AssignStmt:
			switch {
			case n.Tok != token.ASSIGN && n.Tok != token.DEFINE:
				for _, l := range n.Lhs {
					w.lhs(l, assign{rhs: n.Rhs[0], kind: opAssign})
				}
			case len(n.Lhs) == len(n.Rhs):
				for i, l := range n.Lhs {
					w.lhs(l, assign{rhs: n.Rhs[i]})
				}
			case len(n.Rhs) == 1:
				for i, l := range n.Lhs {
					w.lhs(l, w.tuple(n.Rhs[0], i))
				}
			}
		case *ast.RangeStmt:
			if n.Key != nil {
				if v := w.varOf(n.Key); v != nil {
					w.ix.rangeBody[v] = n.Body
				}
				w.lhs(n.Key, assign{rhs: n.X, kind: rangeKey})
			}
			if n.Value != nil {
				if v := w.varOf(n.Value); v != nil {
					w.ix.rangeBody[v] = n.Body
				}
				w.lhs(n.Value, assign{rhs: n.X, kind: rangeValue})
			}
		case *ast.ValueSpec:
			w.valueSpec(n)
		case *ast.TypeSwitchStmt:
			// switch v := x.(type): each clause's v holds x.
			if a, ok := n.Assign.(*ast.AssignStmt); ok && len(a.Rhs) == 1 {
				if ta, ok := a.Rhs[0].(*ast.TypeAssertExpr); ok {
					for _, c := range n.Body.List {
						if obj, ok := w.info.Implicits[c].(*types.Var); ok {
							w.ix.assigns[obj] = append(w.ix.assigns[obj], assign{rhs: ta.X})
						}
					}
				}
			}
		case *ast.CallExpr:
			w.call(n)
			w.chain(n)
		}
		return true
	})
}

// call records a static call of a function of the package, and the
// variables a call may set fields of: an argument &x (or x of pointer
// type), or the receiver x of a method with a pointer receiver.
func (w *indexer) call(call *ast.CallExpr) {
	if lit, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
		w.litCall(lit, call)
	}
	for _, a := range call.Args {
		if lit, ok := ast.Unparen(a).(*ast.FuncLit); ok {
			w.litCall(lit, call)
		}
	}
	fn, _ := typeutil.Callee(w.info, call).(*types.Func)
	if fn != nil {
		in := w.enclosing()
		fn = fn.Origin()
		if sig, _ := fn.Type().(*types.Signature); sig != nil && sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) {
			w.ix.ifaceCalls[fn] = append(w.ix.ifaceCalls[fn], callSite{call, in})
		}
		w.ix.callers[fn] = append(w.ix.callers[fn], callSite{call, in})
	} else if tv, ok := w.info.Types[call.Fun]; ok && tv.IsValue() {
		if _, ok := tv.Type.Underlying().(*types.Signature); ok {
			w.ix.valueCalls = append(w.ix.valueCalls, callSite{call, w.enclosing()})
		}
	}
	for i, a := range call.Args {
		x := ast.Unparen(a)
		if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
			x = ast.Unparen(u.X)
		} else if t := w.info.TypeOf(a); t == nil || !isPointer(t) && !sharesElems(t) && !types.IsInterface(t) {
			continue // an interface may hold a pointer (a Tool a helper marks)
		}
		if v := w.varOf(x); v != nil {
			w.ix.setters[v] = append(w.ix.setters[v], setter{call: call, arg: i, maybe: w.maybe(call.Pos())})
		}
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s := w.info.Selections[sel]; s != nil && s.Kind() == types.MethodVal {
			// A method of an interface may be one that stores into its
			// receiver (t.SetReadOnly(true) on a Tool): updates resolves
			// it per dynamic type.
			if sig, ok := s.Obj().Type().(*types.Signature); ok && sig.Recv() != nil && (isPointer(sig.Recv().Type()) || types.IsInterface(sig.Recv().Type()) && setterResults(sig.Results())) {
				if v := w.varOf(sel.X); v != nil {
					w.ix.setters[v] = append(w.ix.setters[v], setter{call: call, arg: -1, maybe: w.maybe(call.Pos())})
				}
			}
		}
	}
}

func (w *indexer) litCall(lit *ast.FuncLit, call *ast.CallExpr) {
	if w.ix.litCalls == nil {
		w.ix.litCalls = make(map[*ast.FuncLit]callSite)
	}
	w.ix.litCalls[lit] = callSite{call, w.enclosing()}
}

// enclosing returns the function (declaration or literal) the walk is
// in, or nil at package level.
func (w *indexer) enclosing() ast.Node {
	if len(w.fn) > 0 {
		return w.fn[len(w.fn)-1]
	}
	return nil
}

// chain records the calls of a builder chain (ts.AddReadTools(a).
// AddWriteTools(b)) as setters of the variable it starts from, with the
// calls before each (setter.via): each returns its receiver's type, and
// where each returns its receiver itself (chainsRecv), the chain stores
// into that variable. The first call is one already (call).
func (w *indexer) chain(call *ast.CallExpr) {
	var calls []*ast.CallExpr
	var e ast.Expr = call
	for {
		c, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return
		}
		sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
		if !ok {
			return
		}
		s := w.info.Selections[sel]
		if s == nil || s.Kind() != types.MethodVal {
			return
		}
		sig := s.Obj().Type().(*types.Signature)
		if sig.Recv() == nil || !isPointer(sig.Recv().Type()) {
			return
		}
		if len(calls) > 0 && (sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type(), sig.Recv().Type())) {
			return
		}
		calls = append(calls, c)
		e = sel.X
		if _, inner := ast.Unparen(e).(*ast.CallExpr); !inner {
			break
		}
	}
	if len(calls) < 2 {
		return
	}
	v := w.varOf(e)
	if v == nil {
		return
	}
	w.ix.setters[v] = append(w.ix.setters[v], setter{call: call, arg: -1, maybe: w.maybe(call.Pos()), via: calls[1:]})
}

func isPointer(t types.Type) bool {
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}

// paramsOf returns the parameters of fn (a *ast.FuncDecl or
// *ast.FuncLit), the receiver first, in order.
func (ix *index) paramsOf(fn ast.Node) []*types.Var { return ix.fnParams[fn] }

// paramPath returns the parameter (its index) and the field path a value
// that is a field of a parameter (p.f.g) reads.
func (ix *index) paramPath(v *Value) (int, []string, bool) {
	var path []string
	for i := 0; v != nil && i < 8; i++ {
		switch v.Kind {
		case Field:
			path = append([]string{v.Name}, path...)
			v = v.X
			continue
		case Param:
			pv, _ := v.Obj.(*types.Var)
			p, ok := ix.params[pv]
			if !ok || len(path) == 0 {
				return 0, nil, false
			}
			return p.index, path, true
		}
		return 0, nil, false
	}
	return 0, nil, false
}
