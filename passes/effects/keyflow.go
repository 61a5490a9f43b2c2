package effects

import (
	"go/ast"
	"go/types"
	"sort"

	"golang.org/x/tools/go/cfg"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/internal/names"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// EffectAt is one side effect committed in a function body.
type EffectAt struct {
	Call   *ast.CallExpr
	Effect *Effect
	// Keyed reports that a dedupe key guards the effect: a key was read
	// on every path from the function's entry to the call, the call
	// passes a key to the effect itself (an Idempotency-Key header, an
	// IdempotencyKey field), or its callee reads a key itself.
	Keyed bool
}

// EffectsIn lists the effects committed in body, reachable ones only, in
// source order, each with whether a dedupe key guards it. It is a forward
// must-analysis over the body's control-flow graph; function literals
// count where they appear (a transaction callback runs in place).
// dedupekey and toolhints share it.
func (r *Result) EffectsIn(info *types.Info, body *ast.BlockStmt) []EffectAt {
	return r.EffectsInEnv(info, body, nil)
}

// maxBoundDepth bounds how many helpers deep boundHelper follows a
// tool's row.
const maxBoundDepth = 2

// boundHelper is the effect of a call, from a handler literal bound to
// its tool's row (Scope.Bind), of a function of the package that commits
// nothing the facts know: its body judged with its parameters bound to
// the call's arguments under the row (a helper given the row that calls
// its function field: call(op, req) { return op.run(...) }). Nil when
// the body commits nothing so either.
func (r *Result) boundHelper(info *types.Info, sc *Scope, call *ast.CallExpr, depth int) *Effect {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if depth >= maxBoundDepth || fn == nil || fn.Pkg() != r.pkg || r.vf == nil {
		return nil
	}
	decl := r.vf.Decl(fn.Origin())
	if decl == nil || decl.Body == nil {
		return nil
	}
	env := r.vf.Bindings(decl, call, sc.env)
	if env == nil {
		return nil
	}
	inner := r.NewScope(info, decl.Body).Bind(env)
	var found *Effect
	analysisutil.Inspect(decl.Body, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || found != nil {
			return found == nil
		}
		if e := r.CallEffect(inner, c); e != nil {
			found = e.calledVia(fn)
		} else if e := r.boundHelper(info, inner, c, depth+1); e != nil {
			found = e.calledVia(fn)
		}
		return found == nil
	})
	return found
}

// EffectsInEnv is EffectsIn for one instance of a handler literal: env
// binds the variables it captures (Scope.Bind).
func (r *Result) EffectsInEnv(info *types.Info, body *ast.BlockStmt, env *valueflow.Env) []EffectAt {
	return r.effectsIn(info, body, nil, env)
}

