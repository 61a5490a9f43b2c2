// Package wiring defines a building-block analyzer that records the
// tools whose handlers reach their effects only through an interface that
// the program's main package wires in, and resolves them there. It
// reports nothing.
//
// A handler that reaches its store only through an interface of its own
// module that no package it imports implements (effects' pending
// interface calls: model.TaskStore.SaveTask, implemented by
// store.SQLiteStore, which only main imports) commits no effect its
// package can see. Its package records the tool, with its hints, in a
// Pending package fact; the package that wires the program together
// (package main, or a cmd package main delegates to), which imports the
// implementations, resolves each pending call by the same rule as any
// interface call (Result.Wired). The checks judge the tools there:
// dedupekey a tool that is not idempotent and reads no key, toolhints a
// tool annotated read-only or idempotent whose handler writes.
//
// Where main calls the functions that register a package's tools itself
// (server.Register(s, store)), it registers only the tools those
// functions reach (PendingTool.Entries: a cobra command that calls
// Register does not register what RegisterDirect does); where it reaches
// the package only through another (bootstrap.Build(cfg) making the
// server), any of its tools may be registered. A tool registered in a
// _test.go file is not recorded.
//
// A handler that commits an effect its package sees is judged there, and
// is not recorded. Only the main module's packages leave interface calls
// pending (effects' pending.go), and, where the driver knows them
// (analysisutil.SetLocalModules), those of the program's other own
// modules, replaced by a local directory.
package wiring

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/passes/config"
	"github.com/mcpvet/mcpvet/passes/effects"
	"github.com/mcpvet/mcpvet/passes/mcpmodel"
	"github.com/mcpvet/mcpvet/passes/toolcalls"
)

// Analyzer exports the Pending facts and resolves them in a wiring
// package.
var Analyzer = &analysis.Analyzer{
	Name:       "wiring",
	Doc:        "records tools whose effects main wires in through an interface (Pending facts) and resolves them in the wiring package; it reports nothing",
	URL:        "https://pkg.go.dev/github.com/mcpvet/mcpvet/passes/wiring",
	Run:        run,
	Requires:   []*analysis.Analyzer{config.Analyzer, effects.Analyzer, mcpmodel.Analyzer, toolcalls.Analyzer},
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(Pending)},
	// The checks run on packages with type errors (see blocks).
	RunDespiteErrors: true,
}

// Pending is the package fact that the package registers tools whose
// handlers commit no effect it can see, but call an interface method
// that only a package importing the implementations can resolve.
type Pending struct {
	Tools []PendingTool
}

// PendingTool is one tool of a Pending fact.
type PendingTool struct {
	Name       string
	ReadOnly   mcpmodel.Hint
	Idempotent mcpmodel.Hint
	Annotated  bool        // the SDK has tool annotations (an idempotent effect is still reported)
	Keyed      bool        // the handler reads a dedupe key, or its schema names one
	Asserted   bool        // an //mcpvet:idempotent directive on the registration or the handler
	HintFile   string      // mcpmodel.Tool.HintFile
	Reg        effects.Hop // the registration
	Hint       effects.Hop // the annotation that sets the hints (HintNode), when there is one
	Calls      []PendingCall
	// Entries are the names of the package's exported functions and of
	// its methods through which the registration runs (the function
	// that makes it, and those that call it, in the package): a wiring
	// package that calls none of them does not register the tool. Nil
	// when not known (a registration at package level, or reached from
	// one): any call of the package's functions may.
	Entries []string
}

// PendingCall is one pending interface call of a handler, in source
// order: a read may come before the write (GetTask, then UpdateTask).
type PendingCall struct {
	Iface string      // the interface method, "path.Type.Method" (effects.Effect.Iface)
	Via   string      // what the handler calls (the method, or the helper that calls it), as the related position words it
	At    effects.Hop // the handler's call
	// Converged marks a call of a function whose guard stands before its
	// interface calls (a guarded transition: effects' guard.go): what
	// they commit converges.
	Converged bool
}

// Method returns the name of the interface method c calls.
func (c PendingCall) Method() string { return c.Iface[strings.LastIndexByte(c.Iface, '.')+1:] }

func (*Pending) AFact() {}
func (f *Pending) String() string {
	var names []string
	for _, t := range f.Tools {
		var ifaces []string
		for _, c := range t.Calls {
			ifaces = append(ifaces, c.Iface)
		}
		names = append(names, t.Name+" -> "+strings.Join(ifaces, " "))
	}
	return "pending(" + strings.Join(names, ", ") + ")"
}

// Result is the analyzer's result.
type Result struct {
	pass *analysis.Pass // imports the Pending facts
	eff  *effects.Result
}

