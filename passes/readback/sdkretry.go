package readback

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/wording"
	"github.com/mcpvet/mcpvet/passes/blocks"
	"github.com/mcpvet/mcpvet/passes/toolcalls"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// SDK clients that send a request again by themselves. Checked against
// trpc.group/trpc-go/trpc-mcp-go v0.0.20: the client options
// WithSimpleRetry(n) and WithRetry(RetryConfig{MaxRetries: n, ...}) make
// the HTTP and SSE transports re-send every request, tools/call included,
// after a timeout, a connection reset, EOF or a 408/409/429/5xx answer
// (retry.go, internal/retry), with no key; n = 0 sends once. A client
// built WithTasks(true) sends tools/call as a task, which is not retried
// (the transports skip requests marked as task requests).
const trpcMCP = "trpc.group/trpc-go/trpc-mcp-go"

// trpcClientCtors build a *mcp.Client from options (their last,
// variadic, parameter).
var trpcClientCtors = map[string]bool{"NewClient": true, "NewSSEClient": true}

// sdkRetries reports retry options of SDK clients that re-send the tool
// calls sent through them in this package.
func (c *checker) sdkRetries() {
	if !importsDirect(c.pass.Pkg, trpcMCP) {
		return // no option of the SDK can be called here
	}
	info := c.pass.TypesInfo
	remote := importsClientBuilders(c.facts, c.pass.Pkg)
	report := func(at ast.Node, retries int, call *toolcalls.Call) {
		if retries > 10 {
			retries = 10 // the SDK clamps MaxRetries to 0..10
		}
		c.report(at, wording.RetryingTransport,
			wording.ResentUnseen(fmt.Sprintf("this trpc-mcp-go client option re-sends every request up to %d times after a timeout, EOF or a 5xx", retries)),
			"build clients that call tools without it and "+fix, call.Call, "tool call sent through the retrying client here")
	}
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			decl, _ := d.(*ast.FuncDecl)
			ast.Inspect(d, func(n ast.Node) bool {
				ctor, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				if !isTRPC(info, ctor, trpcClientCtors) {
					if !remote {
						return true
					}
					// A helper of another package that builds the client
					// from the options it is given (a ClientParams fact).
					if opts := c.remoteOptions(ctor); opts != nil {
						if opt, retries := c.retryOption(opts, nil); opt != nil && retries > 0 && !c.tasksOption(opts, nil) {
							if call := c.callThrough(ctor); call != nil {
								report(ctor, retries, call)
							}
						}
					}
					return true
				}
				if opt, retries := c.retryOption(ctor, nil); opt != nil {
					if retries > 0 && !c.tasksOption(ctor, nil) {
						if call := c.callThrough(ctor); call != nil {
							report(opt, retries, call)
						}
					}
					return true
				}
				// A helper that builds the client from the options it
				// is given: judged at each call of it in the package (and
				// of the helpers that call it, opts... passed on),
				// reported at the call that passes the retry option.
				c.eachCaller(decl, nil, 0, func(at *ast.CallExpr, env *valueflow.Env) bool {
					opt, retries := c.retryOption(ctor, env)
					if opt == nil {
						return false
					}
					if retries > 0 && !c.tasksOption(ctor, env) {
						if call := c.callThrough(ctor); call != nil {
							report(at, retries, call)
						}
					}
					return true
				})
				return true
			})
		}
	}
}

// remoteOptions returns, for a call of another package's function that
// builds a trpc-mcp-go client from its variadic options (a ClientParams
// fact), a call expression that stands for the constructor: its
// arguments are the options the call passes (for retryOption and
// tasksOption). Nil otherwise.
func (c *checker) remoteOptions(call *ast.CallExpr) *ast.CallExpr {
	fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if fn == nil || fn.Pkg() == c.pass.Pkg || c.facts == nil {
		return nil
	}
	f := clientParamsOf(c.facts, fn)
	if f == nil || f.Options == 0 || f.Options > len(call.Args) {
		return nil
	}
	return &ast.CallExpr{Fun: call.Fun, Lparen: call.Lparen, Args: call.Args[f.Options-1:], Ellipsis: call.Ellipsis, Rparen: call.Rparen}
}

// maxCallerDepth bounds how many helpers up eachCaller goes.
const maxCallerDepth = 3

