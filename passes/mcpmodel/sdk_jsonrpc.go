package mcpmodel

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// This file models a server that speaks MCP's JSON-RPC itself, with no
// SDK: it answers "tools/call" in its own switch (case "tools/call":)
// or comparison (if req.Method == "tools/call"), looks the tool up by
// name in a map, and calls what it finds. That map is its registry:
// each store into it (s.handlers[tool.Name] = handler, s.tools["x"] =
// NewXTool(c)) registers a tool, named by the key. A map of functions
// registers the stored function as the handler; a map of interface
// values registers the method the dispatch calls on the value found
// (tool.Execute(args)), of the stored value's type. A map a package
// looks up by name without answering "tools/call" (a CLI's command
// table) registers nothing.
//
// The tool's hints are those of the definition its key is read from (a
// Tool struct of the project's own, tool.Name); a constant key sets
// none, as a registration by name does. A registration in a function
// whose parameters give the key and the handler (RegisterTool(tool,
// handler)) is a template (templates.go), so a package that imports the
// server and calls it registers its tools the same way. A key read from
// anything else (a gateway's upstream servers by configured name) names
// no tool (toolKey).
//
// A dispatch without a map, a switch on the tool's name (switch name {
// case "git_commit": ... }), registers each case constant with the
// case's statements as its handler, hinted by the definition of that
// name the package's tools/list returns (switchTools, wireDefs).

// JSONRPC is a server's own JSON-RPC implementation of MCP.
const JSONRPC SDK = "json-rpc"

// toolsCall is the JSON-RPC method of a tool call.
const toolsCall = "tools/call"

// registry is a map a package's own tools/call looks a tool up in.
type registry struct {
	v *types.Var // the map: a struct field or a package-level variable
	// method is, for a map of interface values, the method the dispatch
	// calls on the value it finds; "" for a map of functions.
	method string
}

// servesJSONRPC reports whether the files answer a tools/call request
// themselves: a case clause or an == comparison with the constant
// "tools/call". Only packages that import encoding/json are read: a
// server decodes its requests.
func servesJSONRPC(files []*ast.File, info *types.Info) bool {
	return len(toolsCallBodies(files, info)) > 0
}

// toolsCallBodies returns the statements a package runs for a
// tools/call request: the bodies of the case clauses and if statements
// that test for it.
func toolsCallBodies(files []*ast.File, info *types.Info) [][]ast.Stmt {
	return methodBodies(files, info, toolsCall)
}

// methodBodies returns the statements a package runs for a request of
// the JSON-RPC method: the bodies of the case clauses and if statements
// that test for it.
func methodBodies(files []*ast.File, info *types.Info, method string) [][]ast.Stmt {
	// A server decodes its requests: some file of the package imports
	// encoding/json (not necessarily the one with the dispatch).
	decodes := false
	for _, f := range files {
		decodes = decodes || importsPath(f, "encoding/json")
	}
	if !decodes {
		return nil
	}
	var bodies [][]ast.Stmt
	for _, f := range files {
		analysisutil.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CaseClause:
				for _, e := range n.List {
					if isMethod(info, e, method) {
						bodies = append(bodies, n.Body)
						break
					}
				}
			case *ast.IfStmt:
				if c, ok := ast.Unparen(n.Cond).(*ast.BinaryExpr); ok && c.Op == token.EQL && (isMethod(info, c.X, method) || isMethod(info, c.Y, method)) {
					bodies = append(bodies, n.Body.List)
				}
			}
			return true
		})
	}
	return bodies
}

func importsPath(f *ast.File, path string) bool {
	for _, s := range f.Imports {
		if p, err := strconv.Unquote(s.Path.Value); err == nil && p == path {
			return true
		}
	}
	return false
}

func isMethod(info *types.Info, e ast.Expr, method string) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == method
}

// maxDispatchDepth bounds the calls followed from a tools/call case to
// the registry lookup and the call of what it finds (handleRequest ->
// handleToolCall -> callTool -> run).
const maxDispatchDepth = 5

