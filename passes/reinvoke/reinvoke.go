package reinvoke

import (
	_ "embed"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/internal/wording"
	"github.com/mcpvet/mcpvet/passes/blocks"
	"github.com/mcpvet/mcpvet/passes/config"
	"github.com/mcpvet/mcpvet/passes/effects"
	"github.com/mcpvet/mcpvet/passes/mcpmodel"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

//go:embed doc.go
var doc string

const name = "reinvoke"

// Analyzer reports side effects committed on a path that returns input
// requests.
var Analyzer = &analysis.Analyzer{
	Name:     name,
	Doc:      analysisutil.MustExtractDoc(doc, name),
	URL:      "https://pkg.go.dev/github.com/mcpvet/mcpvet/passes/reinvoke",
	Run:      run,
	Requires: []*analysis.Analyzer{config.Analyzer, blocks.Analyzer},
	// Partial code is checked too: the Reporter reports only in the
	// function declarations that type-checked (analysisutil/partial.go).
	RunDespiteErrors: true,
}

// function is one function body of the package.
type function struct {
	node ast.Node // *ast.FuncDecl or *ast.FuncLit
	body *ast.BlockStmt
	obj  types.Object // for declarations
}

type checker struct {
	pass  *analysis.Pass
	eff   *effects.Result
	flow  *valueflow.Result // the results of other packages' helpers
	rep   *analysisutil.Reporter
	dirs  *analysisutil.Directives
	irFns map[types.Object]bool // same-package functions that may return input requests
	decls map[types.Object]*function
	// answeredOnly memoizes whether a same-package function commits its
	// effects only once input responses are present.
	answeredOnly map[types.Object]bool
	facts        *analysis.Pass // the pass that imports AnsweredOnly facts (facts.go), or nil
}

func run(pass *analysis.Pass) (any, error) {
	if err := config.Err(pass); err != nil {
		return nil, err // a bad .mcpvet.yaml, named in the error
	}
	model := blocks.Of(pass).Model
	// Only code that imports an SDK can build input requests.
	if !model.MCP || !importsSDK(pass.Pkg) {
		return nil, nil
	}
	// The facts pass's checker when it made one (c.pass is then that
	// pass: the same package, its facts imported), else a new one.
	var c *checker
	var funcs []*function
	var deferred map[ast.Node]bool
	if f, _ := blocks.Of(pass).Registered(factsPass).(*factsResult); f != nil && f.c != nil {
		c, funcs, deferred = f.c, f.funcs, f.deferred
	} else {
		c, funcs = newChecker(pass, blocks.Of(pass).Effects, blocks.Of(pass).Flow)
		if f != nil {
			c.facts = f.pass
		}
	}
	c.dirs = analysisutil.ParseDirectives(pass)
	c.rep = analysisutil.NewReporter(pass, name, c.dirs)
	defer c.rep.Finish()

	// Tool names and //mcpvet:idempotent on registrations, by handler.
	tools := make(map[ast.Node]*mcpmodel.Tool)
	asserted := make(map[ast.Node]bool)
	for _, t := range model.Tools {
		if t.Handler == nil || t.Handler.Node() == nil {
			continue
		}
		n := t.Handler.Node()
		if tools[n] == nil {
			tools[n] = t
		}
		if c.dirs.Find("idempotent", t.Reg.Pos(), "") != nil {
			asserted[n] = true
		}
	}
	for _, fn := range funcs {
		if asserted[fn.node] || deferred[fn.node] || c.dirs.Find("idempotent", fn.node.Pos(), "") != nil {
			continue
		}
		if rets := c.irReturns(fn); len(rets) > 0 {
			c.check(fn, rets, tools[fn.node])
		}
	}
	// Handlers of other packages, by their BeforeInput facts.
	if c.facts != nil {
		for _, t := range model.Tools {
			if t.Handler != nil && t.Handler.Node() == nil && t.Handler.Obj != nil {
				c.checkRemote(t)
			}
		}
	}
	return nil, nil
}

// checkRemote reports, at its registration, a handler of another package
// whose package left its finding to the registrations (BeforeInput).
func (c *checker) checkRemote(t *mcpmodel.Tool) {
	obj := t.Handler.Obj
	if f, ok := obj.(*types.Func); ok {
		obj = f.Origin()
	}
	var f BeforeInput
	if obj.Pkg() == nil || obj.Pkg() == c.pass.Pkg || !c.facts.ImportObjectFact(obj, &f) || f.Effect == nil {
		return
	}
	if c.dirs.Find("idempotent", t.Reg.Pos(), "") != nil {
		return
	}
	// Named by the handler, as a handler of another package is named by
	// dedupekey; the related positions lead to the effect.
	e := *f.Effect
	e.Via = effects.QualifiedName(t.Handler.Obj)
	related := c.eff.Related(c.pass.Fset, f.Effect)
	if pos := c.eff.HopPos(c.pass.Fset, f.Return); pos.IsValid() {
		related = append(related, analysis.RelatedInformation{Pos: pos, End: pos, Message: wording.Fix("input requests returned here", fixOf(f.Effect))})
	}
	c.rep.Report(analysis.Diagnostic{
		Pos: t.HandlerArg.Pos(), End: t.HandlerArg.End(),
		Category: wording.EffectBeforeInput,
		Message:  message(wording.Tool(t.Name), &e),
		Related:  related,
	})
}

// newChecker returns a checker of pass's functions (declarations and
// literals), with the functions that return input requests found.
func newChecker(pass *analysis.Pass, eff *effects.Result, flow *valueflow.Result) (*checker, []*function) {
	c := &checker{
		pass:  pass,
		eff:   eff,
		flow:  flow,
		irFns: make(map[types.Object]bool),
		decls: make(map[types.Object]*function),

		answeredOnly: make(map[types.Object]bool),
	}
	var funcs []*function
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Body != nil {
					funcs = append(funcs, &function{node: n, body: n.Body, obj: pass.TypesInfo.Defs[n.Name]})
				}
			case *ast.FuncLit:
				funcs = append(funcs, &function{node: n, body: n.Body})
			}
			return true
		})
	}
	for _, fn := range funcs {
		if fn.obj != nil {
			c.decls[fn.obj] = fn
		}
	}
	// Functions that return input requests, directly or by returning the
	// result of another such function of this package.
	for changed := true; changed; {
		changed = false
		for _, fn := range funcs {
			if fn.obj != nil && !c.irFns[fn.obj] && len(c.irReturns(fn)) > 0 {
				c.irFns[fn.obj] = true
				changed = true
			}
		}
	}
	return c, funcs
}

