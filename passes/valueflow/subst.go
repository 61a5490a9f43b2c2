package valueflow

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// subst returns v, a value from the summary of fn, at a call site: each
// parameter of fn replaced by the call's argument (recv for the
// receiver), and whatever that makes concrete resolved (the field of a
// struct argument, the element of a slice, a method of a concrete type,
// a call of a function value).
func (en *Engine) subst(v *Value, fn *types.Func, recv *Value, args []*Value) *Value {
	return en.substAt(v, fn, recv, args, nil)
}

// substAt is subst at the call site of fn: what fn's own calls made is
// made by site (Value.Site).
func (en *Engine) substAt(v *Value, fn *types.Func, recv *Value, args []*Value, site *ast.CallExpr) *Value {
	sig, _ := fn.Origin().Type().(*types.Signature)
	if sig == nil {
		return UnknownValue("signature")
	}
	b := &binding{en: en, fn: fn.Origin(), recv: recv, args: args, params: sig.Params(), site: site}
	if sig.Recv() != nil {
		b.recvVar = sig.Recv()
	}
	if returnsGiven(v) {
		b.noMade = true
	} else if fn.Pkg() == en.pkg {
		if sc := fn.Origin().Scope(); sc != nil {
			b.lo, b.hi = sc.Pos(), sc.End()
		}
	}
	return b.value(v, 0)
}

// substLit is subst for a closure c called with args: the literal's
// parameters bound to them, and the variables it captured to c's Env.
func (en *Engine) substLit(v *Value, c *Value, args []*Value) *Value {
	return en.substLitAt(v, c, args, nil)
}

// substLitAt is substLit at the call site of c (see substAt).
func (en *Engine) substLitAt(v *Value, c *Value, args []*Value, site *ast.CallExpr) *Value {
	b := &binding{en: en, args: args, params: types.NewTuple(), env: c.Env, site: site, noMade: returnsGiven(v)}
	if c.Lit != nil {
		sig, _ := en.info.TypeOf(c.Lit).(*types.Signature)
		if sig == nil {
			return UnknownValue("signature")
		}
		b.params = sig.Params()
		if !b.noMade {
			b.lo, b.hi = c.Lit.Pos(), c.Lit.End()
		}
	}
	return b.value(v, 0)
}

type binding struct {
	en      *Engine
	fn      *types.Func // the function whose summary is bound, if not a literal's
	recv    *Value
	recvVar *types.Var
	args    []*Value
	params  *types.Tuple
	env     *Env // a closure's captured bindings
	// site is the call being bound, in this package, or nil; lo and hi
	// the extent of the function called, in this package: a Call made
	// there is made by site.
	site   *ast.CallExpr
	lo, hi token.Pos
	noMade bool // the result may be what the function was given or kept: see returnsGiven
}

// returnsGiven reports whether v, a function's result, may be a value
// its caller gave it or its receiver keeps (a cache: return
// t.byOrder[order] when it is there, a new ticket otherwise; a fallback:
// the caller's key, or a new one): what the function makes is then not
// known to be made on every call.
func returnsGiven(v *Value) bool {
	if v == nil || v.Kind != OneOf {
		return false
	}
	for _, a := range v.Alts {
		if a.ParamRooted() {
			return true
		}
	}
	return false
}

// madeBy returns c, a Call of the summary, as made by the call being
// bound, when a call of the function called made it: it was made in its
// extent, or marked made by an imported summary.
func (b *binding) madeBy(out *Value, c *Value) {
	if b.noMade {
		return
	}
	at := c.MadeBy()
	inside := c.made || at != nil && b.lo.IsValid() && b.lo <= at.Pos() && at.Pos() < b.hi
	if !inside {
		return
	}
	if b.site != nil {
		out.Site, out.made = b.site, false
	} else {
		out.Site, out.made = nil, true
	}
}