// registries returns the maps the package's tools/call looks tools up
// in: an index by a map of string keys, held in a struct field or a
// package variable, read in the tools/call case or in a function of the
// package it calls, whose element is a function or an interface value
// whose one method with parameters the dispatch calls (there, or in
// another function the case reaches).
func (b *builder) registries(bodies [][]ast.Stmt) ([]registry, []*ast.FuncDecl) {
	info := b.pass.TypesInfo
	seen := make(map[*types.Func]bool)
	var reached []*ast.FuncDecl
	var lookups []*types.Var
	var calls []*ast.CallExpr
	var visit func(n ast.Node, depth int)
	visit = func(n ast.Node, depth int) {
		var mine []*ast.CallExpr
		ast.Inspect(n, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.IndexExpr:
				if v := registryVar(info, n.X); v != nil {
					lookups = append(lookups, v)
				}
			case *ast.CallExpr:
				mine = append(mine, n)
			}
			return true
		})
		calls = append(calls, mine...)
		if depth >= maxDispatchDepth {
			return
		}
		for _, c := range mine {
			fn, _ := typeutil.Callee(info, c).(*types.Func)
			if fn == nil || seen[fn] {
				continue
			}
			if d := b.decls[fn.Origin()]; d != nil && d.Body != nil {
				seen[fn] = true
				reached = append(reached, d)
				visit(d.Body, depth+1)
			}
		}
	}
	for _, body := range bodies {
		if len(body) > 0 {
			if fd := analysisutil.FuncDeclAt(b.pass.Files, body[0].Pos()); fd != nil && fd.Body != nil {
				reached = append(reached, fd)
			}
		}
		for _, s := range body {
			visit(s, 1)
		}
	}
	var regs []registry
	have := make(map[*types.Var]bool)
	for _, v := range lookups {
		if have[v] {
			continue
		}
		have[v] = true
		elem := types.Unalias(v.Type()).Underlying().(*types.Map).Elem()
		switch u := elem.Underlying().(type) {
		case *types.Signature:
			regs = append(regs, registry{v: v})
		case *types.Interface:
			if m := dispatchedMethod(info, calls, elem, u); m != "" {
				regs = append(regs, registry{v: v, method: m})
			}
		}
	}
	return regs, reached
}

// registryVar returns the map variable x names (a struct field or a
// package-level variable) when it maps strings to functions or to
// interface values.
func registryVar(info *types.Info, x ast.Expr) *types.Var {
	id := calleeIdent(x) // the identifier or the selector's name
	if id == nil {
		return nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || !v.IsField() && v.Parent() != v.Pkg().Scope() {
		return nil
	}
	m, ok := types.Unalias(v.Type()).Underlying().(*types.Map)
	if !ok || !analysisutil.IsString(m.Key()) {
		return nil
	}
	switch m.Elem().Underlying().(type) {
	case *types.Signature, *types.Interface:
		return v
	}
	return nil
}

// dispatchedMethod returns the method the calls invoke on a value of the
// interface type elem that takes parameters (Execute(args), not
// Name()), when there is exactly one.
func dispatchedMethod(info *types.Info, calls []*ast.CallExpr, elem types.Type, iface *types.Interface) string {
	name := ""
	for _, c := range calls {
		sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
		if !ok || !types.Identical(info.TypeOf(sel.X), elem) {
			continue
		}
		fn, ok := info.Uses[sel.Sel].(*types.Func)
		if !ok || fn.Type().(*types.Signature).Params().Len() == 0 {
			continue
		}
		if name != "" && name != fn.Name() {
			return ""
		}
		name = fn.Name()
	}
	return name
}

// jsonrpcRegistrations records the stores into the package's registries
// as registrations.
func (b *builder) jsonrpcRegistrations(bodies [][]ast.Stmt) {
	regs, reached := b.registries(bodies)
	b.switchTools(reached)
	if len(regs) == 0 {
		return
	}
	info := b.pass.TypesInfo
	of := func(x ast.Expr) *registry {
		v := registryVar(info, x)
		if id, ok := x.(*ast.Ident); ok && v == nil {
			v, _ = info.Defs[id].(*types.Var) // a package variable's declaration
		}
		for i := range regs {
			if regs[i].v == v {
				return &regs[i]
			}
		}
		return nil
	}
	for _, f := range b.pass.Files {
		analysisutil.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Lhs) != len(n.Rhs) {
					return true
				}
				for i, l := range n.Lhs {
					ix, ok := ast.Unparen(l).(*ast.IndexExpr)
					if !ok {
						continue
					}
					if r := of(ix.X); r != nil {
						b.jsonrpcTool(r, n, ix.Index, n.Rhs[i])
					}
				}
			case *ast.ValueSpec:
				// var handlers = map[string]Handler{"x": handleX}
				for i, name := range n.Names {
					if i >= len(n.Values) {
						break
					}
					lit, ok := ast.Unparen(n.Values[i]).(*ast.CompositeLit)
					if !ok {
						continue
					}
					if r := of(name); r != nil {
						for _, el := range lit.Elts {
							if kv, ok := el.(*ast.KeyValueExpr); ok {
								b.jsonrpcTool(r, kv, kv.Key, kv.Value)
							}
						}
					}
				}
			}
			return true
		})
	}
}