// importsSDK reports whether pkg imports an SDK package directly.
func importsSDK(pkg *types.Package) bool {
	for _, q := range pkg.Imports() {
		if isSDK(q.Path()) {
			return true
		}
	}
	return false
}

// locals indexes the assignments of one function body.
type locals struct {
	defs     map[*types.Var][]def
	irFields map[*types.Var]bool // v.InputRequests = ..., v.MultiRoundTripResult = ...
}

type def struct {
	rhs ast.Expr
	idx int // index into a tuple-valued rhs, or -1
}

func (c *checker) locals(body *ast.BlockStmt) *locals {
	info := c.pass.TypesInfo
	l := &locals{defs: make(map[*types.Var][]def), irFields: make(map[*types.Var]bool)}
	add := func(lhs, rhs ast.Expr, idx int) {
		switch lhs := ast.Unparen(lhs).(type) {
		case *ast.Ident:
			if v, ok := objOf(info, lhs).(*types.Var); ok {
				l.defs[v] = append(l.defs[v], def{rhs, idx})
			}
		case *ast.SelectorExpr:
			x, ok := ast.Unparen(lhs.X).(*ast.Ident)
			if !ok {
				return
			}
			v, ok := objOf(info, x).(*types.Var)
			if !ok {
				return
			}
			switch lhs.Sel.Name {
			case "InputRequests", "MultiRoundTripResult":
				if tv, ok := info.Types[rhs]; !ok || !tv.IsNil() {
					l.irFields[v] = true
				}
			case "ResultType":
				if tv, ok := info.Types[rhs]; ok && tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == inputRequiredValue {
					l.irFields[v] = true
				}
			}
		}
	}
	analysisutil.EachAssign(body, add)
	return l
}

