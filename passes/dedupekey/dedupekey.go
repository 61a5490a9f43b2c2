package dedupekey

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/internal/names"
	"github.com/mcpvet/mcpvet/internal/wording"
	"github.com/mcpvet/mcpvet/passes/blocks"
	"github.com/mcpvet/mcpvet/passes/config"
	"github.com/mcpvet/mcpvet/passes/effects"
	"github.com/mcpvet/mcpvet/passes/fresh"
	"github.com/mcpvet/mcpvet/passes/mcpmodel"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

//go:embed doc.go
var doc string

const name = "dedupekey"

// Analyzer reports tool handlers that commit a side effect before reading
// a dedupe key.
var Analyzer = &analysis.Analyzer{
	Name:     name,
	Doc:      analysisutil.MustExtractDoc(doc, name),
	URL:      "https://pkg.go.dev/github.com/mcpvet/mcpvet/passes/dedupekey",
	Run:      run,
	Requires: []*analysis.Analyzer{config.Analyzer, blocks.Analyzer},
	// Partial code is checked too: the Reporter reports only in the
	// function declarations that type-checked (analysisutil/partial.go).
	RunDespiteErrors: true,
}

func run(pass *analysis.Pass) (any, error) {
	if err := config.Err(pass); err != nil {
		return nil, err // a bad .mcpvet.yaml, named in the error
	}
	model := blocks.Of(pass).Model
	if !model.MCP {
		return nil, nil
	}
	eff := blocks.Of(pass).Effects
	fr := blocks.Of(pass).Fresh
	calls := blocks.Of(pass).Calls
	dirs := analysisutil.ParseDirectives(pass)
	rep := analysisutil.NewReporter(pass, name, dirs)
	defer rep.Finish()

	// A handler several tools share is reported once, naming the first
	// of them by name (whatever order the source registers them in) and
	// the others: a body of this package at its effect, a handler of
	// another package at the first tool's handler argument, each tool of
	// it judged first by its own schema (remoteEffect).
	var tools []*mcpmodel.Tool
	groups := make(map[any][]*mcpmodel.Tool) // by handler: its node, or remoteKey
	remote := make(map[*mcpmodel.Tool]*effects.Effect)
	// The literals some tool binds to its own row (mcpmodel.Func.Env):
	// their tools are grouped by what the literal commits for each.
	rows := make(map[ast.Node]bool)
	for _, t := range model.Tools {
		if t.Handler != nil && t.Handler.Env != nil && t.Handler.Node() != nil {
			rows[t.Handler.Node()] = true
		}
	}
	localKey := func(t *mcpmodel.Tool) any {
		n := t.Handler.Node()
		if !rows[n] {
			return n
		}
		return rowKey{n, rowEffects(pass, eff, t)}
	}
	for _, t := range model.Tools {
		// Only tools known to be neither idempotent nor read-only.
		if t.Idempotent != mcpmodel.False || t.ReadOnly != mcpmodel.False || t.Handler == nil || t.Test {
			continue
		}
		// A gateway's forwarder: its hints stand for the upstream tool's,
		// which the upstream server keeps (toolcalls.Result.Forwarder).
		if calls.Forwarder(t) {
			continue
		}
		// Registered behind a middleware that deduplicates keyed calls
		// before the handler runs (idem): the key is read first.
		if t.Deduped != nil {
			continue
		}
		// Registered, and judged, in the package that writes its
		// handler (a tool constructor's): reported there.
		if t.Upstream {
			continue
		}
		if dirs.Find("idempotent", t.Reg.Pos(), "") != nil {
			continue
		}
		var k any
		if n := t.Handler.Node(); n != nil {
			k = localKey(t)
		} else if e := remoteEffect(eff, t); e != nil {
			k = remoteKey{t.Handler.Obj, t.Handler.Ref}
			remote[t] = e
		} else {
			continue
		}
		tools = append(tools, t)
		groups[k] = append(groups[k], t)
	}
	// A dispatcher's operations of other packages are all reported at
	// its registration: once, for the first operation in source order.
	dispatched := make(map[*mcpmodel.Dispatch]bool)
	for _, t := range tools {
		n := t.Handler.Node()
		var k any
		if n == nil {
			k = remoteKey{t.Handler.Obj, t.Handler.Ref}
		} else {
			k = localKey(t)
		}
		if firstNamed(groups[k]) != t {
			continue // reported with the first
		}
		switch {
		case n == nil:
			if t.Dispatch != nil {
				if dispatched[t.Dispatch] {
					continue
				}
				dispatched[t.Dispatch] = true
			}
			reportRemote(pass, rep, eff, t, remote[t], others(t, groups[k]))
		case dirs.Find("idempotent", n.Pos(), "") == nil:
			checkBody(pass, rep, eff, fr, t, others(t, groups[k]))
		}
	}
	// In a main package: the tools of other packages whose store this
	// program wires in (pending.go).
	checkPending(pass, rep, blocks.Of(pass).Wiring)
	return nil, nil
}

