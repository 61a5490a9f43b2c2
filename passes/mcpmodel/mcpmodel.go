// Package mcpmodel defines a building-block analyzer that finds the MCP
// tools a package registers: their names, their idempotent and read-only
// hints, and their handlers. It reports nothing.
//
// Registrations are found through the SDKs' own entry points
// (go-sdk mcp.AddTool and (*mcp.Server).AddTool; mcp-go
// (*server.MCPServer).AddTool, AddSessionTool, server.ServerTool values;
// the other Go SDKs' in sdk_*.go) and through a project's own wrappers: any call, composite literal or
// return statement that carries both a tool definition (a Tool value,
// mcp.NewTool, mcp-go tool options, an annotations value) and a function
// value pairs the two.
//
// A tool registered on a server that installs the idem middleware
// (sdk_idem.go), which dedupes keyed calls before any handler runs, is
// Deduped.
//
// Precision first: a hint that is not a constant the model can resolve is
// Unknown, and a handler it cannot resolve is nil; the checks stay silent
// on both.
package mcpmodel

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/internal/names"
	"github.com/mcpvet/mcpvet/passes/config"
	"github.com/mcpvet/mcpvet/passes/effects"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// Analyzer builds the Model of a package.
var Analyzer = &analysis.Analyzer{
	Name:       "mcpmodel",
	Doc:        "finds MCP tool registrations, their hints and handlers; it reports nothing",
	URL:        "https://pkg.go.dev/github.com/mcpvet/mcpvet/passes/mcpmodel",
	Run:        run,
	Requires:   []*analysis.Analyzer{config.Analyzer, valueflow.Analyzer},
	ResultType: reflect.TypeFor[*Model](),
	FactTypes:  []analysis.Fact{new(PackageInfo), new(WrapsHandler), new(OptionHints), new(Registers), new(TemplatePackage), new(Handles)},
}

// PackageInfo is a package fact, exported when one of its fields is true:
// what an importer would otherwise learn by walking the import graph or
// scanning the package's scope again, once per importer.
type PackageInfo struct {
	UsesSDK   bool // the package imports an SDK package, directly or not
	ToolTypes bool // it declares a struct type with an IdempotentHint field
	// JSONRPC: the package answers tools/call itself, or imports a
	// package that does, directly or not (sdk_jsonrpc.go).
	JSONRPC bool
}

func (*PackageInfo) AFact() {}

func (f *PackageInfo) String() string {
	if f.JSONRPC {
		return fmt.Sprintf("mcppackage(sdk=%v, tooltypes=%v, jsonrpc)", f.UsesSDK, f.ToolTypes)
	}
	return fmt.Sprintf("mcppackage(sdk=%v, tooltypes=%v)", f.UsesSDK, f.ToolTypes)
}

// Hint is the resolved value of a tool annotation hint.
type Hint int

const (
	Unknown Hint = iota // not a constant the model could resolve
	False               // false, or absent (the spec default)
	True
)

func (h Hint) String() string { return [...]string{"unknown", "false", "true"}[h] }

// Model is what a package registers.
type Model struct {
	// MCP reports whether the package imports an MCP SDK, directly or
	// through other packages. When false, Tools is empty.
	MCP bool
	// ImportsSDK reports whether the package imports an SDK package,
	// directly or through other packages (MCP may be true without it).
	ImportsSDK bool
	Tools      []*Tool
}

// Tool is one registered tool.
type Tool struct {
	SDK  SDK
	Name string   // the constant tool name, or ""
	Reg  ast.Node // the registering call, composite literal or return statement
	Def  ast.Expr // the tool definition expression
	// DefValue is the definition's value, for a registration made by a
	// call of a registration helper (templates.go), whose Def is the call.
	DefValue   *valueflow.Value
	Idempotent Hint
	ReadOnly   Hint
	// Destructive is True when the tool's annotations say so explicitly
	// (DestructiveHint: true); the spec's default (true when not
	// read-only) is not taken: it only outweighs a POST's being a read by
	// design (effects.Effect.Soft), which needs the tool's own word.
	Destructive Hint
	// DestructiveRead is true when the model read Destructive from the
	// value of the tool's annotations or options (a hint a builder sets
	// under a condition of a table's field), and DestructiveUnset when
	// that value leaves DestructiveHint nil: Destructive is then False,
	// and the spec's default applies (the inventory says "unset").
	DestructiveRead, DestructiveUnset bool
	HintNode                          ast.Node // the annotation that set the hints, or Def
	// HintFile is file:line of the data file entry that declares the
	// hints, when a data file does rather than Go (catalogue.go).
	HintFile   string
	HandlerArg ast.Expr // the handler expression as registered
	Handler    *Func    // nil when the handler could not be resolved
	// Dispatch is set on each of the Tools that stand for one
	// registration whose handler runs one of several functions chosen
	// by an argument (a dispatcher looking up registry[op]): one Tool per
	// function, with the registration's name and hints.
	Dispatch *Dispatch
	// SchemaKeys are the argument names the tool's input schema describes
	// as idempotency or deduplication keys (mcp-go WithString(name,
	// Description("idempotency key ..."))).
	SchemaKeys []string
	// Deduped is the call that installs, on the server the tool is
	// registered on, a middleware that deduplicates keyed tool calls
	// before the handler runs (idem's Install or Middleware, sdk_idem.go):
	// the handler reads a dedupe key before any effect. Nil when none is
	// known.
	Deduped ast.Node
	// Upstream is set when the handler is a literal of a function of
	// another package (a tool constructor returning the tool and its
	// handler) and that package registers the same tool, with the same
	// hints, itself (a Handles fact): its checks judge the handler
	// there, so a finding here would repeat theirs.
	Upstream bool
	// Test says the registration is in a _test.go file: a test's own
	// server, which no client retries against. The server checks skip it
	// (the tool a test registers is judged where the program registers
	// it); the client checks may still read its hints.
	Test bool

	schema *lazySchema // the engine's schema keys, asked for only when needed (Schema)

	server ast.Expr // the server an SDK registration registers on, for Deduped
	opts   bool     // hints from a wrapper's mcp-go options, no definition to re-resolve
	inst   bool     // one instance of a registration site (flow.go), resolved by the engine
}

// Dispatch describes a registration whose handler dispatches to one of
// several functions (Tool.Dispatch).
type Dispatch struct {
	Ops      int  // the functions resolved, one Tool each
	Complete bool // every function it may run resolved
}

// lazySchema holds the input schema's keys the value-flow engine finds,
// computed on first use: asked of every registration, the engine cost
// 4% of the CPU time of a run, and only a finding needs the answer.
type lazySchema struct {
	once sync.Once
	fn   func() []string
	keys []string
}

// Schema returns SchemaKeys, or where the syntax found none, the keys
// the value-flow engine finds in the tool's definition (a description
// passed to a registration helper as a parameter, kept in a field),
// computed on first use. The checks ask it before they report, and may
// ask in parallel.
func (t *Tool) Schema() []string {
	if len(t.SchemaKeys) > 0 || t.schema == nil {
		return t.SchemaKeys
	}
	t.schema.once.Do(func() {
		t.schema.keys, t.schema.fn = t.schema.fn(), nil
	})
	return t.schema.keys
}

