package effects

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// Literal effects. A handler literal of another package reaches a
// registration as a closure of the function that writes it (valueflow's
// Closure{Obj, Ord}): a table's element, a registry filled by that
// package's Register functions, a constructor's result. The function's
// own effect is what all of it does, every literal included, so a read
// tool written beside a write tool would take the write. Effect.Lits
// keeps what each literal commits by itself, for HandlerEffect.

// maxLits bounds the literals of one function Effect.Lits describes.
const maxLits = 32

// maxAnchored bounds the unexported callees Effect.Anchored describes.
const maxAnchored = 16

// litCache computes the literal effects of the package's functions once
// each.
type litCache struct {
	r    *Result
	pass *analysis.Pass
	done map[*funcInfo][]LitEffect
}

// of returns the effects of fi's literals (litEffects).
func (c *litCache) of(fi *funcInfo) []LitEffect {
	lits, ok := c.done[fi]
	if !ok {
		lits = c.r.litEffects(c.pass, fi)
		c.done[fi] = lits
	}
	return lits
}

// anchored returns the literal effects of the unexported functions with
// literals that fi calls, directly or through at most two more of them
// (valueflow's anchors: the same calls).
func (c *litCache) anchored(fi *funcInfo) []AnchoredLits {
	var out []AnchoredLits
	seen := map[*types.Func]bool{fnOf(fi.obj): true}
	add := func(a AnchoredLits) {
		if a.commits() && len(out) < maxAnchored {
			out = append(out, a)
		}
	}
	// refs adds the unexported functions f's body refers to as values
	// (valueflow's refers): their own effect, and their literals'.
	refs := func(f *funcInfo) {
		called := make(map[*ast.Ident]bool)
		ast.Inspect(f.body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
					called[id] = true // a call, not a value: a callee
				}
			}
			id, ok := n.(*ast.Ident)
			if !ok || called[id] {
				return true
			}
			g, ok := c.pass.TypesInfo.Uses[id].(*types.Func)
			if !ok || seen[g] || g.Exported() || hasRecv(g) || c.r.bodies[g] == nil {
				return true
			}
			seen[g] = true
			a := AnchoredLits{Func: g.Name(), Ref: true, Lits: c.of(c.r.bodies[g])}
			if e := c.r.effects[g]; e != nil {
				self := *e
				self.Lits, self.Anchored = nil, nil
				a.Self = &self
			}
			add(a)
			return true
		})
	}
	// fi and the unexported functions it calls, directly or through at
	// most two more of them: the walk valueflow anchors its facts by.
	c.r.vf.AnchorWalk(fnOf(fi.obj), func(f *types.Func, _ *ast.FuncDecl) bool {
		cf := c.r.bodies[f]
		if cf == nil {
			return true
		}
		if cf != fi && !seen[f] {
			seen[f] = true
			add(AnchoredLits{Func: f.Name(), Lits: c.of(cf)})
		}
		refs(cf)
		return len(out) < maxAnchored
	})
	return out
}