// eachCaller calls judge with each call of decl in the package and the
// engine's bindings of decl's parameters there (inner: the bindings of
// the function decl's call is in, for the helper decl calls); where judge
// finds no answer (false), it goes on to the calls of the function that
// makes the call, up to maxCallerDepth helpers.
func (c *checker) eachCaller(decl *ast.FuncDecl, inner func(*valueflow.Env) *valueflow.Env, depth int, judge func(*ast.CallExpr, *valueflow.Env) bool) {
	vf := blocks.Of(c.pass).Flow
	if vf == nil || decl == nil || depth >= maxCallerDepth {
		return
	}
	fn, _ := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if fn == nil {
		return
	}
	for _, cs := range vf.CallSites(fn) {
		bind := func(outer *valueflow.Env) *valueflow.Env {
			env := vf.Bindings(decl, cs.Call, outer)
			if inner != nil {
				env = inner(env)
			}
			return env
		}
		if judge(cs.Call, bind(nil)) {
			continue
		}
		if up, ok := cs.In.(*ast.FuncDecl); ok && up != decl {
			c.eachCaller(up, bind, depth+1, judge)
		}
	}
}

// retryOption returns the retry option among the constructor's
// arguments, through a slice of options, and the number of retries it
// sets, or 0 when it is not a constant.
func (c *checker) retryOption(ctor *ast.CallExpr, env *valueflow.Env) (ast.Expr, int) {
	info := c.pass.TypesInfo
	for _, o := range c.options(ctor) {
		opt, _ := o.(*ast.CallExpr)
		switch {
		case opt == nil:
		case isTRPC(info, opt, map[string]bool{"WithSimpleRetry": true}) && len(opt.Args) == 1:
			if n := constInt(info, opt.Args[0]); n > 0 {
				return opt, n
			}
			n, _ := c.flowRetryOption(opt, env)
			return opt, n
		case isTRPC(info, opt, map[string]bool{"WithRetry": true}) && len(opt.Args) == 1:
			lit, ok := c.litOf(opt.Args[0])
			if !ok {
				n, _ := c.flowRetryOption(opt, env)
				return opt, n
			}
			for _, el := range lit.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "MaxRetries" {
						if n := constInt(info, kv.Value); n > 0 {
							return opt, n
						}
						n, _ := c.flowRetryOption(opt, env)
						return opt, n
					}
				}
			}
			return opt, 0 // MaxRetries absent: zero retries
		}
		// An option the syntax does not show (made by a helper, kept in
		// a field or an options struct): as the engine sees it.
		if n, ok := c.flowRetryOption(o, env); ok {
			return o, n
		}
	}
	return nil, 0
}

// flowRetryOption returns the retries an option expression sets, as the
// value-flow engine sees it: a call of WithSimpleRetry(n) or of
// WithRetry(RetryConfig{MaxRetries: n}) with a constant n.
func (c *checker) flowRetryOption(opt ast.Expr, env *valueflow.Env) (int, bool) {
	vf := blocks.Of(c.pass).Flow
	if vf == nil {
		return 0, false
	}
	for _, a := range optionValues(vf.Eval(opt, env)) {
		fn, ok := a.Obj.(*types.Func)
		if a.Kind != valueflow.Call || !ok || fn.Pkg() == nil || fn.Pkg().Path() != trpcMCP || len(a.Args) != 1 {
			continue
		}
		arg := a.Args[0]
		switch fn.Name() {
		case "WithSimpleRetry":
		case "WithRetry":
			if arg.Kind != valueflow.Struct {
				continue
			}
			arg, _ = arg.Field("MaxRetries")
		default:
			continue
		}
		if arg != nil && arg.Kind == valueflow.Const && arg.Const.Kind() == constant.Int {
			if n, ok := constant.Int64Val(arg.Const); ok && n <= 1<<20 {
				return int(n), true
			}
		}
	}
	return 0, false
}

// tasksOption reports whether the constructor's options include
// WithTasks, whose tool calls are not retried.
func (c *checker) tasksOption(ctor *ast.CallExpr, env *valueflow.Env) bool {
	vf := blocks.Of(c.pass).Flow
	for _, opt := range c.options(ctor) {
		if call, ok := opt.(*ast.CallExpr); ok && isTRPC(c.pass.TypesInfo, call, map[string]bool{"WithTasks": true}) {
			return true
		}
		if vf == nil {
			continue
		}
		for _, a := range optionValues(vf.Eval(opt, env)) { // an option made elsewhere
			if fn, ok := a.Obj.(*types.Func); ok && a.Kind == valueflow.Call && fn.Pkg() != nil && fn.Pkg().Path() == trpcMCP && fn.Name() == "WithTasks" {
				return true
			}
		}
	}
	return false
}

// optionValues returns the options v can be: its alternatives, and the
// elements of a slice of options (opts... passed on by a helper).
func optionValues(v *valueflow.Value) []*valueflow.Value {
	var out []*valueflow.Value
	for _, a := range v.Each() {
		if a.Kind == valueflow.Slice {
			out = append(out, a.Elems.Each()...)
			continue
		}
		out = append(out, a)
	}
	return out
}