// LazySchema reports whether Schema may find keys that SchemaKeys lacks.
func (t *Tool) LazySchema() bool { return len(t.SchemaKeys) == 0 && t.schema != nil }

// ReadByName reports whether e, the tool's effect, is a POST that the
// tool's name says is a read (effects.NamedRead), and the tool does not
// say it is destructive: dedupekey and toolhints take it as a read.
func (t *Tool) ReadByName(e *effects.Effect) bool {
	return t.Destructive != True && effects.NamedRead(e, t.Name)
}

// Func is a resolved handler.
type Func struct {
	Obj  types.Object  // the named function or method, if any
	Decl *ast.FuncDecl // its declaration, when in this package
	Lit  *ast.FuncLit  // the function literal, for closures
	// Ref names, for a literal of Obj, a function of another package (a
	// closure of a table or registry that package fills, a
	// constructor's result), which of its literals it is: effects'
	// HandlerEffect judges the literal's own body. Zero when the
	// handler is Obj itself.
	Ref effects.LitRef
	// Env binds, for a literal made in a loop over a table (or by a
	// function called per row), the variables it captures to this
	// tool's instance: its row (flow.go). Nil otherwise.
	Env *valueflow.Env
}

// Body returns the handler's body when it is in this package, or nil.
func (f *Func) Body() *ast.BlockStmt {
	switch {
	case f.Lit != nil:
		return f.Lit.Body
	case f.Decl != nil:
		return f.Decl.Body
	}
	return nil
}

// Type returns the handler's function type.
func (f *Func) Type() *ast.FuncType {
	switch {
	case f.Lit != nil:
		return f.Lit.Type
	case f.Decl != nil:
		return f.Decl.Type
	}
	return nil
}

// Node returns the handler's syntax, or nil when it is in another package.
func (f *Func) Node() ast.Node {
	switch {
	case f.Lit != nil:
		return f.Lit
	case f.Decl != nil:
		return f.Decl
	}
	return nil
}

// importsSDK reports whether the package imports an SDK package,
// directly or transitively: by its direct imports and their PackageInfo
// facts. Without facts (a driver that has none), only direct imports
// count.
func importsSDK(pass *analysis.Pass) bool {
	for _, q := range pass.Pkg.Imports() {
		if effects.InSDKModule(q.Path()) {
			return true
		}
		var f PackageInfo
		if pass.ImportPackageFact(q, &f) && f.UsesSDK {
			return true
		}
	}
	return false
}

// hasOwnToolTypes reports whether pkg or a package it imports directly
// declares a struct type with an IdempotentHint field: a project's own
// annotations type, converted to an SDK's elsewhere (kubernetes-mcp-server
// registers its tools through api.ServerTool{Tool: api.Tool{Annotations:
// api.ToolAnnotations{...}}} in packages that never import an SDK).
// Its own scope is scanned; its imports' are known by their PackageInfo
// facts.
func hasOwnToolTypes(pass *analysis.Pass, own bool) bool {
	if own {
		return true
	}
	for _, q := range pass.Pkg.Imports() {
		var f PackageInfo
		if pass.ImportPackageFact(q, &f) && f.ToolTypes {
			return true
		}
	}
	return false
}

type builder struct {
	lazyMu   *sync.Mutex // guards the builder in the lazy schemas the checks may ask in parallel
	pass     *analysis.Pass
	decls    map[types.Object]*ast.FuncDecl
	pkgVars  map[*types.Var]ast.Expr
	locals   map[*types.Var][]ast.Expr // single-assignment locals, whole package
	tupleRhs map[*types.Var]ast.Expr   // the call a local is one result of (t, h := ctor(c)), when that is its one assignment
	consumed map[ast.Node]bool
	model    *Model

	vf        *valueflow.Result         // the value-flow engine (flow.go)
	varIdents map[*types.Var]*ast.Ident // an identifier of each variable, for Eval

	optMemo map[*types.Func]*OptionHints // OptionHints of this package's options (options.go)
	cfgMemo map[*types.Func]*OptionHints // and of its functions that configure a tool

	idem        bool                           // the package imports idem's SDK packages (sdk_idem.go)
	toolsServer map[*ast.CompositeLit]ast.Expr // ServerTool literals given to AddTools, to the server
	// annotatedServerTool: the variables whose tool's annotations the
	// package sets, and whether it sets others'
	toolAnnVars  map[*types.Var]bool
	toolAnnOther bool

	templates  map[*types.Func][]*template    // the package's templates (templates.go)
	tmplPkgs   map[*types.Package]bool        // packages with a TemplatePackage fact, by lookup
	paramFuncs map[types.Object]*ast.FuncDecl // the function declaring each parameter (filler), made on first use
}

func run(pass *analysis.Pass) (any, error) {
	m := &Model{}
	// Skip packages that cannot register tools, as lostcancel skips
	// packages without context: the common case under go vet. The SDKs'
	// own packages are described by the tables in sdk.go.
	if effects.Library(pass) {
		return m, nil
	}
	m.ImportsSDK = importsSDK(pass)
	own := declaresToolTypes(pass.Files, pass.TypesInfo)
	// A package that imports an SDK registers through it: only one
	// that does not is read for a tools/call of its own (sdk_jsonrpc.go;
	// a go-sdk middleware tests for "tools/call" too).
	var calls [][]ast.Stmt
	if !m.ImportsSDK {
		calls = toolsCallBodies(pass.Files, pass.TypesInfo)
	}
	jsonrpc := len(calls) > 0 || importsJSONRPC(pass)
	if m.ImportsSDK || own || jsonrpc {
		pass.ExportPackageFact(&PackageInfo{UsesSDK: m.ImportsSDK, ToolTypes: own, JSONRPC: jsonrpc})
	}
	if !m.ImportsSDK && !jsonrpc && !hasOwnToolTypes(pass, own) {
		return m, nil
	}
	m.MCP = true
	b := &builder{
		lazyMu:   new(sync.Mutex),
		vf:       pass.ResultOf[valueflow.Analyzer].(*valueflow.Result),
		pass:     pass,
		decls:    make(map[types.Object]*ast.FuncDecl),
		pkgVars:  make(map[*types.Var]ast.Expr),
		locals:   make(map[*types.Var][]ast.Expr),
		consumed: make(map[ast.Node]bool),
		model:    m,
		idem:     importsIdem(pass.Pkg),
	}
	b.index()
	b.exportWrappers()
	b.exportOptions()
	// SDK registrations first, so that generic pairing skips them. Plain
	// ast.Inspect, not inspect.Analyzer: an inspector would be kept for
	// every package until the run ends.
	for _, f := range pass.Files {
		analysisutil.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				b.sdkCall(n)
			case *ast.CompositeLit:
				b.serverTool(n)
			}
			return true
		})
	}
	if len(calls) > 0 {
		b.jsonrpcRegistrations(calls) // sdk_jsonrpc.go
	}
	for _, f := range pass.Files {
		analysisutil.Inspect(f, func(n ast.Node) bool {
			switch n.(type) {
			case *ast.CallExpr, *ast.CompositeLit, *ast.ReturnStmt:
				if !b.consumed[n] {
					b.pairing(n)
				}
			}
			return true
		})
	}
	b.resolveTemplates()
	b.dropOperations()
	b.markDeduped()
	b.switchedHandlers()
	b.dropDead()
	for _, t := range m.Tools {
		t.Test = strings.HasSuffix(pass.Fset.Position(t.Reg.Pos()).Filename, "_test.go")
	}
	b.exportHandles()
	b.markUpstream()
	return m, nil
}