// rowEffects is what the handler literal of t commits under t's own row
// (mcpmodel.Func.Env): tools sharing a literal are grouped by it, so
// that those whose rows differ (a GET, a POST) are judged apart and
// those that commit the same are reported once.
func rowEffects(pass *analysis.Pass, eff *effects.Result, t *mcpmodel.Tool) string {
	var sig strings.Builder
	for _, at := range eff.EffectsInEnv(pass.TypesInfo, t.Handler.Body(), t.Handler.Env) {
		fmt.Fprintf(&sig, "%d:%s %s %v;", at.Call.Pos(), at.Effect.Kind, at.Effect.Method, at.Effect.Idempotent)
	}
	return sig.String()
}

// rowKey groups the tools of a literal some tool binds to its row.
type rowKey struct {
	node ast.Node
	sig  string
}

// remoteKey is a handler of another package: the function (or its
// literal) a registration resolved to.
type remoteKey struct {
	obj types.Object
	ref effects.LitRef
}

// firstNamed returns the tool of ts first by name (before).
func firstNamed(ts []*mcpmodel.Tool) *mcpmodel.Tool {
	var first *mcpmodel.Tool
	for _, t := range ts {
		if before(t, first) {
			first = t
		}
	}
	return first
}

// before reports whether a finding on a shared handler names t rather
// than cur (nil: none yet): a tool with a name before one without, then
// by name.
func before(t, cur *mcpmodel.Tool) bool {
	switch {
	case cur == nil:
		return true
	case (t.Name == "") != (cur.Name == ""):
		return cur.Name == ""
	}
	return t.Name < cur.Name
}