// param returns the value bound to a parameter, or nil when p is not
// one of this binding's.
func (b *binding) param(p *Value) *Value {
	if v, ok := p.Obj.(*types.Var); ok {
		if b.env != nil {
			if val, ok := b.env.lookup(v); ok {
				return val
			}
		}
		if b.recvVar != nil && v == b.recvVar {
			return b.orUnknown(b.recv)
		}
		for i := 0; i < b.params.Len(); i++ {
			if b.params.At(i) == v {
				if i < len(b.args) {
					return b.orUnknown(b.args[i])
				}
				return UnknownValue("missing argument")
			}
		}
		if p.Obj != nil {
			return nil // another function's parameter
		}
	}
	// A parameter of an imported summary, by position.
	if p.Index < 0 {
		return b.orUnknown(b.recv)
	}
	if p.Index < len(b.args) {
		return b.orUnknown(b.args[p.Index])
	}
	return UnknownValue("missing argument")
}

func (b *binding) orUnknown(v *Value) *Value {
	if v == nil {
		return UnknownValue("unbound")
	}
	return v
}

func (b *binding) value(v *Value, depth int) *Value {
	if v == nil {
		return nil
	}
	if len(v.Guards) > 0 {
		rest, ok := b.bindGuards(v.Guards)
		if !ok {
			return nil // made under a condition this call does not meet
		}
		c := *v
		c.k, c.Guards = "", nil
		return withGuards(b.value(&c, depth), rest)
	}
	if depth > maxDepth*2 {
		return UnknownValue("substitution depth")
	}
	switch v.Kind {
	case Param, Field, Elem, Method:
		if len(v.Sets) > 0 {
			// Interface method calls pending on a caller's value
			// (update.pend): run once it is known.
			c := *v
			c.k, c.Sets = "", nil
			return b.en.applyPending(b.value(&c, depth), b.values(v.Sets, depth))
		}
	}
	b.en.steps++
	b.en.total++
	if b.en.steps > b.en.limit() {
		b.en.cycle = true
		return UnknownValue("budget")
	}
	switch v.Kind {
	case Unknown, Const, Nil:
		return v
	case Param:
		if r := b.param(v); r != nil {
			return r
		}
		return v
	case Struct:
		if len(v.Fields) == 0 && len(v.Sets) == 0 {
			return v
		}
		out := *v
		out.k = ""
		out.Fields = b.fields(v.Fields, depth)
		out.Sets = nil
		res := &out
		for _, set := range v.Sets {
			if opts := b.value(set, depth+1); opts != nil {
				res = b.en.applyOption(res, opts)
			}
		}
		return res
	case Slice:
		out := *v
		out.k = ""
		out.Elems = b.value(v.Elems, depth+1)
		if len(v.Entry) > 0 {
			out.Entry = make([]*Value, len(v.Entry))
			for i, e := range v.Entry {
				out.Entry[i] = b.value(e, depth+1)
			}
		}
		return &out
	case Func:
		if v.Recv == nil {
			return v
		}
		out := *v
		out.k = ""
		out.Recv = b.value(v.Recv, depth+1)
		return &out
	case Closure:
		// The literal sees the parameters of the function that made it
		// as they are bound here; what it captured from a call made
		// there (an option constructor's argument, a parameter here)
		// is bound here too.
		out := *v
		out.k = ""
		out.Env = b.extend(b.env1(v.Env, depth))
		return &out
	case Call:
		out := *v
		out.k = ""
		b.madeBy(&out, v)
		if v.Recv != nil {
			out.Recv = b.value(v.Recv, depth+1)
		}
		out.Args = b.values(v.Args, depth)
		out.Fields = b.fields(v.Fields, depth) // stores into the result
		out.Sets = b.values(v.Sets, depth)
		return &out
	case Field:
		x := b.value(v.X, depth+1)
		return b.en.fieldsOf(x, []string{v.Name})
	case Elem:
		x := b.value(v.X, depth+1)
		if v.At != "" {
			return b.en.index1(x, StringValue(v.At))
		}
		if len(v.Args) == 1 {
			return b.en.index1(x, b.value(v.Args[0], depth+1)) // x[key], the key a parameter
		}
		return elems(x) // nil, bottom, for an empty slice
	case Method:
		x := b.value(v.X, depth+1)
		args := b.values(v.Args, depth)
		if v.Name == "" {
			// A call of a function value.
			var out []*Value
			for _, f := range x.Each() {
				out = append(out, b.en.applyValue(f, args, v.Index))
			}
			return Union(out...)
		}
		return b.en.dispatchCall(x, v.Name, args, v.Index)
	case OneOf:
		out := make([]*Value, 0, len(v.Alts))
		for _, a := range v.Alts {
			if x := b.value(a, depth+1); x != nil {
				out = append(out, x)
			}
		}
		if len(out) == 0 && len(v.Alts) > 0 {
			return nil // every alternative ruled out by its guards
		}
		return Union(out...)
	case Concat:
		return concatAll(b.values(v.Args, depth))
	}
	return UnknownValue("substitution")
}