func run(pass *analysis.Pass) (any, error) {
	eff := pass.ResultOf[effects.Analyzer].(*effects.Result)
	res := &Result{pass: pass, eff: eff}
	if analysisutil.Library(pass) {
		return res, nil
	}
	exportPending(pass, eff, pass.ResultOf[mcpmodel.Analyzer].(*mcpmodel.Model), pass.ResultOf[toolcalls.Analyzer].(*toolcalls.Result))
	return res, nil
}

// exportPending exports the package's Pending fact, if it has tools to
// record: tools that are not idempotent, or annotated read-only or
// idempotent, whose handlers commit no effect the package sees but make
// pending interface calls.
func exportPending(pass *analysis.Pass, eff *effects.Result, model *mcpmodel.Model, calls *toolcalls.Result) {
	// Only the program's own packages leave interface calls pending
	// (effects' pending.go): a dependency's handlers have none.
	own := pass.Module == nil || pass.Module.Version == "" || analysisutil.InLocalModule(pass.Pkg.Path())
	if !model.MCP || len(model.Tools) == 0 || !own {
		return
	}
	dirs := analysisutil.ParseDirectives(pass)
	var fact Pending
	var refs *referrers
	for _, t := range model.Tools {
		if t.Name == "" || t.Test || t.Idempotent == mcpmodel.Unknown || t.ReadOnly == mcpmodel.Unknown || t.Handler == nil || calls.Forwarder(t) {
			continue
		}
		var ps []pendingAt
		keyed := t.Deduped != nil
		asserted := dirs.Find("idempotent", t.Reg.Pos(), "") != nil
		remote := ""
		if body := t.Handler.Body(); body != nil {
			asserted = asserted || dirs.Find("idempotent", t.Handler.Node().Pos(), "") != nil
			var k bool
			ps, k = pendingIn(pass, eff, body)
			keyed = keyed || k
		} else if obj := t.Handler.Obj; obj != nil && obj.Pkg() != pass.Pkg {
			if eff.HandlerEffect(obj, t.Handler.Ref, t.Handler.Env) != nil {
				continue
			}
			keyed = keyed || eff.FuncKeyRead(obj) != nil
			if p := eff.PendingFunc(obj, t.Handler.Ref); p != nil {
				ps, remote = pendingEach(p, t.HandlerArg.Pos()), effects.QualifiedName(obj)
			}
		}
		if len(ps) == 0 {
			continue
		}
		// The schema's keys last: the engine's are computed on demand.
		if !keyed && t.ReadOnly == mcpmodel.False {
			keyed = len(t.Schema()) > 0
		}
		reg, ok := effects.HopAt(pass, t.Reg.Pos(), "")
		if !ok {
			continue
		}
		pt := PendingTool{Name: t.Name, ReadOnly: t.ReadOnly, Idempotent: t.Idempotent, Annotated: t.SDK.Annotated(), Keyed: keyed, Asserted: asserted, HintFile: t.HintFile, Reg: reg}
		if t.HintNode != nil {
			pt.Hint, _ = effects.HopAt(pass, t.HintNode.Pos(), "")
		}
		for _, p := range ps {
			via := p.e.Via
			if via == "" {
				via = p.e.Sink
			}
			at, ok := effects.HopAt(pass, p.at, via)
			if !ok {
				continue
			}
			via = "the handler calls " + via + " here"
			if remote != "" {
				via = "the handler " + remote + " calls " + p.e.Via
			}
			pt.Calls = append(pt.Calls, PendingCall{Iface: p.e.Iface, Via: via, At: at, Converged: p.e.Idempotent})
		}
		if len(pt.Calls) > 0 {
			if refs == nil {
				refs = newReferrers(pass)
			}
			pt.Entries = refs.entries(t.Reg.Pos())
			fact.Tools = append(fact.Tools, pt)
		}
	}
	if len(fact.Tools) > 0 {
		pass.ExportPackageFact(&fact)
	}
}

// pendingAt is a pending interface call and where the handler makes it.
type pendingAt struct {
	e  *effects.Effect
	at token.Pos
}

// pendingEach returns each of the pending interface calls of p (nil:
// none), in order, made at pos.
func pendingEach(p *effects.Effect, pos token.Pos) []pendingAt {
	var out []pendingAt
	for _, key := range p.Ifaces() {
		c := *p
		c.Iface, c.MoreIfaces = key, nil
		out = append(out, pendingAt{e: &c, at: pos})
	}
	return out
}

// maxPendingCalls bounds the calls a Pending fact keeps per tool.
const maxPendingCalls = 4