// dropDead drops a registration written in an unexported function that
// nothing in its package calls or refers to, when a live function of the
// package registers a tool of the same name: the leftover
// registerBatchTool beside the registerBatchToolMP the server calls,
// which would report each tool twice. (An uncalled function alone is
// still judged: it is often one a test or a build tag calls.) Only a
// plain function counts: a method may be called through an interface.
func (b *builder) dropDead() {
	var dead map[*types.Func]bool
	isDead := func(t *Tool) bool {
		fd, _ := b.enclosingFunc(t.Reg.Pos()).(*ast.FuncDecl)
		if fd == nil || fd.Recv != nil || fd.Name.IsExported() || fd.Name.Name == "init" || fd.Name.Name == "main" {
			return false
		}
		if dead == nil {
			dead = b.unreferenced()
		}
		fn := b.funcObj(fd)
		return fn != nil && dead[fn]
	}
	var drop map[*Tool]bool
	live := make(map[string]bool)
	for _, t := range b.model.Tools {
		if t.Name == "" {
			continue
		}
		if isDead(t) {
			if drop == nil {
				drop = make(map[*Tool]bool)
			}
			drop[t] = true
		} else {
			live[t.Name] = true
		}
	}
	if len(drop) == 0 {
		return
	}
	out := b.model.Tools[:0]
	for _, t := range b.model.Tools {
		if !drop[t] || !live[t.Name] {
			out = append(out, t)
		}
	}
	b.model.Tools = out
}

// unreferenced returns the unexported plain functions of the package
// that no identifier of it uses, other than in such functions (a helper
// only a dead function calls is dead too).
func (b *builder) unreferenced() map[*types.Func]bool {
	info := b.pass.TypesInfo
	cand := make(map[*types.Func]bool)
	for id, obj := range info.Defs {
		if fn, ok := obj.(*types.Func); ok && !fn.Exported() && fn.Type().(*types.Signature).Recv() == nil && id.Name != "_" && id.Name != "init" && id.Name != "main" {
			cand[fn] = true
		}
	}
	// users[fn] are the functions whose bodies use fn; nil marks a use
	// outside a candidate (a live one).
	users := make(map[*types.Func][]*types.Func)
	for id, obj := range info.Uses {
		fn, ok := obj.(*types.Func)
		if !ok || !cand[fn.Origin()] {
			continue
		}
		var in *types.Func
		if fd, _ := b.enclosingFunc(id.Pos()).(*ast.FuncDecl); fd != nil && fd.Recv == nil {
			if f := b.funcObj(fd); f != nil && cand[f] {
				in = f
			}
		}
		users[fn.Origin()] = append(users[fn.Origin()], in)
	}
	dead := make(map[*types.Func]bool)
	for changed := true; changed; {
		changed = false
		for fn := range cand {
			if dead[fn] {
				continue
			}
			all := true
			for _, u := range users[fn] {
				if u == nil || u != fn && !dead[u] {
					all = false
					break
				}
			}
			if all {
				dead[fn], changed = true, true
			}
		}
	}
	return dead
}

// index records function declarations and single-assignment variables.
func (b *builder) index() {
	info := b.pass.TypesInfo
	for _, f := range b.pass.Files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if obj := info.Defs[d.Name]; obj != nil {
					b.decls[obj] = d
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					vs, ok := s.(*ast.ValueSpec)
					if !ok || len(vs.Values) != len(vs.Names) {
						continue
					}
					for i, n := range vs.Names {
						if v, ok := info.Defs[n].(*types.Var); ok {
							b.pkgVars[v] = vs.Values[i]
						}
					}
				}
			}
		}
		analysisutil.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Lhs) != len(n.Rhs) {
					for _, l := range n.Lhs {
						b.noteLocal(l, nil)
						if len(n.Rhs) == 1 {
							if v, ok := info.ObjectOf(identOf(l)).(*types.Var); ok {
								if b.tupleRhs == nil {
									b.tupleRhs = make(map[*types.Var]ast.Expr)
								}
								b.tupleRhs[v] = n.Rhs[0]
							}
						}
					}
					return true
				}
				for i, l := range n.Lhs {
					b.noteLocal(l, n.Rhs[i])
				}
			case *ast.ValueSpec:
				for i, name := range n.Names {
					var rhs ast.Expr
					if len(n.Values) == len(n.Names) {
						rhs = n.Values[i]
					}
					b.noteLocal(name, rhs)
				}
			}
			return true
		})
	}
}

func (b *builder) noteLocal(lhs, rhs ast.Expr) {
	id, ok := lhs.(*ast.Ident)
	if !ok {
		return
	}
	obj := b.pass.TypesInfo.Defs[id]
	if obj == nil {
		obj = b.pass.TypesInfo.Uses[id]
	}
	v, ok := obj.(*types.Var)
	if !ok || v.Parent() == v.Pkg().Scope() {
		return
	}
	b.locals[v] = append(b.locals[v], rhs)
}

// value resolves an identifier to the single expression assigned to it.
func (b *builder) value(e ast.Expr) ast.Expr {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return e
	}
	v, ok := b.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return e
	}
	if x, ok := b.pkgVars[v]; ok {
		return x
	}
	if xs := b.locals[v]; len(xs) == 1 && xs[0] != nil {
		return xs[0]
	}
	return e
}

func calleeKey(fn *types.Func) (key2 [2]string, key3 [3]string, ok bool) {
	if fn == nil || fn.Pkg() == nil {
		return
	}
	fn = fn.Origin()
	recv := ""
	if sig, _ := fn.Type().(*types.Signature); sig != nil && sig.Recv() != nil {
		_, recv = namedIn(sig.Recv().Type())
	}
	return [2]string{fn.Pkg().Path(), fn.Name()}, [3]string{fn.Pkg().Path(), recv, fn.Name()}, true
}