// jsonrpcTool records the registration of value under key in r, at reg.
// A key that is neither constant nor given by the enclosing function's
// parameters (a gateway's upstream servers, keyed by the names its
// configuration lists) names no tool of the server's own: no
// registration.
func (b *builder) jsonrpcTool(r *registry, reg ast.Node, key, value ast.Expr) {
	if !b.toolKey(key) {
		return
	}
	def := key
	// s.handlers[tool.Name] = handler: the definition is the tool value,
	// when its type is a tool type of the project's own.
	if sel, ok := ast.Unparen(key).(*ast.SelectorExpr); ok && canonField(b.pass.TypesInfo.TypeOf(sel.X), sel.Sel.Name) == "Name" && classifyType(b.pass.TypesInfo.TypeOf(sel.X)) == ownTool {
		def = sel.X
	}
	if r.method == "" {
		b.add(JSONRPC, reg, def, value)
		return
	}
	t := &Tool{SDK: JSONRPC, Reg: reg, Def: def, HintNode: def, HandlerArg: value}
	b.toolDef(t, def, 0)
	if t.Name == "" && b.vf != nil {
		if s, ok := b.vf.Eval(key, nil).String1(); ok {
			t.Name = s
		}
	}
	t.Handler = b.methodHandler(value, r.method)
	b.model.Tools = append(b.model.Tools, t)
}

