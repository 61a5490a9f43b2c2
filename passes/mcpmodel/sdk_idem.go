package mcpmodel

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// github.com/mcpvet/mcpvet/idem (this repository's runtime module): a
// middleware on a go-sdk or mcp-go server that runs each tool call
// carrying an idempotency key (in _meta or the idempotency_key argument)
// at most once per key, before the handler runs:
//
//	gosdk.Install(s, store, nil)
//	s.AddReceivingMiddleware(gosdk.Middleware(idem.NewGuard(store, nil)))
//	mcpgo.Install(s, store, nil)
//	s.Use(mcpgo.Middleware(g))
//	server.NewMCPServer(name, version, server.WithToolHandlerMiddleware(mcpgo.Middleware(g)))
//
// A tool registered on a server that installs it reads a dedupe key
// before any effect of its handler: Tool.Deduped. The server must be the
// same: the same variable (or field of one) in the function or package
// that installs the middleware, or the same value by the value-flow
// engine (the call that made the server, also through the calls of an
// unexported function that registers on its parameter). Anything else
// (a server from another package, a function whose callers are not all
// known) is not deduped.
const (
	idemGoSDK = "github.com/mcpvet/mcpvet/idem/gosdk"
	idemMCPGo = "github.com/mcpvet/mcpvet/idem/mcpgo"
)

// dedupeInstall says where a call that installs a deduplicating
// middleware takes the server (-1: its receiver) and the middleware: mw
// is the first of the middleware arguments, one of which must be a
// dedupeMiddlewares call, or -1 when the call installs one itself.
type dedupeInstall struct {
	server int
	mw     int
}

// dedupeInstalls are keyed by package path, receiver type name and name.
var dedupeInstalls = map[[3]string]dedupeInstall{
	{idemGoSDK, "", "Install"}:                  {server: 0, mw: -1},
	{idemMCPGo, "", "Install"}:                  {server: 0, mw: -1},
	{goSDK, "Server", "AddReceivingMiddleware"}: {server: -1, mw: 0},
	{mcpGoSrv, "MCPServer", "Use"}:              {server: -1, mw: 0},
}

// dedupeMiddlewares return a middleware that deduplicates keyed tool
// calls before the handler runs.
var dedupeMiddlewares = map[[2]string]bool{
	{idemGoSDK, "Middleware"}: true,
	{idemMCPGo, "Middleware"}: true,
}

// middlewareOptions are server options that add the tool middleware
// given at the argument index; serverCtors take server options from the
// argument index on.
var (
	middlewareOptions = map[[2]string]int{
		{mcpGoSrv, "WithToolHandlerMiddleware"}: 0,
	}
	serverCtors = map[[2]string]int{
		{mcpGoSrv, "NewMCPServer"}: 2,
	}
)

// serverTypes are the server types idem's middleware is installed on.
var serverTypes = map[[2]string]bool{
	{goSDK, "Server"}:       true,
	{mcpGoSrv, "MCPServer"}: true,
}

// importsIdem reports whether the package imports one of idem's SDK
// packages: only then can it install the middleware.
func importsIdem(pkg *types.Package) bool {
	for _, q := range pkg.Imports() {
		if q.Path() == idemGoSDK || q.Path() == idemMCPGo {
			return true
		}
	}
	return false
}

// registrationServer returns the server a registering call registers
// on: its receiver, or its first argument (go-sdk mcp.AddTool), when of
// a server type; else nil.
func (b *builder) registrationServer(call *ast.CallExpr) ast.Expr {
	var e ast.Expr
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && b.pass.TypesInfo.Selections[sel] != nil {
		e = sel.X
	} else if len(call.Args) > 0 {
		e = call.Args[0]
	}
	if e == nil || !serverTypes[pathName(b.pass.TypesInfo.TypeOf(e))] {
		return nil
	}
	return e
}

func pathName(t types.Type) [2]string {
	p, n := namedIn(t)
	return [2]string{p, n}
}