func objOf(info *types.Info, id *ast.Ident) types.Object {
	if o := info.Defs[id]; o != nil {
		return o
	}
	return info.Uses[id]
}

// irReturns lists fn's return statements that return input requests
// (nested function literals excluded).
func (c *checker) irReturns(fn *function) map[*ast.ReturnStmt]bool {
	var l *locals
	rets := make(map[*ast.ReturnStmt]bool)
	ast.Inspect(fn.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if l == nil {
				l = c.locals(fn.body)
			}
			for _, r := range n.Results {
				if c.isIR(l, r, 0) {
					rets[n] = true
				}
			}
		}
		return true
	})
	return rets
}

// isIR reports whether e evaluates to a result that asks for input.
func (c *checker) isIR(l *locals, e ast.Expr, depth int) bool {
	if depth > 4 {
		return false
	}
	info := c.pass.TypesInfo
	e = ast.Unparen(c.flow.Inlined(e)) // what a literal run in place returns
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		return irLiteral(info, e)
	case *ast.CallExpr:
		fn, key := calleeKey(info, e)
		if fn == nil {
			return false
		}
		if irCalls[key] || c.irFns[fn] {
			return true
		}
		// A helper of another package (confirm(msg) returning a result
		// with input requests): its summary, as the engine sees it.
		return fn.Pkg() != c.pass.Pkg && c.flow != nil && sdkTyped(info.TypeOf(e)) && irValue(c.flow.Eval(e, nil), 0)
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok {
			return false
		}
		if l.irFields[v] {
			return true
		}
		for _, d := range l.defs[v] {
			if d.idx <= 0 && c.isIR(l, d.rhs, depth+1) {
				return true
			}
		}
	}
	return false
}

// event is a key read, an effect or a return of input requests.
type event struct {
	pos       token.Pos
	read      bool
	ret       *ast.ReturnStmt // a return of input requests
	call      *ast.CallExpr
	effect    *effects.Effect
	protected bool // the effect's callee or arguments carry a dedupe key
}

// finding is an effect committed on a path that then returns input
// requests.
type finding struct {
	effect *effects.Effect
	call   *ast.CallExpr
	ret    *ast.ReturnStmt
}

// check reports fn's finding, if any, naming tool when fn is its handler.
func (c *checker) check(fn *function, rets map[*ast.ReturnStmt]bool, tool *mcpmodel.Tool) {
	f := c.find(fn, rets)
	if f == nil {
		return
	}
	who := "this function"
	if tool != nil {
		who = wording.Tool(tool.Name)
	}
	c.rep.Report(analysis.Diagnostic{
		Pos: f.call.Pos(), End: f.call.End(),
		Category: wording.EffectBeforeInput,
		Message:  message(who, f.effect),
		Related: append(c.eff.Related(c.pass.Fset, f.effect),
			analysis.RelatedInformation{Pos: f.ret.Pos(), End: f.ret.End(), Message: wording.Fix("input requests returned here", fixOf(f.effect))}),
	})
}

// message words a finding about who's effect e.
func message(who string, e *effects.Effect) string {
	via := e.Sink
	if e.Via != "" {
		via = e.Via
	}
	return wording.EffectBeforeInputMessage(who, wording.Effect(e.Kind, e.Method, via))
}

// fixOf is the fix for effect e, shown at the return of input requests.
func fixOf(e *effects.Effect) string {
	if e.Idempotent {
		return "commit the effect only once InputResponses are present: it repeats on every round, even if the user declines"
	}
	return "commit the effect only once InputResponses are present, or check a dedupe key first"
}