// sdkCall handles a direct SDK registration.
func (b *builder) sdkCall(call *ast.CallExpr) {
	fn, _ := typeutil.Callee(b.pass.TypesInfo, call).(*types.Func)
	_, k3, ok := calleeKey(fn)
	if !ok {
		return
	}
	reg, ok := registrations[k3]
	if !ok && b.otherSDKCall(k3, call) { // sdk_other.go
		b.consumed[call] = true
		return
	}
	if b.idem {
		b.noteToolsServer(k3, call) // sdk_idem.go
	}
	if ok && reg.handler >= len(call.Args) && len(call.Args) == reg.tool+1 {
		// s.AddTool(tools.Create()): one call gives the tool and the
		// handler, its results.
		if inner, isCall := ast.Unparen(call.Args[reg.tool]).(*ast.CallExpr); isCall {
			if tup, isTuple := b.pass.TypesInfo.TypeOf(inner).(*types.Tuple); isTuple && tup.Len() == 2 {
				b.consumed[call] = true
				n := len(b.model.Tools)
				b.addResults(reg.sdk, call, inner)
				if b.idem {
					srv := b.registrationServer(call)
					for _, t := range b.model.Tools[n:] {
						t.server = srv
					}
				}
				return
			}
		}
	}
	if !ok || reg.handler >= len(call.Args) {
		return
	}
	b.consumed[call] = true
	n := len(b.model.Tools)
	b.add(reg.sdk, call, call.Args[reg.tool], call.Args[reg.handler])
	if k3 == newServerTool && b.annotatedServerTool(call) {
		// Annotations set on a tool NewServerTool made: not followed.
		for _, t := range b.model.Tools[n:] {
			t.Idempotent, t.ReadOnly, t.Destructive = Unknown, Unknown, Unknown
		}
	}
	if b.idem {
		srv := b.registrationServer(call)
		for _, t := range b.model.Tools[n:] {
			t.server = srv
		}
	}
}

// newServerTool is go-sdk v0.1.0's NewServerTool (registrations).
var newServerTool = [3]string{goSDK, "", "NewServerTool"}

// annotatedServerTool reports whether the package sets annotations on
// the tool call, a go-sdk NewServerTool, makes: it assigns to the
// Annotations of a go-sdk Tool, or to a ServerTool's Tool
// (st.Tool.Annotations = &mcp.ToolAnnotations{...}), through the
// variable the call is assigned to or through another expression (a
// loop's element), which may be any tool's. The hints are then not the
// spec's defaults.
func (b *builder) annotatedServerTool(call *ast.CallExpr) bool {
	info := b.pass.TypesInfo
	if b.toolAnnVars == nil {
		b.toolAnnVars = make(map[*types.Var]bool)
		for _, f := range b.pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				as, ok := n.(*ast.AssignStmt)
				if !ok {
					return true
				}
				for _, lhs := range as.Lhs {
					sets := false
					e := ast.Unparen(lhs)
					for {
						sel, ok := e.(*ast.SelectorExpr)
						if !ok {
							break
						}
						if v, ok := info.Uses[sel.Sel].(*types.Var); ok && v.IsField() && v.Pkg() != nil && v.Pkg().Path() == goSDK && (v.Name() == "Annotations" || v.Name() == "Tool") {
							sets = true
						}
						e = ast.Unparen(sel.X)
					}
					if !sets {
						continue
					}
					if id, ok := e.(*ast.Ident); ok {
						if v, ok := info.Uses[id].(*types.Var); ok {
							b.toolAnnVars[v] = true
							continue
						}
					}
					b.toolAnnOther = true
				}
				return true
			})
		}
	}
	if b.toolAnnOther {
		return true
	}
	if len(b.toolAnnVars) == 0 {
		return false
	}
	for v := range b.toolAnnVars {
		for _, rhs := range b.locals[v] {
			if rhs == call {
				return true
			}
		}
		if v.Parent() == v.Pkg().Scope() || b.locals[v] == nil {
			return true // a package variable, a parameter: not followed
		}
	}
	return false
}

// addResults records the registration of the tool and handler one call
// returns (s.AddTool(tools.Create())), by the engine's values of its two
// results: a function of the package, or a method of a value whose
// dynamic type it finds (a tool group behind an interface).
func (b *builder) addResults(sdk SDK, reg ast.Node, inner *ast.CallExpr) {
	if b.vf == nil {
		return
	}
	// The group the call is made on may be the enclosing function's
	// parameter (AddDocumentTools(s, docTool)): each call of it gives one.
	for _, in := range b.instanceEnvs(reg, inner) {
		t := &Tool{SDK: sdk, Reg: reg, Def: inner, HintNode: inner, HandlerArg: inner}
		if in.node != nil {
			t.Reg = in.node
		}
		t.Idempotent, t.ReadOnly, t.Destructive = Unknown, Unknown, Unknown
		t.DefValue = b.vf.Implemented(b.vf.EvalResult(inner, 0, in.env))
		b.flowDef(t, t.DefValue)
		t.Handler = b.flowHandler(b.vf.Implemented(b.vf.EvalResult(inner, 1, in.env)))
		if t.Name == "" && t.Handler == nil {
			continue
		}
		b.model.Tools = append(b.model.Tools, t)
	}
}

// serverTool handles mcp-go server.ServerTool{Tool: t, Handler: h}.
func (b *builder) serverTool(lit *ast.CompositeLit) {
	path, name := namedIn(b.pass.TypesInfo.TypeOf(lit))
	sdk, ok := serverToolTypes[[2]string{path, name}]
	if !ok {
		return
	}
	b.consumed[lit] = true
	var tool, handler ast.Expr
	for i, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			switch k, _ := kv.Key.(*ast.Ident); {
			case k != nil && k.Name == "Tool":
				tool = kv.Value
			case k != nil && k.Name == "Handler":
				handler = kv.Value
			}
		} else if i == 0 {
			tool = el
		} else if i == 1 {
			handler = el
		}
	}
	if tool != nil && handler != nil {
		n := len(b.model.Tools)
		b.add(sdk, lit, tool, handler)
		for _, t := range b.model.Tools[n:] {
			t.server = b.toolsServer[lit] // sdk_idem.go
		}
	}
}

// pairing handles a project's own registration wrapper: a call, composite
// literal or return statement that carries a tool definition and a
// function value.
func (b *builder) pairing(n ast.Node) {
	var parts []ast.Expr
	switch n := n.(type) {
	case *ast.CallExpr:
		fn, _ := typeutil.Callee(b.pass.TypesInfo, n).(*types.Func)
		if fn != nil && fn.Pkg() != nil && isSDKPath(fn.Pkg().Path()) {
			return // mcp.NewTool(...) and other SDK calls are not wrappers
		}
		if fn != nil && b.jsonrpcTemplate(fn) {
			return // a server's own RegisterTool: its template registers the call
		}
		parts = n.Args
	case *ast.CompositeLit:
		for _, el := range n.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Value
			}
			parts = append(parts, el)
		}
	case *ast.ReturnStmt:
		parts = n.Results
	}
	if len(parts) < 2 {
		return
	}
	var defs, opts, funcs []ast.Expr
	for _, p := range parts {
		t := b.pass.TypesInfo.TypeOf(p)
		switch classifyType(t) {
		case goSDKTool, mcpGoTool, ownTool, goSDKAnnotations, mcpGoAnnotation, ownAnnotations:
			defs = append(defs, p)
			continue
		case mcpGoOption:
			opts = append(opts, p)
			continue
		}
		if t != nil {
			if _, ok := t.Underlying().(*types.Signature); ok {
				funcs = append(funcs, p)
			}
		}
	}
	if len(defs) > 1 || len(funcs) == 0 || (len(defs) == 0 && len(opts) == 0) {
		return
	}
	handler := b.pickHandler(funcs)
	if handler == nil {
		return
	}
	if len(defs) == 1 {
		before := len(b.model.Tools)
		b.add(sdkOf(classifyType(b.pass.TypesInfo.TypeOf(defs[0]))), n, defs[0], handler)
		b.dropRegistered(before)
		if call, ok := n.(*ast.CallExpr); ok {
			b.storedByCallee(call, defs[0], b.model.Tools[min(before, len(b.model.Tools)):])
		}
		return
	}
	// Options only, as in MustTool(name, desc, handler, opts...): the
	// wrapper builds the tool with mcp.NewTool, whose hints default to false.
	t := &Tool{SDK: MCPGo, Reg: n, Def: opts[0], Idempotent: False, ReadOnly: False, Destructive: False, HintNode: opts[0], opts: true}
	for _, o := range opts {
		b.option(t, o)
	}
	if t.Name == "" {
		if call, ok := n.(*ast.CallExpr); ok {
			t.Name = firstConstString(b.pass.TypesInfo, call.Args)
		}
	}
	t.HandlerArg = handler
	t.Handler = b.resolveHandler(handler, 0)
	b.model.Tools = append(b.model.Tools, t)
}