// fields substitutes the values of a Struct's fields, or of the stores
// into a Call's result.
func (b *binding) fields(fs []FieldValue, depth int) []FieldValue {
	if fs == nil {
		return nil
	}
	out := make([]FieldValue, 0, len(fs))
	for _, f := range fs {
		if v := b.value(f.Value, depth+1); v != nil || f.Value == nil {
			out = append(out, FieldValue{f.Name, v})
		} // else only stores this call's arguments rule out: unset
	}
	return out
}

func (b *binding) values(vs []*Value, depth int) []*Value {
	if vs == nil {
		return nil
	}
	out := make([]*Value, len(vs))
	for i, a := range vs {
		out[i] = b.value(a, depth+1)
		if out[i] == nil && a != nil {
			out[i] = UnknownValue("ruled out") // a guarded argument (guard.go)
		}
	}
	return out
}

// extend returns env with this binding's parameters bound, for a
// closure made by the function being substituted.
// env1 returns env with each bound value substituted (the values of a
// closure's captured parameters, in terms of the function bound here).
func (b *binding) env1(env *Env, depth int) *Env {
	if env == nil {
		return nil
	}
	// Most captured values hold no parameter: the env is kept as it is
	// (a new chain would be allocated, and the closure's identity
	// change, at every substitution).
	any := false
	n := 0
	for e := env; e != nil && n < 16; e = e.parent {
		n++
		if e.val != nil && (mentionsParam(e.val, 0) || b.madeHere(e.val)) {
			any = true
			break
		}
	}
	if !any {
		return env
	}
	// The first 16 bindings are substituted; any beyond are kept.
	var chain []*Env
	var out *Env
	for e := env; e != nil; e = e.parent {
		if len(chain) == 16 {
			out = e
			break
		}
		chain = append(chain, e)
	}
	for i := len(chain) - 1; i >= 0; i-- {
		val := chain[i].val
		if val != nil && (mentionsParam(val, 0) || b.madeHere(val)) {
			val = b.value(val, depth+1)
		}
		out = out.Bind(chain[i].v, val)
	}
	return out
}

// madeHere reports whether v is a closure the function being bound
// made (business in Typed(business), captured by the closure Typed
// returns): it sees the parameters this call binds.
func (b *binding) madeHere(v *Value) bool {
	if b.fn == nil {
		return false
	}
	for _, a := range v.Each() {
		if a.Kind == Closure && a.Obj == types.Object(b.fn) {
			return true
		}
	}
	return false
}

// mentionsParam reports whether v holds a parameter anywhere: only then
// does a substitution change it.
func mentionsParam(v *Value, depth int) bool {
	if v == nil || depth > 8 {
		return false
	}
	switch v.Kind {
	case Param:
		return true
	case Const, Nil, Unknown:
		return false
	case Closure:
		// A closure a closure captured (a middleware's literal wrapping
		// another's: WithObservability(name, AuditWrap(name, h))) holds
		// the parameters its own bindings hold.
		n := 0
		for e := v.Env; e != nil && n < 16; e = e.parent {
			n++
			if e.val != nil && mentionsParam(e.val, depth+1) {
				return true
			}
		}
		return false
	}
	if mentionsParam(v.X, depth+1) || mentionsParam(v.Recv, depth+1) || mentionsParam(v.Elems, depth+1) {
		return true
	}
	for _, xs := range [][]*Value{v.Args, v.Alts, v.Sets, v.Entry} {
		for _, x := range xs {
			if mentionsParam(x, depth+1) {
				return true
			}
		}
	}
	for _, f := range v.Fields {
		if mentionsParam(f.Value, depth+1) {
			return true
		}
	}
	return false
}