// options returns the options passed to a client constructor: its
// arguments, and the elements of an options slice passed with ... (a
// literal, or a variable assigned once or built by append). An option
// that is not a call (a field, a parameter, a package variable) is
// returned as is, for the engine.
func (c *checker) options(ctor *ast.CallExpr) []ast.Expr {
	var out []ast.Expr
	var add func(e ast.Expr, depth int)
	add = func(e ast.Expr, depth int) {
		if depth > 3 {
			return
		}
		switch x := ast.Unparen(e).(type) {
		case *ast.CallExpr:
			if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok && id.Name == "append" {
				if _, ok := c.pass.TypesInfo.Uses[id].(*types.Builtin); ok {
					for _, a := range x.Args {
						add(a, depth+1)
					}
					return
				}
			}
			out = append(out, x)
		case *ast.CompositeLit:
			for _, el := range x.Elts {
				add(el, depth+1)
			}
		case *ast.Ident:
			var vals []ast.Expr
			if v, ok := c.pass.TypesInfo.Uses[x].(*types.Var); ok {
				vals = c.assignedTo(v)
			}
			for _, val := range vals {
				add(val, depth+1)
			}
			if len(vals) == 0 {
				out = append(out, x)
			}
		default:
			out = append(out, x)
		}
	}
	for _, a := range ctor.Args {
		add(a, 0)
	}
	return out
}

// assignedTo returns every value assigned to the local variable v in the
// function that declares it.
func (c *checker) assignedTo(v *types.Var) []ast.Expr {
	var out []ast.Expr
	for _, f := range c.pass.Files {
		if v.Pos() < f.Pos() || v.Pos() >= f.End() {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Lhs) != len(n.Rhs) {
					return true
				}
				for i, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok && c.pass.TypesInfo.ObjectOf(id) == v {
						out = append(out, n.Rhs[i])
					}
				}
			case *ast.ValueSpec:
				for i, nm := range n.Names {
					if c.pass.TypesInfo.Defs[nm] == v && i < len(n.Values) {
						out = append(out, n.Values[i])
					}
				}
			}
			return true
		})
	}
	return out
}

// litOf returns the composite literal e evaluates to, through &, one
// variable assigned once.
func (c *checker) litOf(e ast.Expr) (*ast.CompositeLit, bool) {
	for depth := 0; depth < 3; depth++ {
		e = ast.Unparen(e)
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = ast.Unparen(u.X)
		}
		switch x := e.(type) {
		case *ast.CompositeLit:
			return x, true
		case *ast.Ident:
			v, _ := c.pass.TypesInfo.Uses[x].(*types.Var)
			if v == nil {
				return nil, false
			}
			if e = c.valueOf(v); e == nil {
				return nil, false
			}
		default:
			return nil, false
		}
	}
	return nil, false
}

// callThrough returns a tool call of this package sent through the client
// that ctor builds, which repeating may harm: on the variable or field
// the client is assigned to, on a field it is then stored in, or on the
// result of a function of this package that returns it.
func (c *checker) callThrough(ctor *ast.CallExpr) *toolcalls.Call {
	info := c.pass.TypesInfo
	holders := make(map[types.Object]bool) // variables, fields and functions holding the client
	var sources []ast.Node                 // expressions that evaluate to the client
	sources = append(sources, ctor)
	for round := 0; round < 3 && len(sources) > 0; round++ {
		next := sources
		sources = nil
		for _, src := range next {
			for _, h := range c.holdersOf(src) {
				if !holders[h] {
					holders[h] = true
				}
			}
		}
		// Expressions reading a holder feed further holders.
		for _, f := range c.pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.Ident:
					if o := info.Uses[n]; o != nil && holders[o] {
						if _, isFunc := o.(*types.Func); !isFunc {
							sources = append(sources, n)
						}
					}
				case *ast.CallExpr:
					fn, _ := typeutil.Callee(info, n).(*types.Func)
					if fn != nil && holders[fn] {
						sources = append(sources, n)
					}
					// Passed to a function of this package: its parameter.
					if fn == nil || fn.Pkg() != c.pass.Pkg {
						break
					}
					sig := fn.Type().(*types.Signature)
					for i, a := range n.Args {
						if o := holderObj(info, a); o != nil && holders[o] && i < sig.Params().Len() && !(sig.Variadic() && i >= sig.Params().Len()-1) {
							holders[sig.Params().At(i)] = true
						}
					}
				}
				return true
			})
		}
	}
	for _, tc := range c.calls.Calls {
		if c.exempt(tc) {
			continue
		}
		// A helper of another package that calls a tool (a Caller fact)
		// and takes the client: its calls go through it.
		if !tc.Direct && tc.Callee != nil && tc.Callee.Pkg() != c.pass.Pkg && passesTRPCClient(info, tc, holders) {
			return tc
		}
		if !tc.Direct || tc.SDK != "trpc-mcp-go" {
			continue
		}
		sel, ok := ast.Unparen(tc.Call.Fun).(*ast.SelectorExpr)
		if !ok {
			continue
		}
		if o := holderObj(info, sel.X); o != nil && holders[o] {
			return tc
		}
		if call, ok := ast.Unparen(sel.X).(*ast.CallExpr); ok {
			if fn, _ := typeutil.Callee(info, call).(*types.Func); fn != nil && holders[fn] {
				return tc
			}
		}
	}
	return nil
}