// storedByCallee gives the registrations ts of a wrapper's call the
// hints of the tool as the wrapper leaves it: a helper that annotates the
// tool it is given before it registers it (t.Annotations = a;
// mcp.AddTool(s, t, h)) registers the annotated tool, not the argument.
func (b *builder) storedByCallee(call *ast.CallExpr, def ast.Expr, ts []*Tool) {
	fn := typeutil.StaticCallee(b.pass.TypesInfo, call)
	if b.vf == nil || fn == nil || len(ts) == 0 {
		return
	}
	idx := slices.Index(call.Args, def)
	if sig := fn.Type().(*types.Signature); idx < 0 || sig.Variadic() && idx >= sig.Params().Len()-1 {
		return
	}
	args := b.vf.Args(fn, call, nil)
	_, after := b.vf.Stored(fn, b.vf.Recv(fn, call, nil), args)
	if idx >= len(args) || after[idx] == args[idx] {
		return // the wrapper stores nothing into the tool
	}
	var u Tool
	u.Idempotent, u.ReadOnly, u.Destructive = Unknown, Unknown, Unknown
	b.flowDef(&u, after[idx])
	for _, t := range ts {
		t.Idempotent, t.ReadOnly, t.Destructive = u.Idempotent, u.ReadOnly, u.Destructive
	}
}

func sdkOf(k toolKind) SDK {
	switch k {
	case goSDKTool, goSDKAnnotations:
		return GoSDK
	case mcpGoTool, mcpGoAnnotation, mcpGoOption:
		return MCPGo
	}
	return Own
}

// pickHandler chooses the handler among several function values: the one
// taking a context.Context (or returning a function that does).
func (b *builder) pickHandler(funcs []ast.Expr) ast.Expr {
	if len(funcs) == 1 {
		return funcs[0]
	}
	var found ast.Expr
	for _, f := range funcs {
		sig, _ := b.pass.TypesInfo.TypeOf(f).Underlying().(*types.Signature)
		if sig != nil && takesContext(sig) {
			if found != nil {
				return nil // ambiguous
			}
			found = f
		}
	}
	return found
}

func takesContext(sig *types.Signature) bool {
	for i := 0; i < sig.Params().Len(); i++ {
		if path, name := namedIn(sig.Params().At(i).Type()); path == "context" && name == "Context" {
			return true
		}
	}
	if sig.Results().Len() == 1 {
		if inner, ok := sig.Results().At(0).Type().Underlying().(*types.Signature); ok {
			return takesContext(inner)
		}
	}
	return false
}

func firstConstString(info *types.Info, args []ast.Expr) string {
	for _, a := range args {
		if tv, ok := info.Types[a]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
			return constant.StringVal(tv.Value)
		}
	}
	return ""
}

// add records a registration. When the values it registers differ per
// element of a table or per call of the function that makes it, it is
// one registration per instance (flow.go). Otherwise the syntax decides,
// and the value-flow engine fills what the syntax does not resolve.
func (b *builder) add(sdk SDK, reg ast.Node, def, handler ast.Expr) {
	if b.pairedServerTool(reg, def) {
		return
	}
	// env binds what the registration reads from the parameters of the
	// function that makes it, when one call in the package makes it.
	var env *valueflow.Env
	if b.vf != nil {
		if b.noteTemplate(sdk, reg, def, handler) {
			return // templates.go makes its calls' registrations
		}
		envs := b.instanceEnvs(reg, def, handler)
		if ts := b.flowRegistrations(sdk, reg, def, handler, envs); ts != nil {
			b.model.Tools = append(b.model.Tools, ts...)
			return
		}
		if len(envs) == 1 {
			env = envs[0].env
		}
	}
	t := &Tool{SDK: sdk, Reg: reg, Def: def, HintNode: def}
	b.toolDef(t, def, 0)
	t.HandlerArg = handler
	t.Handler = b.resolveHandler(handler, 0)
	flowed := false
	// A definition the package changes after it is written (tool.
	// Annotations.IdempotentHint = ptr(true), ann.ReadOnlyHint = true
	// under a condition) is the engine's: the syntax reads the literal.
	updated := b.vf != nil && b.updatedDef(def)
	if b.vf != nil && (updated || t.Name == "" || t.Idempotent == Unknown || t.ReadOnly == Unknown || t.Destructive == Unknown) {
		flowed = true
		var u Tool
		b.flowDef(&u, b.vf.Eval(def, env))
		if t.Name == "" {
			t.Name = u.Name
		}
		// An input schema's keys the syntax did not find are the
		// engine's.
		if len(t.SchemaKeys) == 0 {
			t.SchemaKeys = u.SchemaKeys
		}
		// Each hint the syntax leaves unknown is the engine's.
		if t.Idempotent == Unknown || updated {
			t.Idempotent = u.Idempotent
		}
		if t.ReadOnly == Unknown || updated {
			t.ReadOnly = u.ReadOnly
		}
		if t.Destructive == Unknown || updated || !t.DestructiveRead && u.DestructiveRead {
			t.Destructive = u.Destructive
			t.DestructiveRead, t.DestructiveUnset = u.DestructiveRead, u.DestructiveUnset
		}
		if t.HintFile == "" {
			t.HintFile = u.HintFile
		}
	}
	if b.vf != nil && !flowed && len(t.SchemaKeys) == 0 {
		// Not run for the schema alone: only on the checks' demand.
		vf, mu := b.vf, b.lazyMu
		t.schema = &lazySchema{fn: func() []string {
			mu.Lock()
			defer mu.Unlock()
			var u Tool
			b.flowDef(&u, vf.Eval(def, env))
			return u.SchemaKeys
		}}
	}
	if b.vf != nil {
		hv := b.vf.Eval(handler, env)
		f := b.flowHandler(hv)
		if t.Handler == nil || f != nil && !sameFunc(f, t.Handler) && b.inMiddleware(t.Handler) {
			// The engine's handler where the syntax found none, or
			// landed in the closure a middleware returns (a generic
			// wrapper's result reached through an options struct).
			t.Handler = f
		}
		// A handler the engine follows to one function, through locals
		// and struct values of this function, is this registration's
		// own: not a template whose field takes each value of its type.
		_, isLit := ast.Unparen(handler).(*ast.FuncLit)
		if f != nil && !isLit && len(hv.Each()) == 1 && (hv.Kind == valueflow.Func || hv.Kind == valueflow.Closure) && t.Name != "" {
			t.inst = true
		}
		b.model.Tools = append(b.model.Tools, b.withOps(t, hv)...)
		return
	}
	b.model.Tools = append(b.model.Tools, t)
}