// noteToolsServer records the server of an mcp-go AddTools, SetTools or
// AddSessionTools call for the ServerTool literals among its arguments.
func (b *builder) noteToolsServer(k3 [3]string, call *ast.CallExpr) {
	if k3[0] != mcpGoSrv || k3[1] != "MCPServer" {
		return
	}
	switch k3[2] {
	case "AddTools", "SetTools", "AddSessionTools":
	default:
		return
	}
	srv := b.registrationServer(call)
	if srv == nil {
		return
	}
	for _, a := range call.Args {
		if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND {
			a = u.X
		}
		if lit, ok := ast.Unparen(a).(*ast.CompositeLit); ok {
			if b.toolsServer == nil {
				b.toolsServer = make(map[*ast.CompositeLit]ast.Expr)
			}
			b.toolsServer[lit] = srv
		}
	}
}

// serverKey identifies a server syntactically: a variable, or a field
// path from one (a.srv).
type serverKey struct {
	root types.Object
	path string
}

// syntacticKey returns the serverKey of e, if it is a variable or a
// field path from one.
func (b *builder) syntacticKey(e ast.Expr) (serverKey, bool) {
	info := b.pass.TypesInfo
	path := ""
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			v, ok := info.Uses[x].(*types.Var)
			if !ok {
				return serverKey{}, false
			}
			return serverKey{v, path}, true
		case *ast.SelectorExpr:
			sel := info.Selections[x]
			if sel == nil || sel.Kind() != types.FieldVal {
				return serverKey{}, false
			}
			path = "." + x.Sel.Name + path
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return serverKey{}, false
		}
	}
}

// dedupeSet is what a package installs the middleware on.
type dedupeSet struct {
	vars  map[serverKey]ast.Node // variables and field paths, to the installing call
	nodes map[ast.Node]ast.Node  // the calls that made the servers (mcp.NewServer(...)), to the installing call
}

// markDeduped sets Tool.Deduped on the tools registered on a server
// that installs a deduplicating middleware.
func (b *builder) markDeduped() {
	if !b.idem {
		return
	}
	set := &dedupeSet{vars: make(map[serverKey]ast.Node), nodes: make(map[ast.Node]ast.Node)}
	for _, f := range b.pass.Files {
		for _, d := range f.Decls {
			fd, _ := d.(*ast.FuncDecl)
			analysisutil.Inspect(d, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					b.noteInstall(set, fd, call)
				}
				return true
			})
		}
	}
	if len(set.vars) == 0 && len(set.nodes) == 0 {
		return
	}
	for _, t := range b.model.Tools {
		if t.server != nil {
			t.Deduped = b.dedupedBy(set, t.server)
		}
	}
}

// noteInstall records call when it installs the middleware on a server.
func (b *builder) noteInstall(set *dedupeSet, fd *ast.FuncDecl, call *ast.CallExpr) {
	fn, _ := typeutil.Callee(b.pass.TypesInfo, call).(*types.Func)
	k2, k3, ok := calleeKey(fn)
	if !ok {
		return
	}
	if i, ok := serverCtors[k2]; ok {
		// server.NewMCPServer(name, version, server.WithToolHandlerMiddleware(mcpgo.Middleware(g)))
		for j := i; j < len(call.Args); j++ {
			opts := []ast.Expr{call.Args[j]}
			if call.Ellipsis.IsValid() && j == len(call.Args)-1 {
				if lit, ok := ast.Unparen(b.value(call.Args[j])).(*ast.CompositeLit); ok {
					opts = lit.Elts
				}
			}
			for _, o := range opts {
				if b.middlewareOption(o) {
					set.nodes[call] = call
				}
			}
		}
		return
	}
	in, ok := dedupeInstalls[k3]
	if !ok {
		return
	}
	if in.mw >= 0 {
		found := false
		for j := in.mw; j < len(call.Args) && !found; j++ {
			found = b.isDedupeMiddleware(call.Args[j])
		}
		if !found {
			return
		}
	}
	var srv ast.Expr
	if in.server < 0 {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			srv = sel.X
		}
	} else if in.server < len(call.Args) {
		srv = call.Args[in.server]
	}
	if srv == nil {
		return
	}
	if k, ok := b.syntacticKey(srv); ok {
		set.vars[k] = call
	}
	if n, ok := ast.Unparen(b.value(srv)).(*ast.CallExpr); ok {
		set.nodes[n] = call
	}
	// Every server the call installs on, through the value-flow engine:
	// the calls that made it, also through the calls of the function
	// that installs on its parameter.
	for _, n := range b.serverNodes(srv, fd, false) {
		set.nodes[n] = call
	}
}