// effectsIn is EffectsIn; with a flow, only keys from the caller's data
// count (Handler.Effects).
func (r *Result) effectsIn(info *types.Info, body *ast.BlockStmt, f *flow, env *valueflow.Env) []EffectAt {
	type event struct {
		at   EffectAt
		read bool
		pos  int
	}
	sc := r.NewScope(info, body).Bind(env)
	g := cfg.New(body, func(*ast.CallExpr) bool { return true })
	events := make([][]event, len(g.Blocks))
	for _, b := range g.Blocks {
		if !b.Live {
			continue
		}
		for _, n := range b.Nodes {
			var evs []event
			analysisutil.Inspect(n, func(x ast.Node) bool {
				if f != nil {
					if _, ok := f.readsClientKey(x); ok {
						evs = append(evs, event{read: true, pos: int(x.Pos())})
					}
				} else if _, ok := r.KeyReadAt(info, x); ok {
					evs = append(evs, event{read: true, pos: int(x.Pos())})
				}
				if call, ok := x.(*ast.CallExpr); ok {
					e := r.CallEffect(sc, call)
					if f != nil && f.destructive {
						e = r.callEffect(sc, call, typeutil.Callee(info, call)).Hard()
					}
					if e == nil && sc.env != nil {
						e = r.boundHelper(info, sc, call, 0)
					}
					if e != nil {
						keyed := e.KeyChecked
						if f != nil {
							keyed = f.effectKeyed(call, e)
						}
						evs = append(evs, event{pos: int(call.Pos()), at: EffectAt{Call: call, Effect: e,
							Keyed: keyed || r.argsReadKey(info, call, f)}})
					}
				}
				return true
			})
			sort.SliceStable(evs, func(i, j int) bool { return evs[i].pos < evs[j].pos })
			events[b.Index] = append(events[b.Index], evs...)
		}
	}

	// keyedIn[b] holds when a key was read on every path to b's start.
	preds := make([][]int32, len(g.Blocks))
	for _, b := range g.Blocks {
		for _, s := range b.Succs {
			preds[s.Index] = append(preds[s.Index], b.Index)
		}
	}
	keyedIn := make([]bool, len(g.Blocks))
	keyedOut := make([]bool, len(g.Blocks))
	for i := range keyedIn {
		keyedIn[i], keyedOut[i] = true, true
	}
	for changed := true; changed; {
		changed = false
		for _, b := range g.Blocks {
			in := b.Index != 0
			for _, p := range preds[b.Index] {
				if g.Blocks[p].Live && !keyedOut[p] {
					in = false
				}
			}
			out := in
			for _, ev := range events[b.Index] {
				out = out || ev.read
			}
			if in != keyedIn[b.Index] || out != keyedOut[b.Index] {
				keyedIn[b.Index], keyedOut[b.Index] = in, out
				changed = true
			}
		}
	}

	var result []EffectAt
	for _, b := range g.Blocks {
		if !b.Live {
			continue
		}
		keyed := keyedIn[b.Index]
		for _, ev := range events[b.Index] {
			if ev.read {
				keyed = true
				continue
			}
			ev.at.Keyed = ev.at.Keyed || keyed
			result = append(result, ev.at)
		}
	}
	sort.SliceStable(result, func(i, j int) bool { return result[i].Call.Pos() < result[j].Call.Pos() })
	return result
}

// argsReadKey reports whether the call passes a dedupe key to the effect.
func (r *Result) argsReadKey(info *types.Info, call *ast.CallExpr, f *flow) bool {
	found := false
	for _, a := range call.Args {
		analysisutil.Inspect(a, func(x ast.Node) bool {
			if f != nil {
				if _, ok := f.readsClientKey(x); ok {
					found = true
				}
			} else if _, ok := r.KeyReadAt(info, x); ok {
				found = true
			}
			return !found
		})
	}
	return found
}

// Handler is the key data flow of a tool handler's body: a key counts
// only when its value comes from the tool call, that is from one of the
// handler's parameters other than its receiver (see origin.go).
type Handler struct {
	f    *flow
	body *ast.BlockStmt
	env  *valueflow.Env // Bind
}

// Handler returns the key flow of a handler with the given receiver (nil
// for a closure), type and body. schemaKeys are the argument names the
// tool's input schema describes as idempotency or deduplication keys.
func (r *Result) Handler(info *types.Info, recv *ast.FieldList, ft *ast.FuncType, body *ast.BlockStmt, schemaKeys []string) *Handler {
	f := r.newFlow(info, recv, ft, body)
	f.handler = true
	for _, k := range schemaKeys {
		if f.schemaKeys == nil {
			f.schemaKeys = make(map[string]bool)
		}
		f.schemaKeys[names.Normalize(k)] = true
	}
	return &Handler{f: f, body: body}
}

// SetDestructive says that the tool is annotated destructive: its own
// word outweighs a POST's being a read by design (Effect.Soft), which
// Effects then counts as the write it may be.
func (h *Handler) SetDestructive() { h.f.destructive = true }

// Effects is EffectsIn for the handler: only keys from the tool call
// guard an effect.
func (h *Handler) Effects() []EffectAt { return h.f.r.effectsIn(h.f.info, h.body, h.f, h.env) }

// Bind makes the handler one instance of a handler literal: env binds
// the variables it captures (Scope.Bind).
func (h *Handler) Bind(env *valueflow.Env) { h.env = env }