// others returns the tools other than t that share its handler, by
// name, each name once: a finding on the handler names them, and
// points at their registrations, where each is fixed.
func others(t *mcpmodel.Tool, all []*mcpmodel.Tool) []*mcpmodel.Tool {
	var out []*mcpmodel.Tool
	seen := map[string]bool{t.Name: true}
	for _, o := range all {
		if o.Name == "" || seen[o.Name] {
			continue
		}
		seen[o.Name] = true
		out = append(out, o)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// message words a finding (wording.UnkeyedEffect). An effect that is
// idempotent by nature (an overwrite, a delete) is still reported, since
// the annotation tells clients the tool is unsafe to retry, but the fix
// leads with the label.
func message(t *mcpmodel.Tool, e *effects.Effect, via string) string {
	return wording.UnkeyedEffectMessage(t.Name, wording.Effect(e.Kind, e.Method, via), e.Idempotent)
}

// registered is the related position of the registration, with the fix.
func registered(t *mcpmodel.Tool, e *effects.Effect) analysis.RelatedInformation {
	return analysis.RelatedInformation{Pos: t.Reg.Pos(), End: t.Reg.End(), Message: registeredFix(t.HintFile, t.SDK.Annotated(), e)}
}

// registeredFix is the message of a registration's related position: the
// fix, where the tool's hints are declared (a data file, the SDK's
// annotations, or a directive for an SDK without them).
func registeredFix(hintFile string, annotated bool, e *effects.Effect) string {
	label := "annotate IdempotentHint: true"
	if hintFile != "" {
		label = "annotate idempotentHint: true in " + hintFile
	} else if !annotated {
		label = "put a //mcpvet:idempotent directive on the registration (the SDK has no tool annotations)"
	}
	fix := "check a client-supplied idempotency key before the effect, or " + label + " if a repeat is harmless"
	switch {
	case e.Guarded:
		fix = label + " if a repeat is harmless (a state check before the effect refuses a repeat), else check a dedupe key first"
	case e.Idempotent:
		fix = label + " if a repeat is harmless (the effect looks idempotent by nature: an overwrite or delete), else check a dedupe key first"
	}
	return wording.Fix("tool registered here", fix)
}

// better reports whether effect a should be reported rather than b: the
// one that matters most (effects.MoreSignificant: not idempotent by
// nature, then remote before SQL or mail, message, process and file), then the
// earlier.
func better(a, b *effects.EffectAt) bool {
	if effects.MoreSignificant(a.Effect, b.Effect) || effects.MoreSignificant(b.Effect, a.Effect) {
		return effects.MoreSignificant(a.Effect, b.Effect)
	}
	return a.Call.Pos() < b.Call.Pos()
}

// reportRemote reports the effect e (remoteEffect) of a handler declared
// in another package, whose facts are all that is known of it.
func reportRemote(pass *analysis.Pass, rep *analysisutil.Reporter, eff *effects.Result, t *mcpmodel.Tool, e *effects.Effect, others []*mcpmodel.Tool) {
	related, also := sharedRelated(t, others, e)
	rep.Report(analysis.Diagnostic{
		Pos: t.HandlerArg.Pos(), End: t.HandlerArg.End(),
		Category: wording.UnkeyedEffect,
		Message:  message(t, e, effects.QualifiedName(t.Handler.Obj)) + also,
		Related:  append(related, eff.Related(pass.Fset, e)...),
	})
}

// remoteEffect returns the effect a handler of another package commits
// for tool t before reading a key, or nil when t is not reported.
func remoteEffect(eff *effects.Result, t *mcpmodel.Tool) *effects.Effect {
	if t.Handler.Obj == nil {
		return nil
	}
	e := eff.HandlerEffect(t.Handler.Obj, t.Handler.Ref, t.Handler.Env)
	if t.Destructive == mcpmodel.True {
		e = eff.DestructiveEffect(t.Handler.Obj, t.Handler.Ref, t.Handler.Env)
	}
	if e == nil || e.Asserted || keyedByRequest(e, effects.ReturnsFunc(t.Handler.Obj)) || e.Idempotent && !t.SDK.Annotated() || e.ReadsArg(t.Schema()) || t.ReadByName(e) {
		return nil
	}
	return e
}

// sharedRelated returns the related positions of a finding on t's
// handler, which the others share: t's registration with the fix, then
// each other registration at another position; and the message's
// naming of the others (wording.SharedWith).
func sharedRelated(t *mcpmodel.Tool, others []*mcpmodel.Tool, e *effects.Effect) ([]analysis.RelatedInformation, string) {
	related := []analysis.RelatedInformation{registered(t, e)}
	var also []string
	for _, o := range others {
		also = append(also, o.Name)
		if o.Reg.Pos() != t.Reg.Pos() {
			related = append(related, analysis.RelatedInformation{Pos: o.Reg.Pos(), End: o.Reg.End(),
				Message: fmt.Sprintf("%s registered here with the same handler", wording.Tool(o.Name))})
		}
	}
	return related, wording.SharedWith(also)
}

// keyedByRequest reports whether a handler in another package reads a
// key from its parameters (the tool call), or a handler factory from the
// parameters of the handler it returns, not only from its receiver (the
// server's own state, a credential set at startup).
// For a factory, its own parameters are the server's configuration.
func keyedByRequest(e *effects.Effect, factory bool) bool {
	if !e.KeyChecked {
		return false
	}
	for _, i := range e.KeyFrom {
		if i == effects.FromReturned || i >= 0 && !factory {
			return true
		}
	}
	return false
}

// checkBody analyzes a handler whose body is in this package.
// The others share the handler: the finding names them.
func checkBody(pass *analysis.Pass, rep *analysisutil.Reporter, eff *effects.Result, fr *fresh.Result, t *mcpmodel.Tool, others []*mcpmodel.Tool) {
	checkBodyKeys(pass, rep, eff, fr, t, others, t.SchemaKeys, t.LazySchema())
}

// checkBodyKeys is checkBody with the schema's keys; lazy says that the
// engine may find more (mcpmodel.Tool.Schema), which is asked for only
// before a report, and the body checked again with them.
func checkBodyKeys(pass *analysis.Pass, rep *analysisutil.Reporter, eff *effects.Result, fr *fresh.Result, t *mcpmodel.Tool, others []*mcpmodel.Tool, schemaKeys []string, lazy bool) {
	again := func() bool {
		if keys := t.Schema(); lazy && len(keys) > 0 {
			checkBodyKeys(pass, rep, eff, fr, t, others, keys, false)
			return true
		}
		return false
	}
	body := t.Handler.Body()
	if body == nil {
		return
	}
	info := pass.TypesInfo
	sc := eff.NewScope(info, body).Bind(t.Handler.Env)
	var recv *ast.FieldList
	if t.Handler.Decl != nil {
		recv = t.Handler.Decl.Recv
	}
	h := eff.Handler(info, recv, t.Handler.Type(), body, schemaKeys)
	h.Bind(t.Handler.Env)
	if t.Destructive == mcpmodel.True {
		h.SetDestructive() // the tool's word outweighs a POST's read-by-design name or path
	}
	fz := &freshness{info: info, h: h, fr: fr, vf: blocks.Of(pass).Flow, eff: eff, schemaKeys: schemaKeys, params: paramObjs(info, t.Handler.Type())}
	if f, _ := blocks.Of(pass).Registered(factsPass).(*factsResult); f != nil {
		fz.facts = f.pass
	}
	h.SetFresh(func(e ast.Expr) bool { return fz.origin(e) != nil })

	// A key with a fresh fallback protects nothing for clients that omit it.
	if fb := findFallback(fz, body); fb != nil && hasEffect(eff, sc, body) {
		if again() {
			return
		}
		rep.Report(analysis.Diagnostic{
			Pos: fb.Pos(), End: fb.End(),
			Category: wording.FreshFallback,
			Message:  wording.FreshFallbackMessage(t.Name),
			Related: []analysis.RelatedInformation{{Pos: t.Reg.Pos(), End: t.Reg.End(),
				Message: wording.Fix("tool registered here", "reject calls without a key, or derive the fallback from the request's content")}},
		})
		return
	}

	var first *effects.EffectAt
	effs := h.Effects()
	for _, at := range effs {
		// Prefer the first effect that is not idempotent by nature.
		if !at.Keyed && (first == nil || better(&at, first)) {
			first = &at
		}
	}
	if first == nil || first.Effect.Idempotent && !t.SDK.Annotated() {
		return // an SDK without annotations cannot mark the tool idempotent
	}
	if t.ReadByName(first.Effect) {
		return
	}
	if again() {
		return
	}
	// A key the handler makes itself and sends downstream is made anew
	// by every retry of the tool call.
	if ks, call := perCallKey(fz, first); call != nil {
		related := []analysis.RelatedInformation{{Pos: ks.Node.Pos(), End: ks.Node.End(),
			Message: wording.Fix("key sent here", "take the key from the client (an idempotency_key argument or _meta entry) and send that")}}
		if ks.Node != ast.Node(first.Call) {
			related = append(related, analysis.RelatedInformation{Pos: first.Call.Pos(), End: first.Call.End(), Message: "side effect here"})
		}
		related = append(related, analysis.RelatedInformation{Pos: t.Reg.Pos(), End: t.Reg.End(), Message: "tool registered here"})
		rep.Report(analysis.Diagnostic{
			Pos: call.Pos(), End: call.End(),
			Category: wording.PerCallKey,
			Message:  wording.MadeAnew(fmt.Sprintf("the dedupe key%s of %s", keyName(ks), wording.Tool(t.Name)), "call"),
			Related:  related,
		})
		return
	}
	// Or one the helper that commits the effect makes itself
	// (Effect.KeyMade): mmCharge(ctx, c, in) that sends uuid.NewString().
	if mk := first.Effect.KeyMade; mk != nil && names.Normalize(mk.Key) != "requestid" {
		name := ""
		if mk.Key != "key" {
			name = fmt.Sprintf(" (%s)", mk.Key)
		}
		var related []analysis.RelatedInformation
		if at := eff.MadeKeyAt(pass.Fset, first.Effect); at.IsValid() {
			related = append(related, analysis.RelatedInformation{Pos: at, End: at,
				Message: wording.Fix("key made here, by "+mk.At.Callee, "take the key from the client (an idempotency_key argument or _meta entry) and pass that")})
		}
		related = append(related, analysis.RelatedInformation{Pos: t.Reg.Pos(), End: t.Reg.End(), Message: "tool registered here"})
		rep.Report(analysis.Diagnostic{
			Pos: first.Call.Pos(), End: first.Call.End(),
			Category: wording.PerCallKey,
			Message:  wording.MadeAnew(fmt.Sprintf("the dedupe key%s that %s sends for %s", name, calleeName(first.Effect), wording.Tool(t.Name)), "call"),
			Related:  related,
		})
		return
	}
	via := first.Effect.Sink
	if first.Effect.Via != "" {
		via = first.Effect.Via
	}
	related, also := sharedRelated(t, others, first.Effect)
	rep.Report(analysis.Diagnostic{
		Pos: first.Call.Pos(), End: first.Call.End(),
		Category: wording.UnkeyedEffect,
		Message:  message(t, first.Effect, via) + also,
		Related:  append(related, eff.Related(pass.Fset, first.Effect)...),
	})
}

func hasEffect(eff *effects.Result, sc *effects.Scope, body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(x ast.Node) bool {
		if call, ok := x.(*ast.CallExpr); ok && !found && eff.CallEffect(sc, call) != nil {
			found = true
		}
		return !found
	})
	return found
}

// findFallback returns the fresh-value expression that replaces a
// missing client key: key = uuid.NewString() after key := in.Key,
// cmp.Or(in.Key, uuid.NewString()), or req.GetString("idempotency_key",
// ids.New()) with a fresh default.
func findFallback(fz *freshness, body *ast.BlockStmt) ast.Expr {
	info, h, fr := fz.info, fz.h, fz.fr
	fromKey := make(map[types.Object]bool) // locals assigned from a key read
	var found ast.Expr
	readsKey := func(e ast.Expr) bool {
		r := false
		ast.Inspect(e, func(x ast.Node) bool {
			if _, ok := h.KeyReadAt(x); ok {
				r = true
			}
			return !r
		})
		return r
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			if c := defaultFallback(fz, n); c != nil {
				found = c
				return false
			}
			if c := helperFallback(fz, n); c != nil {
				found = c
				return false
			}
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				return true
			}
			for i, rhs := range n.Rhs {
				rhs = fz.vf.Inlined(rhs)
				lhsObj := objOf(info, n.Lhs[i])
				if fb := orFallback(fz, rhs); fb != nil {
					found = fb
					return false
				}
				if call, _ := fr.Find(info, rhs); call != nil {
					keyLHS := lhsObj != nil && fromKey[lhsObj]
					if h.SetsClientKey(n.Lhs[i]) {
						keyLHS = true
					}
					if keyLHS {
						found = call
						return false
					}
					continue
				}
				if lhsObj != nil && readsKey(rhs) {
					fromKey[lhsObj] = true
				}
			}
		case *ast.ReturnStmt:
			// A helper that returns the key or a fresh value.
			if fz.depth > 0 {
				for _, r := range n.Results {
					if fb := orFallback(fz, r); fb != nil {
						found = fb
						return false
					}
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if i < len(n.Values) {
					if fb := orFallback(fz, n.Values[i]); fb != nil {
						found = fb
						return false
					}
					if readsKey(n.Values[i]) {
						fromKey[info.Defs[name]] = true
					}
				}
			}
		}
		return true
	})
	return found
}