// middlewareOption reports whether o is a server option that adds a
// deduplicating middleware.
func (b *builder) middlewareOption(o ast.Expr) bool {
	call, ok := ast.Unparen(b.value(o)).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn, _ := typeutil.Callee(b.pass.TypesInfo, call).(*types.Func)
	k2, _, ok := calleeKey(fn)
	if !ok {
		return false
	}
	i, ok := middlewareOptions[k2]
	return ok && i < len(call.Args) && b.isDedupeMiddleware(call.Args[i])
}

// isDedupeMiddleware reports whether e is a call of a dedupeMiddlewares
// function, directly or through a single-assignment variable.
func (b *builder) isDedupeMiddleware(e ast.Expr) bool {
	call, ok := ast.Unparen(b.value(e)).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn, _ := typeutil.Callee(b.pass.TypesInfo, call).(*types.Func)
	k2, _, ok := calleeKey(fn)
	return ok && dedupeMiddlewares[k2]
}

// dedupedBy returns the call that installs the middleware on the server
// srv, a registration's, or nil.
func (b *builder) dedupedBy(set *dedupeSet, srv ast.Expr) ast.Node {
	if k, ok := b.syntacticKey(srv); ok {
		if call := set.vars[k]; call != nil {
			return call
		}
	}
	if n, ok := ast.Unparen(b.value(srv)).(*ast.CallExpr); ok {
		if call := set.nodes[n]; call != nil {
			return call
		}
	}
	fd, _ := b.enclosingFunc(srv.Pos()).(*ast.FuncDecl)
	nodes := b.serverNodes(srv, fd, true)
	if len(nodes) == 0 {
		return nil
	}
	var first ast.Node
	for _, n := range nodes {
		call := set.nodes[n]
		if call == nil {
			return nil
		}
		if first == nil {
			first = call
		}
	}
	return first
}

// serverNodes returns the calls of the package that made the server srv
// (in fd) can be, by the value-flow engine: with srv's own bindings, or,
// when it comes from fd's parameters or receiver, with those of each
// call of fd in the package. With all, every alternative must be such a
// call, and fd's callers must all be known (an unexported function
// called only directly); else it returns nil. Without all, it returns
// those it finds.
func (b *builder) serverNodes(srv ast.Expr, fd *ast.FuncDecl, all bool) []ast.Node {
	if b.vf == nil {
		return nil
	}
	nodes, ok := madeBy(b.vf.Eval(srv, nil), all)
	if ok {
		return nodes
	}
	if fd == nil {
		return nodes
	}
	obj := b.funcObj(fd)
	if obj == nil {
		return nodes
	}
	sites := b.vf.CallSites(obj)
	if all {
		if len(sites) == 0 || obj.Exported() && b.pass.Pkg.Name() != "main" || b.uses(obj) != len(sites) {
			return nil
		}
	}
	for _, cs := range sites {
		ns, ok := madeBy(b.vf.Eval(srv, b.vf.Bindings(fd, cs.Call, nil)), all)
		if all && !ok {
			return nil
		}
		nodes = append(nodes, ns...)
	}
	return nodes
}

// madeBy returns the calls of the package that made the alternatives of
// v (nil alternatives aside), and whether every other alternative is one.
func madeBy(v *valueflow.Value, all bool) ([]ast.Node, bool) {
	var nodes []ast.Node
	ok := true
	for _, a := range v.Each() {
		switch {
		case a.Kind == valueflow.Nil:
		case a.Kind == valueflow.Call && a.Node != nil:
			nodes = append(nodes, a.Node)
		default:
			ok = false
		}
	}
	if all && (!ok || len(nodes) == 0) {
		return nil, false
	}
	return nodes, ok && len(nodes) > 0
}

// uses counts the identifiers that refer to obj.
func (b *builder) uses(obj types.Object) int {
	n := 0
	for _, o := range b.pass.TypesInfo.Uses {
		if o == obj {
			n++
		}
	}
	return n
}