// methodHandler returns the method named name of the type of the value
// e stores: its static type, or where that is an interface, the struct
// type the engine finds it holds.
func (b *builder) methodHandler(e ast.Expr, name string) *Func {
	info := b.pass.TypesInfo
	var ts []types.Type
	if t := info.TypeOf(e); t != nil && !types.IsInterface(t) {
		ts = append(ts, t)
	} else if b.vf != nil {
		for _, v := range b.vf.Eval(e, nil).Each() {
			if v.Type == nil {
				return nil
			}
			ts = append(ts, types.NewPointer(v.Type))
		}
	}
	if len(ts) != 1 {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(ts[0], true, nil, name)
	fn, ok := obj.(*types.Func)
	if !ok {
		return nil
	}
	return &Func{Obj: fn, Decl: b.decls[fn]}
}

// importsJSONRPC reports whether a package the package imports directly
// answers tools/call itself or imports one that does, by their
// PackageInfo facts.
func importsJSONRPC(pass *analysis.Pass) bool {
	for _, q := range pass.Pkg.Imports() {
		var f PackageInfo
		if pass.ImportPackageFact(q, &f) && f.JSONRPC {
			return true
		}
	}
	return false
}

// jsonrpcTemplate reports whether fn is a template that registers on a
// server's own registry (RegisterTool(tool, handler) storing into it):
// its calls are registrations of JSONRPC, not pairings of a project's
// own tool types.
func (b *builder) jsonrpcTemplate(fn *types.Func) bool {
	fn = fn.Origin()
	ts := b.templates[fn]
	if fn.Pkg() != nil && fn.Pkg() != b.pass.Pkg && b.templatePkg(fn.Pkg()) {
		var fact Registers
		if b.pass.ImportObjectFact(fn, &fact) {
			for _, r := range fact.Regs {
				if r.SDK == JSONRPC {
					return true
				}
			}
		}
	}
	for _, t := range ts {
		if t.sdk == JSONRPC {
			return true
		}
	}
	return false
}

// toolKey reports whether a registry key names a tool the program
// declares: a constant, a string parameter of the function that stores
// it (RegisterTool(name, h), whose callers give the names), or the Name
// of a tool definition of the project's own type (tool.Name). Not a
// name read from anything else: a gateway's upstream servers, keyed by
// the names its configuration lists.
func (b *builder) toolKey(key ast.Expr) bool {
	if _, ok := b.constString(key); ok {
		return true
	}
	if sel, ok := ast.Unparen(key).(*ast.SelectorExpr); ok && canonField(b.pass.TypesInfo.TypeOf(sel.X), sel.Sel.Name) == "Name" && classifyType(b.pass.TypesInfo.TypeOf(sel.X)) == ownTool {
		return true
	}
	if b.vf == nil {
		return false
	}
	for _, a := range b.vf.Eval(key, nil).Each() {
		if a.Kind != valueflow.Const && a.Kind != valueflow.Param {
			return false
		}
	}
	return true
}

// switchTools records the tools a tools/call dispatch names in a switch
// on the tool's name (switch name { case "create_issue": ... }), in a
// function the tools/call case reaches: each constant of a case is a
// tool, whose handler is the case's body, read as a function of the
// enclosing function's parameters. Its hints are false: such a server
// declares none the switch shows.
func (b *builder) switchTools(reached []*ast.FuncDecl) {
	var defs map[string]*wireDef
	seen := make(map[*ast.FuncDecl]bool)
	for _, fd := range reached {
		if seen[fd] {
			continue
		}
		seen[fd] = true
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			sw, ok := n.(*ast.SwitchStmt)
			if !ok || sw.Tag == nil || !b.toolNameExpr(fd, sw.Tag) {
				return true
			}
			if defs == nil {
				defs = b.wireDefs()
			}
			for _, st := range sw.Body.List {
				cc := st.(*ast.CaseClause)
				var h *Func
				for _, e := range cc.List {
					name, ok := b.constString(e)
					if !ok || name == "" {
						continue
					}
					if h == nil {
						// The case's statements, as the body of a
						// function of fd's parameters.
						// It is at the case: each case a handler of
						// its own position.
						ft := &ast.FuncType{Func: cc.Case, TypeParams: fd.Type.TypeParams, Params: fd.Type.Params, Results: fd.Type.Results}
						h = &Func{Lit: &ast.FuncLit{Type: ft, Body: &ast.BlockStmt{Lbrace: cc.Colon, List: cc.Body, Rbrace: cc.End()}}}
					}
					t := &Tool{SDK: JSONRPC, Name: name, Reg: cc, Def: e, HintNode: e, HandlerArg: e, Handler: h}
					t.Idempotent, t.ReadOnly, t.Destructive = Unknown, Unknown, Unknown
					if d := defs[name]; d != nil {
						t.HintNode = d.node
						t.Idempotent, t.ReadOnly, t.Destructive = d.idem, d.ro, d.de
					}
					b.model.Tools = append(b.model.Tools, t)
				}
			}
			return true
		})
	}
}

// toolNameExpr reports whether e, in fd, is the name of the tool a
// tools/call request calls: read from the params' "name" entry
// (params["name"].(string)), or a field whose JSON tag is "name" of a
// value fd decodes the params into; or a local assigned one of those.
func (b *builder) toolNameExpr(fd *ast.FuncDecl, e ast.Expr) bool {
	return b.toolNameIn(fd, e, 0)
}

// toolNameIn is toolNameExpr, depth steps down: a parameter of fd is the
// tool's name when every call of fd in the package passes one
// (callClientMethod(client, toolName, args), called by the tools/call
// case with the name it read).
func (b *builder) toolNameIn(fd *ast.FuncDecl, e ast.Expr, hops int) bool {
	info := b.pass.TypesInfo
	var isName func(e ast.Expr, depth int) bool
	isName = func(e ast.Expr, depth int) bool {
		if depth > 3 {
			return false
		}
		switch x := ast.Unparen(e).(type) {
		case *ast.TypeAssertExpr:
			return isName(x.X, depth+1)
		case *ast.IndexExpr:
			k, ok := analysisutil.ConstString(info, x.Index)
			return ok && k == "name"
		case *ast.SelectorExpr:
			v, ok := info.Uses[x.Sel].(*types.Var)
			if !ok || !v.IsField() {
				return false
			}
			st := structOf(info.TypeOf(x.X))
			if st == nil {
				return false
			}
			for i := 0; i < st.NumFields(); i++ {
				if st.Field(i) == v {
					return jsonName(st.Tag(i)) == "name"
				}
			}
		case *ast.Ident:
			v, ok := info.Uses[x].(*types.Var)
			if !ok {
				return false
			}
			if i := paramIndex(info, fd, v); i >= 0 {
				return b.paramIsName(fd, i, hops+1)
			}
			found := false
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				as, ok := n.(*ast.AssignStmt)
				if !ok || found {
					return !found
				}
				for i, l := range as.Lhs {
					id, ok := l.(*ast.Ident)
					if !ok || info.ObjectOf(id) != v {
						continue
					}
					rhs := as.Rhs[0]
					if len(as.Rhs) == len(as.Lhs) {
						rhs = as.Rhs[i]
					} else if i > 0 {
						continue // name, ok := params["name"].(string): the ok
					}
					found = isName(rhs, depth+1)
				}
				return !found
			})
			return found
		}
		return false
	}
	return isName(e, 0)
}

