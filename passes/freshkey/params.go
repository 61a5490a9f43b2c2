package freshkey

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/names"
	"github.com/mcpvet/mcpvet/passes/fresh"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// computeKeyParams finds, for each function of the package, the
// parameters it sends as dedupe keys (directly, or derived: fmt.Sprintf,
// aws.String, a local copy) and the keys it makes fresh and sends
// itself, and exports a KeyParams fact. A parameter passed on to another
// function's key parameter counts too, and so does a call of a function
// that makes its own key, in the same package (iterated) or another
// (facts).
func (c *checker) computeKeyParams() {
	type fn struct {
		obj  *types.Func
		decl *ast.FuncDecl
	}
	var fns []fn
	var others []ast.Decl // declarations that are not functions: looked at for hasSlot only
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if obj, _ := c.info.Defs[fd.Name].(*types.Func); obj != nil {
					_, cands := c.slotCands[d]
					if cands || len(c.sdkCalls[d]) > 0 {
						fns = append(fns, fn{obj, fd})
					}
					continue
				}
			}
			others = append(others, d)
		}
	}
	for changed := true; changed; {
		changed = false
		for _, f := range fns {
			if kp := c.keyParamsOf(f.obj, f.decl); kp != nil && (c.keyParams[f.obj] == nil || kp.size() > c.keyParams[f.obj].size()) {
				c.keyParams[f.obj] = kp
				changed = true
			}
		}
	}
	for _, f := range fns {
		if kp := c.keyParams[f.obj]; kp != nil {
			c.pass.ExportObjectFact(f.obj, kp)
		}
	}
	for _, d := range others {
		for _, sc := range c.slotCands[d] {
			if c.hasSlot {
				return
			}
			c.hasSlot = len(c.slots(sc)) > 0
		}
	}
}

func (kp *KeyParams) size() int { return len(kp.Params) + len(kp.Made) + len(kp.SDK) }

// keyParamsOf returns the key parameters and made keys of decl, or nil.
// A key is made by decl when a slot's value comes from a fresh call
// (not a fallback under a condition that reads it), or when decl calls a
// function that makes one; madeAt records where.
func (c *checker) keyParamsOf(obj *types.Func, decl *ast.FuncDecl) *KeyParams {
	params := make(map[*types.Var]int)
	sig := obj.Signature()
	for i := 0; i < sig.Params().Len(); i++ {
		params[sig.Params().At(i)] = i
	}
	found := make(map[paramRef]string)
	made := make(map[string]bool)
	var at ast.Expr
	for _, sc := range c.slotCands[decl] {
		slots := c.slots(sc)
		c.hasSlot = c.hasSlot || len(slots) > 0
		for _, s := range slots {
			var refs []paramRef
			if s.field != "" {
				// A field of this function's parameter, sent by the
				// callee: the same field of the parameter for our callers.
				// The struct is the parameter, or a copy of it (*h, a
				// local holding *h).
				for _, r := range c.paramsIn(s.value, params, make(map[types.Object]bool)) {
					if r.field == "" {
						refs = append(refs, paramRef{r.index, s.field})
					}
				}
				if len(refs) == 0 {
					// Or kept in a field first (b := box{V: *h}; b.V):
					// what the engine finds.
					if alts := c.vf.Eval(s.value, nil).Each(); len(alts) == 1 && alts[0].Kind == valueflow.Param {
						v, _ := alts[0].Obj.(*types.Var)
						if i, ok := params[v]; ok && v != nil {
							refs = append(refs, paramRef{i, s.field})
						}
					}
				}
			} else {
				refs = c.paramsIn(s.value, params, make(map[types.Object]bool))
			}
			for _, r := range refs {
				if _, ok := found[r]; !ok {
					found[r] = s.key
				}
			}
			if !made[s.key] {
				if m := c.freshMaker(s); m != nil {
					made[s.key] = true
					at = cmp.Or(at, m)
				}
			}
		}
		if call, ok := sc.n.(*ast.CallExpr); ok && sc.fn != nil && sc.fn.Origin() != obj {
			for _, k := range c.madeBy(sc.fn) {
				if !made[k] {
					made[k] = true
					at = cmp.Or(at, ast.Expr(call))
				}
			}
		}
	}
	sdk := c.sdkKeysOf(obj, decl, params)
	if len(found) == 0 && len(made) == 0 && len(sdk) == 0 {
		return nil
	}
	kp := &KeyParams{SDK: sdk}
	for r, k := range found {
		kp.Params = append(kp.Params, KeyParam{Index: r.index, Key: k, Field: r.field})
	}
	slices.SortFunc(kp.Params, func(a, b KeyParam) int {
		return cmp.Or(cmp.Compare(a.Index, b.Index), strings.Compare(a.Field, b.Field))
	})
	for k := range made {
		kp.Made = append(kp.Made, k)
	}
	sort.Strings(kp.Made)
	if at != nil {
		c.madeAt[obj] = at
	}
	return kp
}