// passesTRPCClient reports whether the wrapper call tc passes one of
// the holders as a parameter of type *mcp.Client of trpc-mcp-go.
func passesTRPCClient(info *types.Info, tc *toolcalls.Call, holders map[types.Object]bool) bool {
	params := tc.Callee.Signature().Params()
	for i, a := range tc.Call.Args {
		if i >= params.Len() {
			break
		}
		if path, name := namedIn(params.At(i).Type()); path != trpcMCP || name != "Client" {
			continue
		}
		if o := holderObj(info, a); o != nil && holders[o] {
			return true
		}
	}
	return false
}

// holdersOf returns what the value of src is stored in: the variable or
// field it is assigned to (first of a call's results), the field of a
// composite literal it sets, the function it is returned from.
func (c *checker) holdersOf(src ast.Node) []types.Object {
	info := c.pass.TypesInfo
	cur, ok := c.inspector().Root().FindNode(src)
	if !ok {
		return nil
	}
	// Skip parentheses, & and * around the value.
	for {
		p := cur.Parent()
		switch p.Node().(type) {
		case *ast.ParenExpr, *ast.StarExpr:
			cur = p
			continue
		case *ast.UnaryExpr:
			cur = p
			continue
		}
		break
	}
	// A literal run in place that returns the value: its call holds it
	// (c, err := func() (*mcp.Client, error) { return mcp.NewClient(...) }()).
	for range 4 {
		if _, ok := cur.Parent().Node().(*ast.ReturnStmt); !ok {
			break
		}
		call, ok := cur.Parent().Parent().Parent().Parent().Node().(*ast.CallExpr)
		if !ok || ast.Unparen(c.vf.Inlined(call)) != cur.Node() {
			break
		}
		cur = cur.Parent().Parent().Parent().Parent()
	}
	var out []types.Object
	switch p := cur.Parent().Node().(type) {
	case *ast.AssignStmt:
		for i, r := range p.Rhs {
			if r != cur.Node() {
				continue
			}
			idx := i
			if len(p.Lhs) != len(p.Rhs) {
				idx = 0 // c, err := mcp.NewClient(...)
			}
			if idx < len(p.Lhs) {
				if o := holderObj(info, p.Lhs[idx]); o != nil {
					out = append(out, o)
				}
			}
		}
	case *ast.ValueSpec:
		for i, v := range p.Values {
			if v == cur.Node() {
				idx := i
				if len(p.Names) != len(p.Values) {
					idx = 0
				}
				if idx < len(p.Names) {
					if o := info.Defs[p.Names[idx]]; o != nil {
						out = append(out, o)
					}
				}
			}
		}
	case *ast.KeyValueExpr:
		if p.Value == cur.Node() {
			if k, ok := p.Key.(*ast.Ident); ok {
				if o, ok := info.Uses[k].(*types.Var); ok && o.IsField() {
					out = append(out, o)
				}
			}
		}
	case *ast.ReturnStmt:
		for fd := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
			if d, ok := fd.Node().(*ast.FuncDecl); ok {
				if o := info.Defs[d.Name]; o != nil {
					out = append(out, o)
				}
			}
			break
		}
	}
	return out
}

// holderObj returns the variable or field that e names.
func holderObj(info *types.Info, e ast.Expr) types.Object {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, ok := info.ObjectOf(x).(*types.Var); ok {
			return v
		}
	case *ast.SelectorExpr:
		if v, ok := info.ObjectOf(x.Sel).(*types.Var); ok && v.IsField() {
			return v
		}
	}
	return nil
}

// isTRPC reports whether call calls a package-level function of
// trpc-mcp-go named in names.
func isTRPC(info *types.Info, call *ast.CallExpr, names map[string]bool) bool {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == trpcMCP && names[fn.Name()] &&
		fn.Type().(*types.Signature).Recv() == nil
}

// constInt returns the value of an integer constant, or 0.
func constInt(info *types.Info, e ast.Expr) int {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0
	}
	n, ok := constant.Int64Val(tv.Value)
	if !ok || n > 1<<20 {
		return 0
	}
	return int(n)
}

// importsDirect reports whether pkg imports path directly.
func importsDirect(pkg *types.Package, path string) bool {
	for _, q := range pkg.Imports() {
		if q.Path() == path {
			return true
		}
	}
	return false
}