// maxFallbackDepth bounds how many helpers deep findFallback looks.
const maxFallbackDepth = 2

// helperFallback returns the fallback that a helper of this package
// makes when it is given the client's data (func keyOf(in In) string {
// return cmp.Or(in.Key, uuid.NewString()) }): findFallback on the
// helper's body, its parameters taken as the client's data.
func helperFallback(fz *freshness, call *ast.CallExpr) ast.Expr {
	if fz.depth >= maxFallbackDepth || fz.vf == nil || fz.eff == nil {
		return nil
	}
	fn, _ := typeutil.Callee(fz.info, call).(*types.Func)
	if fn == nil {
		return nil
	}
	decl := fz.vf.Decl(fn)
	if decl == nil {
		// Another package's helper, by its fact: the call is where the
		// handler takes the fallback.
		if fz.remoteFallback(fn) && fz.clientArgs(call) {
			return call
		}
		return nil
	}
	if decl.Body == nil || !fz.clientArgs(call) {
		return nil
	}
	h := fz.eff.Handler(fz.info, decl.Recv, decl.Type, decl.Body, fz.schemaKeys)
	inner := &freshness{info: fz.info, h: h, fr: fz.fr, vf: fz.vf, eff: fz.eff, schemaKeys: fz.schemaKeys,
		params: paramObjs(fz.info, decl.Type), depth: fz.depth + 1, outer: fz, args: argsByParam(fz.info, decl, call), env: fz.vf.Bindings(decl, call, fz.env), facts: fz.facts}
	h.SetFresh(func(e ast.Expr) bool { return inner.origin(e) != nil })
	return findFallback(inner, decl.Body)
}