// find returns the effect of fn most worth reporting that is committed,
// with no dedupe key read before it, on a path that then returns input
// requests (one of rets) without the responses being present; nil when
// there is none.
func (c *checker) find(fn *function, rets map[*ast.ReturnStmt]bool) *finding {
	info := c.pass.TypesInfo
	sc := c.eff.NewScope(info, fn.body)
	l := c.locals(fn.body)
	g := cfg.New(fn.body, func(*ast.CallExpr) bool { return true })
	events := make([][]event, len(g.Blocks))
	for _, b := range g.Blocks {
		if b.Live {
			for _, n := range b.Nodes {
				events[b.Index] = append(events[b.Index], c.nodeEvents(sc, n, rets)...)
			}
		}
	}
	preds := make([][]*cfg.Block, len(g.Blocks))
	for _, b := range g.Blocks {
		if b.Live {
			for _, s := range b.Succs {
				preds[s.Index] = append(preds[s.Index], b)
			}
		}
	}
	keyedIn := mustFlow(g, preds, func(p, b *cfg.Block, in bool) bool {
		for _, ev := range events[p.Index] {
			in = in || ev.read
		}
		return in
	})
	answeredIn := mustFlow(g, preds, func(p, b *cfg.Block, in bool) bool {
		return in || c.edgeAnswered(l, p, b)
	})
	// reach[b] is a return of input requests reachable from b's start.
	reach := make([]*ast.ReturnStmt, len(g.Blocks))
	for changed := true; changed; {
		changed = false
		for _, b := range g.Blocks {
			if !b.Live || reach[b.Index] != nil {
				continue
			}
			var r *ast.ReturnStmt
			for _, ev := range events[b.Index] {
				if ev.ret != nil {
					r = ev.ret
					break
				}
			}
			for _, s := range b.Succs {
				if r == nil {
					r = reach[s.Index]
				}
			}
			if r != nil {
				reach[b.Index] = r
				changed = true
			}
		}
	}

	var best *event
	var bestRet *ast.ReturnStmt
	for _, b := range g.Blocks {
		if !b.Live || answeredIn[b.Index] {
			continue
		}
		keyed := keyedIn[b.Index]
		evs := events[b.Index]
		for i := range evs {
			ev := &evs[i]
			if ev.read {
				keyed = true
			}
			if ev.effect == nil || keyed || ev.protected {
				continue
			}
			var r *ast.ReturnStmt
			for _, later := range evs[i+1:] {
				if later.ret != nil {
					r = later.ret
					break
				}
			}
			for _, s := range b.Succs {
				if r == nil {
					r = reach[s.Index]
				}
			}
			if r == nil {
				continue
			}
			if best == nil || better(ev, best) {
				best, bestRet = ev, r
			}
		}
	}
	if best == nil {
		return nil
	}
	return &finding{effect: best.effect, call: best.call, ret: bestRet}
}

// better reports whether effect a should be reported rather than b: the
// one that matters most (effects.MoreSignificant), then the earlier.
func better(a, b *event) bool {
	if effects.MoreSignificant(a.effect, b.effect) || effects.MoreSignificant(b.effect, a.effect) {
		return effects.MoreSignificant(a.effect, b.effect)
	}
	return a.pos < b.pos
}

// mustFlow is a forward must-analysis over g: in[b] holds when, on every
// live path from the entry to b, the fact holds on the edge into b.
// edge(p, b, in[p]) gives the fact on the edge p→b.
func mustFlow(g *cfg.CFG, preds [][]*cfg.Block, edge func(p, b *cfg.Block, in bool) bool) []bool {
	in := make([]bool, len(g.Blocks))
	for i := range in {
		in[i] = i != 0
	}
	for changed := true; changed; {
		changed = false
		for _, b := range g.Blocks {
			if b.Index == 0 {
				continue
			}
			v := true
			for _, p := range preds[b.Index] {
				if !edge(p, b, in[p.Index]) {
					v = false
					break
				}
			}
			if v != in[b.Index] {
				in[b.Index] = v
				changed = true
			}
		}
	}
	return in
}