// paramIndex returns the index of v among fd's parameters, or -1.
func paramIndex(info *types.Info, fd *ast.FuncDecl, v *types.Var) int {
	i := 0
	for _, f := range fd.Type.Params.List {
		if len(f.Names) == 0 {
			i++
			continue
		}
		for _, n := range f.Names {
			if info.Defs[n] == v {
				return i
			}
			i++
		}
	}
	return -1
}

// paramIsName reports whether every call of fd in the package (one at
// least) passes the tool's name as its parameter i.
func (b *builder) paramIsName(fd *ast.FuncDecl, i, hops int) bool {
	fn := b.funcObj(fd)
	if fn == nil || b.vf == nil || hops > maxDispatchDepth {
		return false
	}
	sites := b.vf.CallSites(fn)
	for _, cs := range sites {
		in := cs.In
		if lit, ok := in.(*ast.FuncLit); ok {
			in = b.vf.RunsIn(lit) // a literal a helper runs: its function's
		}
		cd, ok := in.(*ast.FuncDecl)
		if !ok || i >= len(cs.Call.Args) || cs.Call.Ellipsis.IsValid() || !b.toolNameIn(cd, cs.Call.Args[i], hops) {
			return false
		}
	}
	return len(sites) > 0
}

// wireDef is a tool definition a package writes for tools/list.
type wireDef struct {
	node         ast.Node
	idem, ro, de Hint
}

// wireDefs returns the tool definitions the package's composite literals
// write, by name: a struct whose field tagged json:"name" holds a
// constant and which has a field tagged json:"annotations" or
// json:"inputSchema". Its hints are its annotations' (absent or nil: the
// spec defaults), read by their wire names, whether the annotations are
// a struct of the project's own or a map
// (map[string]any{"idempotentHint": true}); a hint the engine cannot
// resolve is unknown. A name defined twice with different hints is
// unknown.
func (b *builder) wireDefs() map[string]*wireDef {
	info := b.pass.TypesInfo
	defs := make(map[string]*wireDef)
	// What tools/list returns, wherever its definitions are written
	// (ListTools() of another package): by the engine.
	add := func(name string, d *wireDef) {
		if old := defs[name]; old != nil && (old.idem != d.idem || old.ro != d.ro) {
			d.idem, d.ro, d.de = Unknown, Unknown, Unknown
		}
		defs[name] = d
	}
	if b.vf != nil {
		for _, body := range methodBodies(b.pass.Files, info, "tools/list") {
			for _, st := range body {
				ast.Inspect(st, func(n ast.Node) bool {
					var es []ast.Expr
					switch n := n.(type) {
					case *ast.ReturnStmt:
						es = n.Results
					case *ast.AssignStmt:
						es = n.Rhs
					default:
						return true
					}
					for _, e := range es {
						b.valueDefs(b.vf.Eval(e, nil), e, add, 0)
					}
					return true
				})
			}
		}
	}
	for _, f := range b.pass.Files {
		analysisutil.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			st := structOf(info.TypeOf(lit))
			if st == nil || fieldNamed(st, "Name") == nil || fieldNamed(st, "Annotations") == nil && fieldNamed(st, "InputSchema") == nil {
				return true
			}
			t := info.TypeOf(lit)
			var name string
			var ann ast.Expr
			for _, el := range lit.Elts {
				kv, ok := el.(*ast.KeyValueExpr)
				if !ok {
					return true
				}
				k, _ := kv.Key.(*ast.Ident)
				if k == nil {
					continue
				}
				switch canonField(t, k.Name) {
				case "Name":
					name, _ = b.constString(kv.Value)
				case "Annotations":
					ann = kv.Value
				}
			}
			if name == "" {
				return true
			}
			if defs[name] != nil {
				return true // tools/list's value says it
			}
			d := &wireDef{node: lit, idem: False, ro: False, de: Unknown}
			if ann != nil {
				d.node = ann
				d.idem, d.ro, d.de = b.wireHints(ann)
			}
			defs[name] = d
			return true
		})
	}
	return defs
}