// clientArgs reports whether one of call's arguments is the client's
// data: it mentions a parameter of the handler (or helper) or reads a
// key.
func (fz *freshness) clientArgs(call *ast.CallExpr) bool {
	found := false
	for _, a := range call.Args {
		ast.Inspect(a, func(x ast.Node) bool {
			if found {
				return false
			}
			if id, ok := x.(*ast.Ident); ok && fz.params[fz.info.Uses[id]] {
				found = true
			} else if _, ok := fz.h.KeyReadAt(x); ok {
				found = true
			}
			return !found
		})
	}
	return found
}

// argsByParam maps the parameters of decl to the arguments of call
// (a variadic parameter given separate arguments is left out).
func argsByParam(info *types.Info, decl *ast.FuncDecl, call *ast.CallExpr) map[types.Object]ast.Expr {
	m := make(map[types.Object]ast.Expr)
	i := 0
	for _, f := range decl.Type.Params.List {
		if _, variadic := f.Type.(*ast.Ellipsis); variadic && !call.Ellipsis.IsValid() {
			break
		}
		if len(f.Names) == 0 {
			i++
			continue
		}
		for _, n := range f.Names {
			if o := info.Defs[n]; o != nil && i < len(call.Args) {
				m[o] = call.Args[i]
			}
			i++
		}
	}
	return m
}