// litEffects returns the effects of fi's literals, in preorder (the
// order valueflow numbers them), or nil when fi has none or too many.
func (r *Result) litEffects(pass *analysis.Pass, fi *funcInfo) []LitEffect {
	if fi.decl == nil || fi.body == nil {
		return nil
	}
	var lits []*ast.FuncLit
	ast.Inspect(fi.body, func(n ast.Node) bool {
		if l, ok := n.(*ast.FuncLit); ok {
			lits = append(lits, l)
		}
		return len(lits) <= maxLits
	})
	if len(lits) == 0 || len(lits) > maxLits {
		return nil
	}
	info := pass.TypesInfo
	out := make([]LitEffect, len(lits))
	for i := range out {
		out[i].Ord = i
	}
	if fparams := funcParams(info, fi.decl.Type); len(fparams) > 0 {
		for i, lit := range lits {
			out[i].Calls, out[i].Keyed = r.paramCalls(info, lit, fparams)
		}
	}
	if fi.effect == nil {
		return out // nor does any of its literals
	}
	for i, lit := range lits {
		sc := r.NewScope(info, lit.Body)
		var best *Effect
		keyed := false
		analysisutil.Inspect(lit.Body, func(n ast.Node) bool {
			if analysisutil.TypeSyntax(n) {
				return false
			}
			call, ok := n.(*ast.CallExpr)
			if !ok {
				if _, ok := r.KeyReadAt(info, n); ok && best == nil {
					keyed = true // read before the first effect
				}
				return true
			}
			obj := typeutil.Callee(info, call)
			if _, ok := r.keyReadCall(info, call, obj); ok && best == nil {
				keyed = true // by a helper of its own
			}
			if v, ok := obj.(*types.Var); ok {
				if fn := r.callValue(sc, call, v); fn != nil {
					obj = fn
				}
			}
			if e := r.callEffect(sc, call, obj); e != nil && betterEffect(e, best) {
				best = e.at(pass, call)
			}
			return true
		})
		if best == nil {
			continue
		}
		// Where the key comes from (the call's request, or the
		// function's own configuration) is the function's word
		// (origin.go).
		c := *best
		c.KeyChecked, c.KeyFrom, c.KeyField = (keyed || best.KeyChecked) && fi.effect.KeyChecked, nil, ""
		if c.KeyChecked {
			c.KeyFrom, c.KeyField = fi.effect.KeyFrom, fi.effect.KeyField
		}
		c.Asserted, c.Args, c.KeyMade, c.Lits = fi.effect.Asserted, fi.effect.Args, nil, nil
		out[i].Effect = &c
	}
	return out
}

// A LitRef says which literal of a function of another package a
// handler is (mcpmodel.Func.Ref): Ord is 1 + its ordinal (valueflow's
// Closure.Ord), 0 for the function itself; In, when not "", is the
// unexported function of that package the literal is written in, which
// the function calls (an anchored literal: valueflow's facts.go), or
// with Ord 0 the unexported function itself, which the function refers
// to as a value.
type LitRef struct {
	Ord int
	In  string
}

// litEffect returns the effect of the literal ref names of fn as its
// fact says, and whether the fact describes it.
func (r *Result) litEffect(fn types.Object, ref LitRef) (LitEffect, bool) {
	var lits []LitEffect
	if ref.In != "" {
		var funcs []AnchoredLits
		if e := r.funcEffect(fn); e != nil {
			funcs = e.Anchored
		} else if an := r.anchors[fn]; an != nil {
			funcs = an.Funcs
		}
		i := slices.IndexFunc(funcs, func(a AnchoredLits) bool { return a.Func == ref.In })
		if i < 0 {
			return LitEffect{}, true // commits nothing (Effect.Anchored)
		}
		if ref.Ord == 0 {
			return LitEffect{Effect: funcs[i].Self}, funcs[i].Ref // the function itself
		}
		lits = funcs[i].Lits
	} else if e := r.funcEffect(fn); e != nil {
		lits = e.Lits
	} else if an := r.anchors[fn]; an != nil && an.Own != nil {
		lits = an.Own // commits nothing, but a literal calls a parameter
	} else {
		return LitEffect{}, true // nor does any of its literals
	}
	ord := ref.Ord - 1
	if ord < 0 || ord >= len(lits) {
		return LitEffect{}, false
	}
	return lits[ord], true
}

// handlerFact returns the effect fact of a handler: of obj, or of the
// literal ref names where obj's fact describes it (else of obj, all it
// does), with what the function values env binds do where the literal
// calls them (boundCalls).
func (r *Result) handlerFact(obj types.Object, ref LitRef, env *valueflow.Env) *Effect {
	if ref.Ord > 0 || ref.In != "" {
		if l, ok := r.litEffect(obj, ref); ok {
			return r.boundCalls(obj, l, env)
		}
	}
	return r.funcEffect(obj)
}