// wireHints reads the hints of an annotations value by their wire names:
// a map literal's keys, or a struct's fields (by Go name or JSON tag).
func (b *builder) wireHints(e ast.Expr) (idem, ro, de Hint) {
	if b.vf == nil {
		return Unknown, Unknown, Unknown
	}
	return valueHints(b.vf.Eval(e, nil))
}

// valueHints reads the hints of an annotations value (wireHints).
func valueHints(v *valueflow.Value) (idem, ro, de Hint) {
	var is, rs, ds []Hint
	for _, a := range v.Each() {
		switch {
		case a.Kind == valueflow.Nil:
			is, rs, ds = append(is, False), append(rs, False), append(ds, Unknown)
		case a.Kind == valueflow.Struct:
			is = append(is, hintField(a, goField(a.Type, "IdempotentHint")))
			rs = append(rs, hintField(a, goField(a.Type, "ReadOnlyHint")))
			ds = append(ds, hintField(a, goField(a.Type, "DestructiveHint")))
		case a.Kind == valueflow.Slice && len(a.Keys) > 0:
			entry := func(key string) Hint {
				for i, k := range a.Keys {
					if k == key {
						return boolValueHint(a.Entry[i])
					}
				}
				return False // absent: the spec default
			}
			is, rs, ds = append(is, entry("idempotentHint")), append(rs, entry("readOnlyHint")), append(ds, entry("destructiveHint"))
		default:
			is, rs, ds = append(is, Unknown), append(rs, Unknown), append(ds, Unknown)
		}
	}
	return agree(is), agree(rs), agree(ds)
}

// maxDefsDepth bounds the nesting valueDefs looks through for tool
// definitions (a result map's "tools" entry, a slice, its elements).
const maxDefsDepth = 4

// valueDefs finds the tool definitions in v, what a tools/list case
// returns or assigns: structs with a constant name (by Go name or JSON
// tag) among the alternatives, elements and entries of v.
func (b *builder) valueDefs(v *valueflow.Value, at ast.Node, add func(string, *wireDef), depth int) {
	if depth > maxDefsDepth {
		return
	}
	for _, a := range v.Each() {
		switch a.Kind {
		case valueflow.Struct:
			n, ok := a.Field(goField(a.Type, "Name"))
			name, isConst := n.String1()
			if !ok || !isConst || name == "" {
				for _, f := range a.Fields {
					b.valueDefs(f.Value, at, add, depth+1)
				}
				continue
			}
			d := &wireDef{node: at, idem: False, ro: False, de: Unknown}
			if ann, ok := a.Field(goField(a.Type, "Annotations")); ok && ann != nil {
				d.idem, d.ro, d.de = valueHints(ann)
			}
			add(name, d)
		case valueflow.Slice:
			if name, ann, ok := mapDef(a); ok {
				// A definition written as a map (map[string]any{"name":
				// "x", "inputSchema": ...}): its "annotations" entry,
				// absent the spec defaults.
				d := &wireDef{node: at, idem: False, ro: False, de: Unknown}
				if ann != nil {
					d.idem, d.ro, d.de = valueHints(ann)
				}
				add(name, d)
				continue
			}
			b.valueDefs(a.Elems, at, add, depth+1)
			for _, e := range a.Entry {
				b.valueDefs(e, at, add, depth+1)
			}
		}
	}
}

// mapDef reads a tool definition written as a map literal: a constant
// "name" entry beside an "inputSchema" or "annotations" entry. ann is
// the "annotations" entry, nil when there is none.
func mapDef(a *valueflow.Value) (name string, ann *valueflow.Value, ok bool) {
	def := false
	for i, k := range a.Keys {
		if i >= len(a.Entry) {
			break
		}
		switch k {
		case "name":
			name, ok = a.Entry[i].String1()
		case "inputSchema":
			def = true
		case "annotations":
			def, ann = true, a.Entry[i]
		}
	}
	return name, ann, ok && def && name != ""
}