// paramObjs returns the parameters a function type declares.
func paramObjs(info *types.Info, ft *ast.FuncType) map[types.Object]bool {
	m := make(map[types.Object]bool)
	if ft == nil || ft.Params == nil {
		return m
	}
	for _, f := range ft.Params.List {
		for _, n := range f.Names {
			if o := info.Defs[n]; o != nil {
				m[o] = true
			}
		}
	}
	return m
}

// defaultFallback returns the fresh call given as the default of a call
// that reads the client's key: req.GetString("idempotency_key",
// uuid.NewString()).
func defaultFallback(fz *freshness, call *ast.CallExpr) ast.Expr {
	if _, ok := fz.h.KeyReadAt(call); !ok {
		return nil
	}
	// A helper of the package is looked into (helperFallback): a fresh
	// value it is given beside the key may be something else (a trace
	// id it logs).
	if fn, _ := typeutil.Callee(fz.info, call).(*types.Func); fn != nil && fz.depth < maxFallbackDepth && fz.vf.Decl(fn) != nil {
		return nil
	}
	for _, a := range call.Args {
		a = fz.vf.Inlined(a)
		switch ast.Unparen(a).(type) {
		case *ast.FuncLit:
			continue
		case *ast.CallExpr:
			if _, isFresh := fz.fr.Call(fz.info, ast.Unparen(a).(*ast.CallExpr)); isFresh {
				return a
			}
		case *ast.Ident, *ast.SelectorExpr:
			// A fresh value kept in a local or a field.
			if c := fz.origin(a); c != nil {
				return c
			}
		}
	}
	return nil
}