// pendingIn returns the pending interface calls of a handler body that
// commits no effect its package sees, in source order, one per interface
// method (nil otherwise), and whether the body reads a dedupe key.
func pendingIn(pass *analysis.Pass, eff *effects.Result, body *ast.BlockStmt) (out []pendingAt, keyed bool) {
	info := pass.TypesInfo
	sc := eff.NewScope(info, body)
	seen := make(map[string]bool)
	clean := true
	ast.Inspect(body, func(n ast.Node) bool {
		if !clean {
			return false
		}
		if _, ok := eff.KeyReadAt(info, n); ok {
			keyed = true
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		e, p := eff.CallEffectOrPending(sc, call)
		if e != nil {
			clean = false // an effect this package sees: judged here
			return false
		}
		for _, pa := range pendingEach(p, call.Pos()) {
			if len(out) < maxPendingCalls && !seen[pa.e.Iface] {
				seen[pa.e.Iface] = true
				out = append(out, pa)
			}
		}
		return true
	})
	if !clean {
		return nil, keyed
	}
	return out, keyed
}

// Wired is a tool of an imported package's Pending fact, in the package
// that wires the program together.
type Wired struct {
	Tool PendingTool
	Pkg  *types.Package // the package that registers it
	// At is the wiring package's call that builds that package's server
	// (mainCalls): where the tool is reported.
	At *ast.CallExpr
}

// Wired returns, in a wiring package (package main, or a cmd package main
// delegates to), the tools of the Pending facts of the packages it
// imports that it builds the server of, by package path; nil elsewhere.
func (r *Result) Wired(pass *analysis.Pass) []Wired {
	if r == nil || !wiringPackage(pass.Pkg) {
		return nil
	}
	var pending []analysis.PackageFact
	for _, pf := range r.pass.AllPackageFacts() {
		if _, ok := pf.Fact.(*Pending); ok && pf.Package != pass.Pkg {
			pending = append(pending, pf)
		}
	}
	if len(pending) == 0 {
		return nil
	}
	sort.Slice(pending, func(i, j int) bool { return pending[i].Package.Path() < pending[j].Package.Path() })
	calls, called := mainCalls(pass)
	var out []Wired
	for _, pf := range pending {
		at, ok := calls[pf.Package.Path()]
		if !ok {
			continue // main does not build that package's server itself
		}
		tools := pf.Fact.(*Pending).Tools
		entry := func(t PendingTool) bool { // main calls one of t's entries
			return slices.ContainsFunc(t.Entries, func(e string) bool {
				return called[pf.Package.Path()+"."+e] || called["."+e]
			})
		}
		// Where main calls the functions that register the package's
		// tools, it registers those it calls; where it reaches them only
		// through another package (bootstrap.Build(cfg) making the
		// server), any tool of the package may be.
		direct := slices.ContainsFunc(tools, entry)
		for _, t := range tools {
			if direct && t.Entries != nil && !entry(t) {
				continue // main calls none of the functions that register it
			}
			out = append(out, Wired{Tool: t, Pkg: pf.Package, At: at})
		}
	}
	return out
}

// referrers indexes, for each function of the package, the functions
// whose bodies refer to it (a call, or a use as a value).
type referrers struct {
	pass *analysis.Pass
	by   map[*types.Func][]*types.Func
	top  map[*types.Func]bool // referred to outside any function (a package-level initializer)
}

func newReferrers(pass *analysis.Pass) *referrers {
	r := &referrers{pass: pass, by: make(map[*types.Func][]*types.Func), top: make(map[*types.Func]bool)}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			var in *types.Func
			if ok {
				in, _ = pass.TypesInfo.Defs[fd.Name].(*types.Func)
			}
			ast.Inspect(d, func(n ast.Node) bool {
				id, ok := n.(*ast.Ident)
				if !ok {
					return true
				}
				fn, _ := pass.TypesInfo.Uses[id].(*types.Func)
				if fn == nil || fn.Pkg() != pass.Pkg {
					return true
				}
				fn = fn.Origin()
				if in == nil || in.Name() == "init" && in.Signature().Recv() == nil {
					r.top[fn] = true
				} else if !slices.Contains(r.by[fn], in) {
					r.by[fn] = append(r.by[fn], in)
				}
				return true
			})
		}
	}
	return r
}

// maxEntryWalk bounds the functions entries visits.
const maxEntryWalk = 64