// boundCalls returns the effect of l, a literal of fn, where env binds
// the parameters of fn it calls (LitEffect.Calls) to functions or
// methods: the most significant of the literal's own effect and theirs.
// A parameter env does not bind, or binds to anything else, adds
// nothing.
func (r *Result) boundCalls(fn types.Object, l LitEffect, env *valueflow.Env) *Effect {
	f, ok := fn.(*types.Func)
	if !ok || env == nil || len(l.Calls) == 0 {
		return l.Effect
	}
	params := f.Origin().Signature().Params()
	best, bound := l.Effect, false
	for _, i := range l.Calls {
		if i >= params.Len() {
			continue
		}
		v, ok := env.Lookup(params.At(i))
		if !ok {
			continue
		}
		for _, a := range v.Each() {
			g, ok := a.FuncObj().(*types.Func)
			if !ok || a.Kind != valueflow.Func {
				continue
			}
			// A function whose effect its caller's arguments decide (a
			// statement, a path, a command line) is not judged here.
			if e := r.funcEffect(g); e != nil && !e.conditional() && betterEffect(e, best) {
				best, bound = e.calledVia(g.Origin()), true
			}
		}
	}
	if bound {
		best.KeyChecked, best.KeyFrom, best.KeyField = l.Keyed, nil, ""
		if own := l.Effect; own != nil {
			best.KeyChecked = best.KeyChecked || own.KeyChecked
			best.Asserted, best.Args = own.Asserted, own.Args
		}
	}
	return best
}

// commits reports whether a's function or one of its literals commits
// an effect, or may (LitEffect.Calls): only those are listed
// (Effect.Anchored).
func (a AnchoredLits) commits() bool {
	if a.Self != nil {
		return true
	}
	for _, l := range a.Lits {
		if l.Effect != nil || l.calls() {
			return true
		}
	}
	return false
}

// calls reports whether l calls a function value a parameter of its
// function holds.
func (l LitEffect) calls() bool { return len(l.Calls) > 0 }

// takesFunc reports whether obj is a function with a parameter of
// function type: only its literals can call one (LitEffect.Calls).
func takesFunc(obj types.Object) bool {
	sig, ok := obj.Type().(*types.Signature)
	if !ok {
		return false
	}
	for i := range sig.Params().Len() {
		if _, ok := sig.Params().At(i).Type().Underlying().(*types.Signature); ok {
			return true
		}
	}
	return false
}

// maxCalls bounds the parameters one literal's LitEffect.Calls lists.
const maxCalls = 4

// funcParams maps the function-typed parameters of ft to their indices.
func funcParams(info *types.Info, ft *ast.FuncType) map[*types.Var]int {
	var m map[*types.Var]int
	i := 0
	for _, f := range ft.Params.List {
		names := f.Names
		if len(names) == 0 {
			i++
			continue
		}
		for _, id := range names {
			if v, ok := info.Defs[id].(*types.Var); ok {
				if _, ok := v.Type().Underlying().(*types.Signature); ok {
					if m == nil {
						m = make(map[*types.Var]int)
					}
					m[v] = i
				}
			}
			i++
		}
	}
	return m
}

// paramCalls returns the indices of the parameters in fparams that lit
// calls (fn(ctx, in.ID)), in source order, and whether lit reads a
// dedupe key (LitEffect.Calls, Keyed).
func (r *Result) paramCalls(info *types.Info, lit *ast.FuncLit, fparams map[*types.Var]int) (calls []int, keyed bool) {
	analysisutil.Inspect(lit.Body, func(n ast.Node) bool {
		if _, ok := r.KeyReadAt(info, n); ok {
			keyed = true
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
			v, _ := info.Uses[id].(*types.Var)
			if i, ok := fparams[v]; ok && v != nil && !slices.Contains(calls, i) && len(calls) < maxCalls {
				calls = append(calls, i)
			}
		}
		return true
	})
	if len(calls) == 0 {
		return nil, false
	}
	return calls, keyed
}