// freshMaker returns the expression that makes the value of a slot
// fresh on every evaluation, or nil; computed once per slot, not once per
// round of computeKeyParams.
func (c *checker) freshMaker(s slot) ast.Expr {
	if m, ok := c.makers[s.value]; ok && s.field == "" {
		return m
	}
	var got []origin
	if s.field != "" {
		// The field of a struct passed on (sendHeld(.., newHolder())):
		// the key the engine finds in it, made by a call here.
		c.flowValueOrigins(s.value, c.vf.Eval(s.value, nil).Select(s.field), make(map[types.Object]bool), &got, false)
		for _, o := range got {
			if d := c.declOf(o.call.Pos()); d != nil && d == c.declOf(s.value.Pos()) {
				return o.maker // not a package variable's
			}
		}
		return nil
	}
	c.origins(s.value, s.value, nil, make(map[types.Object]bool), &got, false)
	var m ast.Expr
	if len(got) > 0 {
		m = got[0].maker
	}
	c.makers[s.value] = m
	return m
}

// madeBy returns the keys that a call of fn makes fresh and sends: by
// this package's analysis or an imported fact.
func (c *checker) madeBy(fn *types.Func) []string {
	fn = fn.Origin()
	if kp := c.keyParams[fn]; kp != nil {
		return kp.Made
	}
	return c.calleeKeys(fn).made
}

// paramRef is a parameter, or a field of one, that a key derives from.
type paramRef struct {
	index int
	field string // "" for the parameter itself
}

// paramsIn returns the parameters (or fields of them: h.key) that the
// value of e derives from, through the same derivations as origins.
func (c *checker) paramsIn(e ast.Expr, params map[*types.Var]int, visited map[types.Object]bool) []paramRef {
	var out []paramRef
	var walk func(e ast.Expr)
	walk = func(e ast.Expr) {
		switch e := ast.Unparen(e).(type) {
		case *ast.Ident:
			v, _ := c.info.Uses[e].(*types.Var)
			if v == nil || visited[v] {
				return
			}
			visited[v] = true
			if i, ok := params[v]; ok {
				out = append(out, paramRef{index: i})
				return
			}
			for _, a := range c.assignsOf(v) {
				if a.rhs != nil && !a.guarded {
					walk(a.rhs)
				}
			}
		case *ast.CallExpr:
			if tv, ok := c.info.Types[e.Fun]; ok && tv.IsType() {
				for _, a := range e.Args {
					walk(a)
				}
				return
			}
			if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok {
				if b, ok := c.info.Uses[id].(*types.Builtin); ok {
					if b.Name() == "append" {
						for _, a := range e.Args {
							walk(a)
						}
					}
					return
				}
			}
			if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok {
				if s := c.info.Selections[sel]; s != nil && s.Kind() == types.MethodVal {
					walk(sel.X)
					return
				}
			}
			if fn, _ := typeutil.Callee(c.info, e).(*types.Func); fn != nil && fresh.Transforms(fn) {
				for _, a := range e.Args {
					walk(a)
				}
			}
		case *ast.SelectorExpr:
			// A field of a parameter passed by value or pointer.
			if sel := c.info.Selections[e]; sel != nil && sel.Kind() == types.FieldVal && len(sel.Index()) == 1 {
				if id, ok := ast.Unparen(e.X).(*ast.Ident); ok {
					if v, _ := c.info.Uses[id].(*types.Var); v != nil {
						if i, ok := params[v]; ok && !visited[v] {
							out = append(out, paramRef{index: i, field: e.Sel.Name})
						}
					}
				}
			}
		case *ast.UnaryExpr:
			walk(e.X)
		case *ast.StarExpr:
			walk(e.X)
		case *ast.BinaryExpr:
			switch e.Op {
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ, token.LAND, token.LOR:
				return
			}
			walk(e.X)
			walk(e.Y)
		case *ast.CompositeLit:
			for _, elt := range e.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					elt = kv.Value
				}
				walk(elt)
			}
		case *ast.SliceExpr:
			walk(e.X)
		case *ast.IndexExpr:
			walk(e.X)
		}
	}
	walk(e)
	return out
}