func (b *binding) extend(env *Env) *Env {
	if b.env != nil {
		// A closure made inside a closure: it captured the outer one's
		// bindings too.
		for e := b.env; e != nil; e = e.parent {
			if _, ok := env.lookup(e.v); !ok {
				env = env.Bind(e.v, e.val)
			}
		}
	}
	if b.recvVar != nil && b.recv != nil {
		env = env.Bind(b.recvVar, b.recv)
	}
	for i := 0; i < b.params.Len() && i < len(b.args); i++ {
		if b.args[i] != nil {
			env = env.Bind(b.params.At(i), b.args[i])
		}
	}
	return env
}

// applyValue evaluates result idx of calling the function value f with
// args (already evaluated).
func (en *Engine) applyValue(f *Value, args []*Value, idx int) *Value {
	switch f.Kind {
	case Func:
		fn, ok := f.Obj.(*types.Func)
		if !ok {
			return UnknownValue("call")
		}
		sum := en.funcSummary(fn)
		if sum == nil || idx >= len(sum.Results) {
			return &Value{Kind: Call, Obj: fn, Recv: f.Recv, Args: args, Index: idx}
		}
		if sig, ok := fn.Type().(*types.Signature); ok && sig.Variadic() {
			args = packVariadic(args, sig.Params().Len(), nil)
		}
		return en.subst(sum.Results[idx], fn, f.Recv, args)
	case Closure:
		sum := en.closureSummary(f)
		if sum == nil || idx >= len(sum.Results) {
			return UnknownValue("closure")
		}
		return en.substLit(sum.Results[idx], f, args)
	case Param, Field, Elem, Call, Method:
		return &Value{Kind: Method, X: f, Args: args, Index: idx}
	}
	return UnknownValue("call of " + f.String())
}

// optionStores returns the stores of the option function o, when the
// engine knows them.
func (en *Engine) optionStores(o *Value) []Store {
	var sum *Summary
	switch o.Kind {
	case Func:
		if fn, ok := o.Obj.(*types.Func); ok {
			sum = en.funcSummary(fn)
		}
	case Closure:
		sum = en.closureSummary(o)
	}
	if sum == nil {
		return nil
	}
	return sum.Stores
}

// applyOption returns the struct s with the option functions opts (a
// union) applied: their stores through their first parameter. An option
// still not known stays pending in Sets.
func (en *Engine) applyOption(s *Value, opts *Value) *Value {
	if s.Kind != Struct {
		return s
	}
	// A store that the one option setting its path always makes replaces
	// the field (NewTool's default hint, overridden by the option given);
	// where several options set it, or one may not, either value holds.
	setBy := make(map[string]int)
	for _, o := range opts.Each() {
		for _, st := range en.optionStores(o) {
			if !st.Apply && st.Param == 0 {
				k := strings.Join(st.Path, ".")
				if st.Maybe {
					setBy[k] += 2
				} else {
					setBy[k]++
				}
			}
		}
	}
	for _, o := range opts.Each() {
		if isPending(o) {
			s = en.runPending(s, o)
			continue
		}
		switch o.Kind {
		case Param, Field, Elem, Call, Method:
			c := *s
			c.k = ""
			c.Sets = append(append([]*Value(nil), s.Sets...), o)
			s = &c
			continue
		}
		var stores []Store
		var bind func(*Value) *Value
		switch o.Kind {
		case Func:
			fn, ok := o.Obj.(*types.Func)
			if !ok {
				return UnknownValue("option")
			}
			sum := en.funcSummary(fn)
			if sum == nil {
				return UnknownValue("option")
			}
			stores = sum.Stores
			bind = func(v *Value) *Value { return en.subst(v, fn, o.Recv, []*Value{s}) }
		case Closure:
			sum := en.closureSummary(o)
			if sum == nil {
				return UnknownValue("option")
			}
			stores = sum.Stores
			oo := o
			bind = func(v *Value) *Value { return en.substLit(v, oo, []*Value{s}) }
		default:
			return UnknownValue("option")
		}
		for _, st := range stores {
			if st.Param != 0 {
				continue
			}
			if st.Apply {
				// An option that applies another (one it was given).
				s = en.applyOption(s, bind(st.Value))
			} else if setBy[strings.Join(st.Path, ".")] == 1 {
				s = en.replace1(s, st.Path, bind(st.Value))
			} else {
				s = en.apply1(s, st.Path, bind(st.Value))
			}
			if s.Kind != Struct {
				return s
			}
		}
	}
	return s
}