// orFallback returns the fresh argument of e when e is a call like
// cmp.Or(in.Key, uuid.NewString()): one argument reads the key, another
// is fresh (made there, or kept in a local or a field), and the result
// has the key's type. A struct literal that stores the key beside a
// timestamp is no fallback.
func orFallback(fz *freshness, e ast.Expr) ast.Expr {
	info, h := fz.info, fz.h
	call, ok := ast.Unparen(fz.vf.Inlined(e)).(*ast.CallExpr)
	if !ok || len(call.Args) < 2 {
		return nil
	}
	// The key argument first: most calls read none, and the fresh
	// origin of the others is the costly question.
	keyAt := -1
	for i, a := range call.Args {
		if _, ok := h.KeyReadAt(ast.Unparen(a)); ok && types.Identical(info.TypeOf(a), info.TypeOf(call)) {
			keyAt = i
			break
		}
	}
	if keyAt < 0 {
		return nil
	}
	for i, a := range call.Args {
		if _, ok := h.KeyReadAt(ast.Unparen(a)); !ok && i != keyAt && fz.origin(a) != nil {
			return a
		}
	}
	return nil
}

// perCallKey returns a key the handler sets downstream from a fresh value
// it makes itself (uuid.NewString(), time.Now().UnixNano(), rand, a
// helper with a FreshFunc fact), and the call that makes it. The key must
// reach the effect reported: set in its arguments, or into a request or
// input that it is given. A request_id is left to the ordinary finding:
// one made per call is as often a trace or audit id as a key.
func perCallKey(fz *freshness, first *effects.EffectAt) (effects.KeySet, *ast.CallExpr) {
	info, h := fz.info, fz.h
	for _, ks := range h.KeySets() {
		if names.Normalize(ks.Key) == "requestid" {
			continue
		}
		call := fz.origin(ks.Value)
		if call == nil || !reachesEffect(info, h, ks, first) && !fz.flowsInto(ks, first) {
			continue
		}
		return ks, call
	}
	return effects.KeySet{}, nil
}

// freshness answers, in a handler, which values are fresh.
type freshness struct {
	info *types.Info
	h    *effects.Handler
	fr   *fresh.Result
	vf   *valueflow.Result
	// For the helpers findFallback looks into (helperFallback): the
	// tool's schema keys, the parameters of the function h is the flow
	// of (the client's data), and how many helpers deep it is.
	eff        *effects.Result
	schemaKeys []string
	params     map[types.Object]bool
	depth      int
	// outer is the caller's freshness, and args its arguments by the
	// helper's parameter, for a helper's.
	outer *freshness
	args  map[types.Object]ast.Expr
	env   *valueflow.Env // the engine's bindings of the helper's parameters at that call
	// facts is the pass that imports FreshFallback facts (facts.go).
	facts *analysis.Pass
}