// dropRegistered drops the tools from index from on that an SDK
// registration of the package already registers (the same name and
// handler): a {tool, handler} value that a loop or a call hands to the
// SDK is that registration, not a second one.
func (b *builder) dropRegistered(from int) {
	kept := b.model.Tools[:from]
	for _, t := range b.model.Tools[from:] {
		dup := false
		for _, u := range b.model.Tools[:from] {
			if t.Name != "" && u.Name == t.Name && t.Handler != nil && u.Handler != nil && sameFunc(t.Handler, u.Handler) {
				dup = true
				break
			}
		}
		if !dup {
			kept = append(kept, t)
		}
	}
	b.model.Tools = kept
}

// dropOperations drops the registrations generic pairing made of a
// dispatcher's operations: a struct literal holding options and a
// function (Verb{Name: "send", Handler: h, Annotations: opts}) whose
// function a registration dispatches to (Tool.Dispatch). The operation
// is part of that tool; its options describe it, they are not a tool's.
func (b *builder) dropOperations() {
	var ops []*Func
	for _, t := range b.model.Tools {
		if t.Dispatch != nil {
			ops = append(ops, t.Handler)
		}
	}
	if ops == nil {
		return
	}
	isOp := func(f *Func) bool {
		return slices.ContainsFunc(ops, func(g *Func) bool { return sameFunc(f, g) })
	}
	b.model.Tools = slices.DeleteFunc(b.model.Tools, func(t *Tool) bool {
		if _, lit := t.Reg.(*ast.CompositeLit); !lit || !t.opts {
			return false
		}
		if t.Handler != nil {
			return isOp(t.Handler)
		}
		// A handler the syntax does not resolve (wrap(c, h), c's
		// middleware a field): as the engine follows it.
		fs, _ := b.allFuncs(b.vf.Eval(t.HandlerArg, nil), -1)
		return slices.ContainsFunc(fs, isOp)
	})
}

// pairedServerTool reports whether a registration registers the Tool
// field of an mcp-go ServerTool value whose composite literals the engine
// finds (s.AddTool(st.Tool, st.Handler), or a ServerTool literal that
// wraps another's handler): those literals are the registrations, in this
// package or the one that builds them.
func (b *builder) pairedServerTool(reg ast.Node, def ast.Expr) bool {
	ds, ok := ast.Unparen(def).(*ast.SelectorExpr)
	if !ok || ds.Sel.Name != "Tool" || b.vf == nil {
		return false
	}
	info := b.pass.TypesInfo
	path, name := namedIn(info.TypeOf(ds.X))
	if _, ok := serverToolTypes[[2]string{path, name}]; !ok {
		return false
	}
	if allStructs(b.vf.Eval(ds.X, nil)) {
		return true
	}
	// A helper's parameter (register(s, st) { s.AddTool(st.Tool,
	// st.Handler) }): the values each call passes.
	envs := b.instanceEnvs(reg, ds.X)
	for _, in := range envs {
		if in.env == nil || !allStructs(b.vf.Eval(ds.X, in.env)) {
			return false
		}
	}
	return len(envs) > 0
}

// allStructs reports whether every value v can hold is a struct value
// the engine knows (a composite literal, here or where a fact says).
func allStructs(v *valueflow.Value) bool {
	for _, a := range v.Each() {
		if a.Kind != valueflow.Struct {
			return false
		}
	}
	return true
}

// pairedValue reports whether v, the tool a template registers, is the
// Tool field of a value that pairs it with its handler (an mcp-go
// ServerTool) holding, with recv and args, only struct values: like
// pairedServerTool, those values are the registrations, where they are
// made.
func (b *builder) pairedValue(fn *types.Func, v, recv *valueflow.Value, args []*valueflow.Value) bool {
	if v == nil || v.Kind != valueflow.Field || v.Name != "Tool" || v.X == nil {
		return false
	}
	x := b.vf.SubstRecv(fn, v.X, recv, args)
	for _, a := range x.Each() {
		if a.Kind != valueflow.Struct {
			return false
		}
		if _, ok := serverToolTypes[namedPair(a.Type)]; !ok {
			return false
		}
	}
	return len(x.Each()) > 0
}

// toolDef fills t's name and hints from a tool definition expression.
func (b *builder) toolDef(t *Tool, e ast.Expr, depth int) {
	if depth > 4 {
		return
	}
	info := b.pass.TypesInfo
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	if tv, ok := info.Types[e]; ok && analysisutil.IsString(tv.Type) {
		// A registration by name (otherSDKCall): the SDK sets no
		// annotations.
		t.Idempotent, t.ReadOnly, t.Destructive = False, False, False
		t.Name, _ = b.constString(e)
		return
	}
	if b.otherToolVar(t, e, depth) { // sdk_other.go
		return
	}
	if v := b.value(e); v != e {
		b.toolDef(t, v, depth+1)
		return
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		switch classifyType(info.TypeOf(e)) {
		case goSDKTool, mcpGoTool, ownTool:
			t.Idempotent, t.ReadOnly, t.Destructive = False, False, False // no annotations: the spec defaults
			for _, el := range e.Elts {
				kv, ok := el.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				k, _ := kv.Key.(*ast.Ident)
				if k != nil {
					k = &ast.Ident{Name: canonField(info.TypeOf(e), k.Name)} // a field of its own named by its JSON tag
				}
				switch {
				case k == nil:
				case k.Name == "Name":
					if s, ok := b.constString(kv.Value); ok {
						t.Name = s
					}
				case k.Name == "Annotations":
					t.HintNode = kv.Value
					b.annotations(t, kv.Value, depth+1)
				case k.Name == "InputSchema":
					keys := schemaLitKeys(info, kv.Value, 0)
					if len(keys) == 0 && b.vf != nil { // a schema built elsewhere
						keys = schemaValueKeys(b.vf.Eval(kv.Value, nil), 0)
					}
					t.SchemaKeys = append(t.SchemaKeys, keys...)
				}
			}
		case goSDKAnnotations, mcpGoAnnotation, ownAnnotations:
			b.annotations(t, e, depth+1)
		}
	case *ast.CallExpr:
		if b.otherConstructor(t, e, depth) { // sdk_other.go
			return
		}
		fn, _ := typeutil.Callee(info, e).(*types.Func)
		k2, _, ok := calleeKey(fn)
		if ok && k2 == [2]string{mcpGoMCP, "NewToolWithRawSchema"} && len(e.Args) > 0 {
			t.Idempotent, t.ReadOnly, t.Destructive = False, False, False // no annotations: the spec defaults
			if s, ok := b.constString(e.Args[0]); ok {
				t.Name = s
			}
		}
		if ok && k2 == [2]string{mcpGoMCP, "NewTool"} && len(e.Args) > 0 {
			t.Idempotent, t.ReadOnly, t.Destructive = False, False, False // NewTool sets both to false
			if s, ok := b.constString(e.Args[0]); ok {
				t.Name = s
			}
			for i, a := range e.Args[1:] {
				if e.Ellipsis.IsValid() && i == len(e.Args)-2 {
					t.Idempotent, t.ReadOnly, t.Destructive = Unknown, Unknown, Unknown
					continue
				}
				b.option(t, a)
			}
		}
	}
}

