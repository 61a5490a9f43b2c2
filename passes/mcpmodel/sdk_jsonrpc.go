package mcpmodel

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
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
// server and calls it registers its tools the same way.

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
	var bodies [][]ast.Stmt
	for _, f := range files {
		if !importsPath(f, "encoding/json") {
			continue
		}
		analysisutil.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CaseClause:
				for _, e := range n.List {
					if isToolsCall(info, e) {
						bodies = append(bodies, n.Body)
						break
					}
				}
			case *ast.IfStmt:
				if c, ok := ast.Unparen(n.Cond).(*ast.BinaryExpr); ok && c.Op == token.EQL && (isToolsCall(info, c.X) || isToolsCall(info, c.Y)) {
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

func isToolsCall(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == toolsCall
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
func (b *builder) registries(bodies [][]ast.Stmt) []registry {
	info := b.pass.TypesInfo
	seen := make(map[*types.Func]bool)
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
				visit(d.Body, depth+1)
			}
		}
	}
	for _, body := range bodies {
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
	return regs
}

// registryVar returns the map variable x names (a struct field or a
// package-level variable) when it maps strings to functions or to
// interface values.
func registryVar(info *types.Info, x ast.Expr) *types.Var {
	var id *ast.Ident
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		id = x.Sel
	default:
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
	regs := b.registries(bodies)
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