// nodeEvents lists the key reads, effects and returns of input requests
// of one CFG node in source order. Function literals are included (a
// transaction callback runs in place), except those that return input
// requests themselves: they are checked on their own.
func (c *checker) nodeEvents(sc *effects.Scope, n ast.Node, rets map[*ast.ReturnStmt]bool) []event {
	info := c.pass.TypesInfo
	var evs []event
	ast.Inspect(n, func(x ast.Node) bool {
		if lit, ok := x.(*ast.FuncLit); ok && len(c.irReturns(&function{node: lit, body: lit.Body})) > 0 {
			return false
		}
		if r, ok := x.(*ast.ReturnStmt); ok && rets[r] {
			// After the effects inside the returned expressions.
			evs = append(evs, event{pos: r.End(), ret: r})
		}
		if _, ok := c.eff.KeyReadAt(info, x); ok {
			evs = append(evs, event{pos: x.Pos(), read: true})
		}
		if call, ok := x.(*ast.CallExpr); ok {
			// A helper of this package that may itself return input
			// requests is checked on its own, path by path: a write
			// only once the responses are present is safe there, and a
			// write before its input requests is reported there, once.
			if fn, _ := typeutil.Callee(info, call).(*types.Func); fn != nil && (c.irFns[fn.Origin()] || c.writesOnlyAnswered(fn.Origin())) {
				return true
			}
			// So is a helper of another package: its package reports it.
			if fn, _ := typeutil.Callee(info, call).(*types.Func); fn != nil && fn.Pkg() != c.pass.Pkg && c.flow != nil && sdkTyped(info.TypeOf(call)) && irValue(c.flow.Eval(call, nil), 0) {
				return true
			}
			if e := c.eff.CallEffect(sc, call); e != nil {
				evs = append(evs, event{pos: call.Pos(), call: call, effect: e, protected: e.KeyChecked || c.argsReadKey(call)})
			}
		}
		return true
	})
	sort.SliceStable(evs, func(i, j int) bool { return evs[i].pos < evs[j].pos })
	return evs
}

// argsReadKey reports whether the call passes a dedupe key to the effect
// itself.
func (c *checker) argsReadKey(call *ast.CallExpr) bool {
	found := false
	for _, a := range call.Args {
		ast.Inspect(a, func(x ast.Node) bool {
			if _, ok := c.eff.KeyReadAt(c.pass.TypesInfo, x); ok {
				found = true
			}
			return !found
		})
	}
	return found
}

// writesOnlyAnswered reports whether fn, a function of this package,
// commits effects only on paths where the input responses are present
// (a helper called with the request: if len(req.Params.InputResponses) > 0
// { place(...) }): in a round without responses it writes nothing.
func (c *checker) writesOnlyAnswered(obj types.Object) bool {
	if v, ok := c.answeredOnly[obj]; ok {
		return v
	}
	c.answeredOnly[obj] = false // a cycle guard
	fn := c.decls[obj]
	if fn == nil {
		// A helper of another package, by its fact.
		v := obj.Pkg() != nil && obj.Pkg() != c.pass.Pkg && c.facts != nil && c.facts.ImportObjectFact(obj, new(AnsweredOnly))
		c.answeredOnly[obj] = v
		return v
	}
	sc := c.eff.NewScope(c.pass.TypesInfo, fn.body)
	l := c.locals(fn.body)
	g := cfg.New(fn.body, func(*ast.CallExpr) bool { return true })
	preds := make([][]*cfg.Block, len(g.Blocks))
	for _, b := range g.Blocks {
		if b.Live {
			for _, s := range b.Succs {
				preds[s.Index] = append(preds[s.Index], b)
			}
		}
	}
	answeredIn := mustFlow(g, preds, func(p, b *cfg.Block, in bool) bool {
		return in || c.edgeAnswered(l, p, b)
	})
	any := false
	for _, b := range g.Blocks {
		if !b.Live {
			continue
		}
		for _, n := range b.Nodes {
			for _, ev := range c.nodeEvents(sc, n, nil) {
				if ev.effect == nil {
					continue
				}
				if !answeredIn[b.Index] {
					return false
				}
				any = true
			}
		}
	}
	// A helper that only calls such helpers (nodeEvents leaves their
	// effects to them) writes only once the responses are present too.
	if !any {
		any = c.callsAnsweredOnly(fn.body)
	}
	c.answeredOnly[obj] = any
	return any
}

// callsAnsweredOnly reports whether body calls a function that commits
// its effects only once the input responses are present.
func (c *checker) callsAnsweredOnly(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(x ast.Node) bool {
		if found {
			return false
		}
		if call, ok := x.(*ast.CallExpr); ok {
			if fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func); fn != nil && c.writesOnlyAnswered(fn.Origin()) {
				found = true
			}
		}
		return !found
	})
	return found
}