// annotations fills t's hints from an annotations expression.
func (b *builder) annotations(t *Tool, e ast.Expr, depth int) {
	if depth > 5 {
		t.Idempotent, t.ReadOnly, t.Destructive = Unknown, Unknown, Unknown
		return
	}
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	if id, ok := e.(*ast.Ident); ok && id.Name == "nil" {
		t.Idempotent, t.ReadOnly, t.Destructive = False, False, False
		return
	}
	if v := b.value(e); v != e {
		b.annotations(t, v, depth+1)
		return
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		t.Idempotent, t.ReadOnly, t.Destructive = Unknown, Unknown, Unknown
		return
	}
	t.HintNode = lit
	t.Idempotent, t.ReadOnly, t.Destructive = False, False, False
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			t.Idempotent, t.ReadOnly, t.Destructive = Unknown, Unknown, Unknown
			return
		}
		k, _ := kv.Key.(*ast.Ident)
		if k != nil {
			k = &ast.Ident{Name: canonField(b.pass.TypesInfo.TypeOf(lit), k.Name)}
		}
		switch {
		case k == nil:
		case k.Name == "IdempotentHint":
			t.Idempotent = b.boolHint(kv.Value)
		case k.Name == "ReadOnlyHint":
			t.ReadOnly = b.boolHint(kv.Value)
		case k.Name == "DestructiveHint":
			t.Destructive = b.boolHint(kv.Value)
		}
	}
}

// boolHint resolves a bool or *bool hint value: a constant, nil,
// mcp.ToBoolPtr(c), ptr.To(c), &v or any call of one constant bool.
func (b *builder) boolHint(e ast.Expr) Hint {
	info := b.pass.TypesInfo
	e = ast.Unparen(e)
	if tv, ok := info.Types[e]; ok {
		if tv.IsNil() {
			return False
		}
		if tv.Value != nil && tv.Value.Kind() == constant.Bool {
			return hintOf(constant.BoolVal(tv.Value))
		}
	}
	switch e := e.(type) {
	case *ast.CallExpr:
		if len(e.Args) == 1 {
			if tv, ok := info.Types[e.Args[0]]; ok && tv.Value != nil && tv.Value.Kind() == constant.Bool {
				return hintOf(constant.BoolVal(tv.Value))
			}
			// A pointer helper (mcp.ToBoolPtr, ptr.To) given a bool
			// kept in a variable or a field.
			if t, ok := info.TypeOf(e.Args[0]).(*types.Basic); ok && t.Kind() == types.Bool {
				if _, isPtr := info.TypeOf(e).(*types.Pointer); isPtr {
					return b.boolHint(e.Args[0])
				}
			}
		}
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			if v := b.value(e.X); v != e.X {
				return b.boolHint(v)
			}
		}
	case *ast.Ident, *ast.SelectorExpr:
		if v := b.value(e); v != e {
			return b.boolHint(v)
		}
	}
	// Where the syntax stops (a hint kept in a struct field, an options
	// struct, a constructor's result), the engine goes on, as for names
	// (constString).
	if b.vf != nil {
		return boolValueHint(b.vf.Eval(e, nil))
	}
	return Unknown
}

func hintOf(v bool) Hint {
	if v {
		return True
	}
	return False
}

// option applies one mcp-go ToolOption to t.
func (b *builder) option(t *Tool, e ast.Expr) {
	info := b.pass.TypesInfo
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		if v := b.value(e); v != e {
			b.option(t, v) // an option kept in a local or a field
			return
		}
		if b.vf != nil {
			b.valueOption(t, b.vf.Eval(e, nil))
			return
		}
		t.Idempotent, t.ReadOnly, t.Destructive = Unknown, Unknown, Unknown
		return
	}
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != mcpGoMCP {
		// A project's own option may set any hint, unless its
		// OptionHints say which (utils.WithPagination()).
		if f := b.projectOption(fn); f != nil {
			f.apply(t)
			return
		}
		t.Idempotent, t.ReadOnly, t.Destructive = Unknown, Unknown, Unknown
		return
	}
	switch fn.Name() {
	case "WithIdempotentHintAnnotation":
		t.Idempotent = b.boolHint(call.Args[0])
		t.HintNode = call
	case "WithReadOnlyHintAnnotation":
		t.ReadOnly = b.boolHint(call.Args[0])
		t.HintNode = call
	case "WithDestructiveHintAnnotation":
		t.Destructive = b.boolHint(call.Args[0])
		t.DestructiveRead, t.DestructiveUnset = true, false
	case "WithToolAnnotation":
		b.annotations(t, call.Args[0], 0)
		t.HintNode = call
	case "WithString", "WithNumber", "WithInteger":
		k := schemaKey(info, call)
		if k == "" && b.vf != nil { // a name or description kept elsewhere
			k = schemaKeyValue(b.vf.Eval(call, nil))
		}
		if k != "" {
			t.SchemaKeys = append(t.SchemaKeys, k)
		}
	}
}