// KeyReadAt reports whether n reads a dedupe key from the tool call, and
// its name. It does not descend.
func (h *Handler) KeyReadAt(n ast.Node) (string, bool) { return h.f.readsClientKey(n) }

// KeySet is a place where the handler sets a key downstream with a value
// that does not come from the tool call.
type KeySet struct {
	Node  ast.Node // the assignment target, literal or call that sets the key
	Key   string   // its name; "" for a key parameter of a callee (Effect.KeyFrom)
	Value ast.Expr // the value set
	// Target is the request or input the key is set into, when known:
	// the struct literal, the request whose header is set.
	Target ast.Expr
}

// KeySets lists the keys the handler sets from values of its own, in
// source order: struct fields, map entries, headers and key parameters of
// callees with facts.
func (h *Handler) KeySets() []KeySet {
	f := h.f
	var out []KeySet
	analysisutil.Inspect(h.body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.SelectorExpr, *ast.IndexExpr, *ast.CompositeLit, *ast.CallExpr:
		default:
			return true
		}
		if s, ok := f.siteAt(n); ok && s.value != nil && !f.clientSite(s) {
			out = append(out, KeySet{Node: n, Key: s.key, Value: s.value, Target: s.target})
		}
		if call, ok := n.(*ast.CallExpr); ok {
			if e := f.r.FuncEffect(typeutil.Callee(f.info, call)); e != nil && e.KeyChecked {
				for _, i := range e.KeyFrom {
					if i >= 0 && i < len(call.Args) && (!f.client(f.from(call.Args[i])) || f.fresh != nil && f.fresh(call.Args[i])) {
						out = append(out, KeySet{Node: call, Value: call.Args[i], Target: call})
					}
				}
			}
		}
		return true
	})
	return out
}

// FreshOrigin returns the call that makes the value of e anew on every
// evaluation (a fresh source inside e, one a local variable it mentions
// is assigned, or one the engine finds it holds), or nil.
func (h *Handler) FreshOrigin(e ast.Expr) *ast.CallExpr { return h.f.freshValue(e, 0) }

// Local returns the expressions assigned to the local variable id in the
// handler's body (range expressions and filling calls included).
func (h *Handler) Local(id *ast.Ident) []ast.Expr {
	v := h.f.local(id)
	if v == nil {
		return nil
	}
	h.f.build()
	return h.f.defs[v]
}

// LitVar returns the local variable a composite literal is assigned to.
func (h *Handler) LitVar(lit *ast.CompositeLit) *types.Var {
	h.f.build()
	return h.f.litVar[lit]
}

// SetsClientKey reports whether n (an assignment target) is a key field
// or entry of the tool call's own data (in.IdempotencyKey = ...).
func (h *Handler) SetsClientKey(n ast.Node) bool {
	s, ok := h.f.siteAt(n)
	return ok && s.value != nil && s.target != nil && h.f.client(h.f.from(s.target))
}

// SetFresh tells the flow which values are fresh (made anew on every
// evaluation): a key set from one, even mixed with the tool call's data,
// is no key of the client. Call it before any other method.
func (h *Handler) SetFresh(fresh func(ast.Expr) bool) { h.f.fresh = fresh }

// calledVia is e, the unconditional effect of fn, as a call of fn
// commits it: named by fn, decided by fn's name if it is a transport's;
// what fn's parameters decide and the literals' effects are fn's own.
func (e *Effect) calledVia(fn *types.Func) *Effect {
	c := &Effect{Sink: e.Sink, Kind: e.Kind, Idempotent: e.Idempotent, Guarded: e.Guarded, Via: qualifiedName(fn), KeyChecked: e.KeyChecked, KeyFrom: e.KeyFrom, KeyField: e.KeyField, KeyMade: e.KeyMade, Trail: e.Trail, Method: e.Method, RPC: e.RPC, Mutation: e.Mutation, Transport: e.Transport, Repeats: e.Repeats}
	return c.through(fn.Name())
}