// paramSlots returns the arguments of call that the callee sends as
// dedupe keys: by its KeyParams fact, or by the parameter's name
// (func Charge(ctx context.Context, amount int, idempotencyKey string)),
// which also covers functions whose body is not analyzed.
func (c *checker) paramSlots(call *ast.CallExpr, fn *types.Func) []slot {
	fn = fn.Origin()
	kp, callee := c.keyParams[fn], c.calleeKeys(fn).params
	if kp == nil && len(callee) == 0 {
		return nil // most calls: no key parameter
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s := c.info.Selections[sel]; s != nil && s.Kind() == types.MethodExpr {
			return nil // T.M(x, ...): the arguments are shifted
		}
	}
	sig := fn.Signature()
	var slots []slot
	var seen uint64 // parameters added, by index (the rare 64th and later are never deduplicated)
	add := func(p KeyParam) {
		i := p.Index
		if i < 64 && seen&(1<<i) != 0 || i >= len(call.Args) || (sig.Variadic() && i >= sig.Params().Len()-1) {
			return
		}
		s := slot{key: p.Key, value: call.Args[i]}
		if p.Field != "" {
			if s.value = c.fieldValue(call.Args[i], p.Field); s.value == nil {
				s = slot{key: p.Key, value: call.Args[i], field: p.Field}
			}
		} else if i < 64 {
			seen |= 1 << i
		}
		slots = append(slots, s)
	}
	if kp != nil {
		for _, p := range kp.Params {
			add(p)
		}
	}
	for _, p := range callee {
		add(p)
	}
	return slots
}

// calleeKeys are the key parameters and made keys of a callee that do
// not depend on this package's analysis.
type calleeKeys struct {
	params []KeyParam
	made   []string
	sdk    []SDKKey
}

// calleeKeys returns the key parameters of fn that do not depend on this
// package's analysis, by an imported KeyParams fact, then by name, and
// the keys it makes by the fact. They are computed once per callee.
func (c *checker) calleeKeys(fn *types.Func) calleeKeys {
	fn = fn.Origin()
	if ck, ok := c.calleeKeyCache[fn]; ok {
		return ck
	}
	var ck calleeKeys
	if fn.Pkg() != nil && fn.Pkg() != c.pass.Pkg {
		if c.pass.ImportObjectFact(fn, &c.factBuf) {
			ck.params = append(ck.params, c.factBuf.Params...)
			ck.made = slices.Clone(c.factBuf.Made)
			ck.sdk = slices.Clone(c.factBuf.SDK)
		}
	}
	params := fn.Signature().Params()
	for i := 0; i < params.Len(); i++ {
		if name := params.At(i).Name(); name != "" && c.keys.IsKey(name) && strongKey(name) {
			ck.params = append(ck.params, KeyParam{Index: i, Key: name})
		}
	}
	c.calleeKeyCache[fn] = ck
	return ck
}

// strongKey reports whether a parameter name says "dedupe key" beyond
// doubt. A requestID parameter is more often a correlation id for logs.
func strongKey(name string) bool {
	n := names.Normalize(name)
	for _, s := range []string{"idempoten", "dedup", "clienttoken", "clientrequesttoken"} {
		if strings.Contains(n, s) {
			return true
		}
	}
	return false
}

// fieldValue returns the expression that gives field name of the struct
// value arg: the field's element of a composite literal, also of the one
// assignment of a local variable (h := holder{v: uuid.NewString()}), or
// nil.
func (c *checker) fieldValue(arg ast.Expr, name string) ast.Expr {
	e := ast.Unparen(arg)
	if id, ok := e.(*ast.Ident); ok {
		v := c.localVar(id)
		if v == nil {
			return nil
		}
		as := c.assignsOf(v)
		if len(as) != 1 || as[0].rhs == nil || as[0].guarded || c.isAddrTaken(v) {
			return nil
		}
		e = ast.Unparen(as[0].rhs)
	}
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == name {
				return kv.Value
			}
		}
	}
	return nil
}