// resolveHandler finds the function a handler expression denotes:
// closures, named functions, method values, SDK adapters
// (mcp.NewTypedToolHandler(h)), middleware taking one handler, and
// factories that return the handler (func(deps) Handler { return func... }).
func (b *builder) resolveHandler(e ast.Expr, depth int) *Func {
	if depth > 5 {
		return nil
	}
	info := b.pass.TypesInfo
	e = ast.Unparen(e)
	switch x := e.(type) {
	case *ast.FuncLit:
		if inner := b.factoryResult(x.Type, x.Body, depth); inner != nil {
			return inner
		}
		return &Func{Lit: x}
	case *ast.Ident, *ast.SelectorExpr:
		var id *ast.Ident
		if sel, ok := x.(*ast.SelectorExpr); ok {
			id = sel.Sel
		} else {
			id = x.(*ast.Ident)
		}
		switch obj := info.Uses[id].(type) {
		case *types.Func:
			obj = obj.Origin()
			if sig := obj.Type().(*types.Signature); sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) {
				return nil // an interface method: the implementation is unknown
			}
			if d := b.decls[obj]; d != nil {
				if inner := b.factoryResult(d.Type, d.Body, depth); inner != nil {
					return inner
				}
				return &Func{Obj: obj, Decl: d}
			}
			return &Func{Obj: obj}
		case *types.Var:
			if v := b.value(x); v != x {
				return b.resolveHandler(v, depth+1)
			}
			// A function value the syntax does not resolve (kept in a
			// struct field, an options struct, a table): the engine's.
			if b.vf != nil {
				if f := b.flowHandler(b.vf.Eval(x, nil)); f != nil {
					return f
				}
			}
		}
	case *ast.CallExpr:
		fn, _ := typeutil.Callee(info, x).(*types.Func)
		if k2, _, ok := calleeKey(fn); ok && (handlerAdapters[k2] || otherAdapter(k2)) && len(x.Args) == 1 {
			return b.resolveHandler(x.Args[0], depth+1)
		}
		if fn != nil {
			if d := b.decls[fn.Origin()]; d != nil {
				// Middleware first: a function that returns a closure
				// calling the handler it was given wraps that handler.
				if w := b.wrapsParam(d.Type, d.Body); w.param >= 0 && w.param < len(x.Args) && !isMethodExpr(info, x) {
					return b.wrappedHandler(x.Args[w.param], w.method, depth+1)
				}
				if inner := b.factoryResult(d.Type, d.Body, depth); inner != nil {
					b.bindFactory(inner, x)
					return inner
				}
			} else if f := new(WrapsHandler); b.pass.ImportObjectFact(fn.Origin(), f) && f.Param < len(x.Args) && !isMethodExpr(info, x) {
				return b.wrappedHandler(x.Args[f.Param], f.Method, depth+1)
			} else if p := new(PackageInfo); fn.Pkg() != nil && fn.Pkg() != b.pass.Pkg && b.pass.ImportPackageFact(fn.Pkg(), p) {
				return nil // analyzed, and not middleware: a factory
			}
		}
		// Middleware: a call taking exactly one function value and
		// returning a function runs the handler it was given.
		var fnArgs []ast.Expr
		for _, a := range x.Args {
			if t := info.TypeOf(a); t != nil {
				if _, ok := t.Underlying().(*types.Signature); ok {
					fnArgs = append(fnArgs, a)
				}
			}
		}
		if len(fnArgs) == 1 {
			return b.resolveHandler(fnArgs[0], depth+1)
		}
	}
	return nil
}

// bindFactory gives h, the literal a factory's call returns, the
// bindings of the variables it captures there (fn of func handlerFn(fn
// func(context.Context, int) error) ..., called as
// handlerFn(c.Servers.Reload)), as the engine makes the closure.
//
// Only a literal that calls a function value it captures is bound: its
// other calls are judged as they are (a client it captures has the
// effects its methods' facts say).
func (b *builder) bindFactory(h *Func, call *ast.CallExpr) {
	if h.Lit == nil || h.Env != nil || b.vf == nil || !callsCaptured(b.pass.TypesInfo, h.Lit) {
		return
	}
	var env *valueflow.Env
	n := 0
	for _, a := range b.vf.Eval(call, nil).Each() {
		if a.Kind == valueflow.Closure && a.Lit == h.Lit {
			env = a.Env
			n++
		}
	}
	if n == 1 {
		h.Env = env
	}
}

// callsCaptured reports whether lit calls a function-typed variable it
// does not declare (fn(ctx, in.ID), fn a parameter of its factory), or
// hands one to a callee (call(fn, ctx, in)), which the engine binds.
func callsCaptured(info *types.Info, lit *ast.FuncLit) bool {
	// captured reports whether e is a function-typed variable lit does
	// not declare.
	captured := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return false
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok || v.Pos() >= lit.Pos() && v.Pos() < lit.End() {
			return false
		}
		_, isFunc := v.Type().Underlying().(*types.Signature)
		return isFunc
	}
	found := false
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		found = captured(call.Fun)
		for _, a := range call.Args {
			found = found || captured(a)
		}
		return !found
	})
	return found
}

// factoryResult returns the handler a factory function returns, when the
// function's only result is a function and every return statement of its
// body (nested literals excluded) returns the same resolvable function.
func (b *builder) factoryResult(ft *ast.FuncType, body *ast.BlockStmt, depth int) *Func {
	if body == nil || ft.Results == nil || len(ft.Results.List) != 1 || len(ft.Results.List[0].Names) > 1 {
		return nil
	}
	rt := b.pass.TypesInfo.TypeOf(ft.Results.List[0].Type)
	if rt == nil {
		return nil
	}
	if _, ok := rt.Underlying().(*types.Signature); !ok {
		return nil
	}
	var results []ast.Expr
	analysisutil.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) == 1 {
				results = append(results, n.Results[0])
			}
		}
		return true
	})
	if len(results) != 1 {
		return nil
	}
	// What a literal a helper runs returns (run(func() H { return
	// wrap(t) })) is what the function returns (valueflow's Inlined).
	return b.resolveHandler(b.vf.Inlined(results[0]), depth+1)
}

// schemaKey returns the name of the argument an mcp-go WithString (or
// WithNumber, WithInteger) option declares, when its constant
// Description says it is an idempotency or deduplication key.
func schemaKey(info *types.Info, call *ast.CallExpr) string {
	if len(call.Args) < 2 {
		return ""
	}
	name, ok := analysisutil.ConstString(info, call.Args[0])
	if !ok {
		return ""
	}
	for _, a := range call.Args[1:] {
		opt, ok := ast.Unparen(a).(*ast.CallExpr)
		if !ok || len(opt.Args) != 1 {
			continue
		}
		fn, _ := typeutil.Callee(info, opt).(*types.Func)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != mcpGoMCP || fn.Name() != "Description" {
			continue
		}
		if d, ok := analysisutil.ConstString(info, opt.Args[0]); ok && names.DescribesKey(d) {
			return name
		}
	}
	return ""
}

// schemaLitKeys returns the properties of a literal input schema
// (go-sdk's jsonschema.Schema{Properties: ...}, mcp-go's
// ToolInputSchema{Properties: map[string]any{...}}) whose constant
// description says they are idempotency or deduplication keys.
func schemaLitKeys(info *types.Info, e ast.Expr, depth int) []string {
	if depth > 4 {
		return nil
	}
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	var keys []string
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if name, ok := analysisutil.ConstString(info, kv.Key); ok && describedLit(info, kv.Value) {
			keys = append(keys, name)
			continue
		}
		keys = append(keys, schemaLitKeys(info, kv.Value, depth+1)...)
	}
	return keys
}

// describedLit reports whether a property literal has a constant
// description (a Description field or a "description" entry) that says
// it is a key.
func describedLit(info *types.Info, e ast.Expr) bool {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return false
	}
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		k := ""
		if id, ok := kv.Key.(*ast.Ident); ok {
			k = id.Name
		} else if s, ok := analysisutil.ConstString(info, kv.Key); ok {
			k = s
		}
		if k != "Description" && k != "description" {
			continue
		}
		if d, ok := analysisutil.ConstString(info, kv.Value); ok && names.DescribesKey(d) {
			return true
		}
	}
	return false
}

// identOf returns e as an identifier, or nil.
func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}