// switchedHandlers gives each SDK tool whose handler dispatches on the
// called tool's name (switch request.Params.Name { case "create_x": ...
// }), as one handler serving several tools, the statements that serve
// it: those before the switch and its case's (or the default's, for a
// name no case lists). Without it the tools would share the handler's
// first effect, whichever tool's case commits it.
func (b *builder) switchedHandlers() {
	splits := make(map[ast.Node]*nameSplit)
	for _, t := range b.model.Tools {
		if t.SDK == JSONRPC || t.Name == "" || t.Handler == nil {
			continue
		}
		body, ft := t.Handler.Body(), t.Handler.Type()
		if body == nil || ft == nil {
			continue
		}
		n := t.Handler.Node()
		sp, ok := splits[n]
		if !ok {
			sp = b.nameSwitch(body, ft)
			splits[n] = sp
		}
		if sp == nil {
			continue
		}
		cc := sp.cases[t.Name]
		if cc == nil {
			cc = sp.def
		}
		if cc == nil {
			continue
		}
		stmts := append(slices.Clip(sp.pre), cc.Body...)
		// At the case: each case a handler of its own position.
		ct := &ast.FuncType{Func: cc.Case, TypeParams: ft.TypeParams, Params: ft.Params, Results: ft.Results}
		t.Handler = &Func{Lit: &ast.FuncLit{Type: ct, Body: &ast.BlockStmt{Lbrace: cc.Colon, List: stmts, Rbrace: cc.End()}}}
	}
}

// nameSplit is a handler's dispatch on the called tool's name: the
// statements before the switch, and its cases by constant name.
type nameSplit struct {
	pre   []ast.Stmt
	cases map[string]*ast.CaseClause
	def   *ast.CaseClause
}

// nameSwitch returns the dispatch of a handler body on the called tool's
// name, when a statement of the body itself is a switch on it; nil
// otherwise.
func (b *builder) nameSwitch(body *ast.BlockStmt, ft *ast.FuncType) *nameSplit {
	var req *types.Var // the handler's request parameter: the one with a Params field
	info := b.pass.TypesInfo
	for _, f := range ft.Params.List {
		for _, n := range f.Names {
			if v, ok := info.Defs[n].(*types.Var); ok {
				if obj, _, _ := types.LookupFieldOrMethod(v.Type(), true, nil, "Params"); obj != nil {
					req = v
				}
			}
		}
	}
	if req == nil {
		return nil
	}
	for i, st := range body.List {
		sw, ok := st.(*ast.SwitchStmt)
		if !ok || sw.Init != nil || sw.Tag == nil || !b.calledName(body, req, sw.Tag) {
			continue
		}
		sp := &nameSplit{pre: body.List[:i], cases: make(map[string]*ast.CaseClause)}
		for _, s := range sw.Body.List {
			cc := s.(*ast.CaseClause)
			if cc.List == nil {
				sp.def = cc
			}
			for _, e := range cc.List {
				if name, ok := b.constString(e); ok && name != "" {
					sp.cases[name] = cc
				}
			}
		}
		if len(sp.cases) == 0 {
			return nil
		}
		return sp
	}
	return nil
}

// calledName reports whether e, in body, is the called tool's name:
// req.Params.Name, or a local of body assigned only that.
func (b *builder) calledName(body *ast.BlockStmt, req *types.Var, e ast.Expr) bool {
	info := b.pass.TypesInfo
	isSel := func(e ast.Expr) bool {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Name" {
			return false
		}
		params, ok := ast.Unparen(sel.X).(*ast.SelectorExpr)
		if !ok || params.Sel.Name != "Params" {
			return false
		}
		id, ok := ast.Unparen(params.X).(*ast.Ident)
		return ok && info.Uses[id] == req
	}
	if isSel(e) {
		return true
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, _ := info.Uses[id].(*types.Var)
	if v == nil {
		return false
	}
	defs := 0
	all := true
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for i, l := range as.Lhs {
			if lid, ok := l.(*ast.Ident); ok && info.ObjectOf(lid) == v {
				defs++
				all = all && len(as.Rhs) == len(as.Lhs) && isSel(as.Rhs[i])
			}
		}
		return true
	})
	return defs > 0 && all
}