// entries returns the names through which the function that contains
// pos runs (PendingTool.Entries): it, when exported or a method, and the
// same of the functions of the package that refer to it, transitively;
// nil when a function on the way is referred to at package level, by an
// init function, or the walk is too long.
func (r *referrers) entries(pos token.Pos) []string {
	fd := analysisutil.FuncDeclAt(r.pass.Files, pos)
	if fd == nil {
		return nil
	}
	start, _ := r.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if start == nil || start.Name() == "init" && start.Signature().Recv() == nil {
		return nil
	}
	seen := map[*types.Func]bool{start: true}
	queue := []*types.Func{start}
	var out []string
	for len(queue) > 0 {
		fn := queue[0]
		queue = queue[1:]
		if r.top[fn] || len(seen) > maxEntryWalk {
			return nil
		}
		if (fn.Exported() || fn.Signature().Recv() != nil) && !slices.Contains(out, fn.Name()) {
			out = append(out, fn.Name())
		}
		for _, c := range r.by[fn] {
			if !seen[c] {
				seen[c] = true
				queue = append(queue, c)
			}
		}
	}
	if len(out) == 0 {
		return nil
	}
	sort.Strings(out)
	return out
}

// Resolve returns the first pending call of w's tool that resolves here
// to a firm effect that accept takes, and the effect; nil when none.
func (r *Result) Resolve(w Wired, accept func(*effects.Effect, PendingCall) bool) (*effects.Effect, PendingCall) {
	for _, c := range w.Tool.Calls {
		e := r.eff.ResolveIface(c.Iface)
		if e == nil || e.Pending() || e.Soft() {
			continue
		}
		if c.Converged && !e.Idempotent {
			cp := *e
			cp.Idempotent, cp.Guarded = true, true
			e = &cp
		}
		if accept(e, c) {
			return e, c
		}
	}
	return nil, PendingCall{}
}

// Related returns the related positions of a finding about w's tool
// whose pending call c resolved to e: hint (the message of the tool's
// own position: the annotation when the check judges a hint, else the
// registration), the handler's call, and e's trail. Under go vet an
// imported package's file has only the lines its export data needs;
// where the tool's position is not shown, where says where it is
// ("registered at server.go:27"), for the message.
func (r *Result) Related(pass *analysis.Pass, w Wired, c PendingCall, e *effects.Effect, atHint bool, msg string) (related []analysis.RelatedInformation, where string) {
	h, verb := w.Tool.Reg, "registered"
	if atHint && w.Tool.Hint.File != "" {
		h, verb = w.Tool.Hint, "annotated"
	}
	if pos := r.eff.HopPos(pass.Fset, h); pos.IsValid() {
		related = append(related, analysis.RelatedInformation{Pos: pos, End: pos, Message: msg})
	} else {
		where = fmt.Sprintf("%s at %s:%d", verb, baseName(h.File), h.Line)
	}
	if pos := r.eff.HopPos(pass.Fset, c.At); pos.IsValid() {
		related = append(related, analysis.RelatedInformation{Pos: pos, End: pos, Message: c.Via})
	}
	return append(related, r.eff.Related(pass.Fset, e)...), where
}

func baseName(file string) string { return filepath.Base(file) }

// wiringPackage reports whether pkg is where a program wires its parts
// together: package main, or a cmd package that main delegates to (a
// cobra program's cmd.Execute(): the path's last element is cmd, or the
// package is under a cmd directory).
func wiringPackage(pkg *types.Package) bool {
	if pkg.Name() == "main" {
		return true
	}
	path := pkg.Path()
	return strings.HasSuffix(path, "/cmd") || strings.Contains(path, "/cmd/")
}

// mainCalls returns, for the calls of functions of other packages that
// the wiring package makes, by package path the call that builds that
// package's server: the first call of a function of that package
// returning one of its own types (server.NewMCPServer(...)), or else the
// first call of any of its functions (server.Register(s, ...)), in
// source order. And the functions and methods called: by "path.Name" a
// function of another package or a method of a type declared there, by
// ".Name" a method of an interface (its implementation is not known
// here).
func mainCalls(pass *analysis.Pass) (first map[string]*ast.CallExpr, called map[string]bool) {
	first = make(map[string]*ast.CallExpr)
	called = make(map[string]bool)
	ctor := make(map[string]bool) // first's call returns a type of its package
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn, _ := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
			if fn == nil || fn.Pkg() == nil || fn.Pkg() == pass.Pkg {
				return true
			}
			path := fn.Pkg().Path()
			if c := returnsOwnType(fn); first[path] == nil || c && !ctor[path] {
				first[path], ctor[path] = call, c
			}
			if recv := fn.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) {
				called["."+fn.Name()] = true
			} else {
				called[path+"."+fn.Name()] = true
			}
			return true
		})
	}
	return first, called
}

// returnsOwnType reports whether fn's first result is a type declared in
// fn's package (or a pointer to one): a constructor of that package.
func returnsOwnType(fn *types.Func) bool {
	res := fn.Signature().Results()
	if res.Len() == 0 {
		return false
	}
	t := types.Unalias(res.At(0).Type())
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() == fn.Pkg()
}