// origin returns the fresh call the value of e is made from: a fresh
// call inside e, one a local variable of the handler is assigned (a few
// steps), or one whose result the engine finds e holds (a field of a
// struct value, a helper's result).
func (fz *freshness) origin(e ast.Expr) *ast.CallExpr {
	if c := fz.h.FreshOrigin(e); c != nil {
		return c
	}
	if fz.env != nil {
		if c := fz.fr.OriginIn(fz.info, fz.vf, e, fz.env); c != nil {
			return c
		}
	}
	// In a helper, a parameter holds what its caller gives it.
	if id, ok := ast.Unparen(e).(*ast.Ident); ok && fz.outer != nil {
		if a, ok := fz.args[fz.info.Uses[id]]; ok {
			return fz.outer.origin(a)
		}
	}
	return nil
}

// reachesEffect reports whether the key set ks is sent with the effect
// at: inside its call, or set into a variable (a request, an input
// struct) that the call is given.
func reachesEffect(info *types.Info, h *effects.Handler, ks effects.KeySet, at *effects.EffectAt) bool {
	var v *types.Var
	target := ks.Target
	for i := 0; target != nil && i < 4 && v == nil; i++ {
		switch x := ast.Unparen(target).(type) {
		case *ast.CompositeLit:
			v = h.LitVar(x)
			target = nil
		case *ast.Ident:
			if obj, ok := objOf(info, x).(*types.Var); ok {
				v = obj
			}
		case *ast.SelectorExpr:
			target = x.X
		case *ast.IndexExpr:
			target = x.X
		case *ast.StarExpr:
			target = x.X
		case *ast.UnaryExpr:
			target = x.X
		default:
			target = nil
		}
	}
	if at.Call.Pos() <= ks.Node.Pos() && ks.Node.End() <= at.Call.End() {
		return true
	}
	return v != nil && mentionsVar(info, at.Call, v)
}

// flowsInto reports whether the request or input the key is set into
// (a struct literal) is, as the value-flow engine finds it, what the
// effect's call is given: a literal kept in a field of a local struct
// (box := wrap{V: &cloud.Input{IdempotencyKey: k}}; c.Charge(ctx, box.V)).
func (fz *freshness) flowsInto(ks effects.KeySet, at *effects.EffectAt) bool {
	lit, ok := ast.Unparen(ks.Target).(*ast.CompositeLit)
	if u, isAddr := ast.Unparen(ks.Target).(*ast.UnaryExpr); isAddr {
		lit, ok = ast.Unparen(u.X).(*ast.CompositeLit)
	}
	if !ok || fz.vf == nil {
		return false
	}
	for _, a := range at.Call.Args {
		if holdsLit(fz.vf.Eval(a, nil), lit, 0) {
			return true
		}
	}
	return false
}

// holdsLit reports whether v, or a field of it (a struct passed whole to
// a helper), is the value the literal built.
func holdsLit(v *valueflow.Value, lit *ast.CompositeLit, depth int) bool {
	if depth > 3 {
		return false
	}
	for _, a := range v.Each() {
		if a.Node == ast.Node(lit) {
			return true
		}
		if a.Kind == valueflow.Struct {
			for _, f := range a.Fields {
				if holdsLit(f.Value, lit, depth+1) {
					return true
				}
			}
		}
	}
	return false
}

// mentionsVar reports whether n refers to v.
func mentionsVar(info *types.Info, n ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok && !found {
			if info.Uses[id] == v {
				found = true
			}
		}
		return !found
	})
	return found
}

func keyName(ks effects.KeySet) string {
	if ks.Key == "" {
		return ""
	}
	return fmt.Sprintf(" (%s)", ks.Key)
}

func objOf(info *types.Info, e ast.Expr) types.Object {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	if o := info.Defs[id]; o != nil {
		return o
	}
	return info.Uses[id]
}

// calleeName names the function whose call commits e: its Via, else its
// sink.
func calleeName(e *effects.Effect) string {
	if e.Via != "" {
		return e.Via
	}
	return e.Sink
}
