package toolcalls

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/internal/names"
	"github.com/mcpvet/mcpvet/passes/config"
	"github.com/mcpvet/mcpvet/passes/effects"
	"github.com/mcpvet/mcpvet/passes/mcpmodel"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// Analyzer finds tool calls and read-backs. It reports nothing.
var Analyzer = &analysis.Analyzer{
	Name:       "toolcalls",
	Doc:        "finds MCP client tool calls, a project's CallTool wrappers and read-back calls; it reports nothing",
	URL:        "https://pkg.go.dev/github.com/mcpvet/mcpvet/passes/toolcalls",
	Run:        run,
	Requires:   []*analysis.Analyzer{config.Analyzer, valueflow.Analyzer, mcpmodel.Analyzer},
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(Caller), new(ReadBack), new(SafeTools)},
}

const (
	goSDK       = "github.com/modelcontextprotocol/go-sdk/mcp"
	mcpGoClient = "github.com/mark3labs/mcp-go/client"
)

// SDK entry points, keyed by package path, receiver type name and name.
var (
	callTools = map[[3]string]string{
		{goSDK, "ClientSession", "CallTool"}:   "go-sdk",
		{mcpGoClient, "Client", "CallTool"}:    "mcp-go",
		{mcpGoClient, "MCPClient", "CallTool"}: "mcp-go",
		// mcp-go before v0.21: one client type per transport.
		{mcpGoClient, "StdioMCPClient", "CallTool"}: "mcp-go",
		{mcpGoClient, "SSEMCPClient", "CallTool"}:   "mcp-go",
	}
	readBacks = map[[3]string]bool{
		{goSDK, "ClientSession", "ReadResource"}:        true,
		{mcpGoClient, "Client", "ReadResource"}:         true,
		{mcpGoClient, "MCPClient", "ReadResource"}:      true,
		{mcpGoClient, "StdioMCPClient", "ReadResource"}: true,
		{mcpGoClient, "SSEMCPClient", "ReadResource"}:   true,
		{mcpGoClient, "Client", "GetTask"}:              true,
		{mcpGoClient, "Client", "TaskResult"}:           true,
		{mcpGoClient, "Client", "WaitForTask"}:          true,
	}
)

// Caller is a fact on a function that calls a tool, directly or through
// other functions: a project's own CallTool wrapper.
type Caller struct {
	Tool      string // the constant tool name, when all its calls name the same tool
	NameParam int    // the parameter that carries the tool name, or -1
	// ReqArg is 1 + the parameter that carries the request whose name
	// is the tool (a helper taking the params it sends: call(c, ctx,
	// req) { return c.CallTool(ctx, req) }), or 0.
	ReqArg int
	Keyed  bool // all its calls send a dedupe key
	// Forwards has bit i set when the content of parameter i (the
	// request a handler is given, a name, arguments) reaches the request
	// of one of its tool calls that does not name its tool: the function
	// passes a call on (forward.go).
	Forwards uint64
	// Req is the request its one tool call sends, as the value-flow
	// engine sees it in terms of its parameters (&mcp.CallToolParams{Name:
	// name, Arguments: args}), when it depends on them; nil otherwise.
	// Two calls of wrappers that send the same request are the same tool
	// call (Result.Request).
	Req *valueflow.Wire
}

func (*Caller) AFact() {}

func (c *Caller) String() string {
	s := "calltool"
	var parts []string
	if c.Tool != "" {
		parts = append(parts, "tool="+c.Tool)
	}
	if c.NameParam >= 0 {
		parts = append(parts, "nameparam="+string(rune('0'+c.NameParam)))
	}
	if c.ReqArg > 0 {
		parts = append(parts, "reqparam="+strconv.Itoa(c.ReqArg-1))
	}
	if c.Keyed {
		parts = append(parts, "keyed")
	}
	if c.Forwards != 0 {
		var ps []string
		for i := 0; i < 64; i++ {
			if c.Forwards&(1<<i) != 0 {
				ps = append(ps, strconv.Itoa(i))
			}
		}
		parts = append(parts, "forwards="+strings.Join(ps, "+"))
	}
	if len(parts) > 0 {
		s += "(" + strings.Join(parts, ",") + ")"
	}
	return s
}

// ReadBack is a fact on a function that reads back the outcome of a tool
// call: declared with //mcpvet:readback, or calling a read-back and no
// tool.
type ReadBack struct{}

func (*ReadBack) AFact()         {}
func (*ReadBack) String() string { return "readback" }

// SafeTools is a package fact listing the tools the package registers,
// by constant name, as idempotent or read-only: a client of the same
// module (a test or release-gate harness) may send them again.
type SafeTools struct {
	Safe     []string // idempotent or read-only, sorted
	ReadOnly []string // read-only, sorted
}

func (*SafeTools) AFact() {}

func (f *SafeTools) String() string {
	return "safetools(" + strings.Join(f.Safe, ",") + ")"
}

// Call is one tool call site.
type Call struct {
	Call   *ast.CallExpr
	Direct bool // an SDK CallTool; false for a wrapper's call
	Callee *types.Func
	SDK    string   // "go-sdk", "mcp-go", or "" for a wrapper
	Tool   string   // the constant tool name, or ""
	Params ast.Expr // the request argument of a direct call
	Name   ast.Expr // the tool-name argument, for a client whose CallTool takes one (sdk_other.go)
	Keyed  bool     // the call sends a dedupe key
	// ReadsBack: the call goes through a client helper that sends one
	// key with every attempt and reads the outcome back before it sends
	// again (idem, sdk_idem.go); Callee is the helper.
	ReadsBack bool
	// Impl is, for a call of an interface method, the implementation that
	// calls a tool (a method with a Caller fact), or nil.
	Impl *types.Func

	fwd uint64 // the arguments whose content reaches the tool request (forward.go)
	// nameArg is, for a wrapper's call, the argument the wrapper takes
	// the tool name from (Caller.NameParam).
	nameArg ast.Expr
	// req is, for a wrapper's call, the argument the wrapper sends as
	// its request (Caller.ReqArg), or nil.
	req ast.Expr
}

// Result lists a package's tool calls.
type Result struct {
	Calls []*Call

	byCall      map[*ast.CallExpr]*Call
	forwarders  map[*mcpmodel.Tool]bool
	locals      map[*types.Var][]ast.Expr // built on demand (forward.go)
	files       []*ast.File
	callers     map[*types.Func]*Caller
	methods     map[string][]*types.Func // the methods among callers, by name; nil when stale
	readBacks   map[*types.Func]bool
	modSafe     map[string]bool
	modReadOnly map[string]bool
	cfg         *config.Config
	info        *types.Info
	vf          *valueflow.Result
	pkg         *types.Package
	reqs        map[*types.Func]*valueflow.Value // the requests wrappers send (Caller.Req), decoded
}

// At returns the tool call made by call, or nil.
func (r *Result) At(call *ast.CallExpr) *Call { return r.byCall[call] }

// HasCallers reports whether some function (of this package or a
// dependency) has a Caller fact: where none has, Caller is always nil.
func (r *Result) HasCallers() bool { return len(r.callers) > 0 }

// Caller returns the Caller fact of fn, or nil.
func (r *Result) Caller(fn *types.Func) *Caller {
	if fn == nil {
		return nil
	}
	return r.callers[fn.Origin()]
}

// IsReadBack reports whether call reads back the outcome of a tool call.
func (r *Result) IsReadBack(call *ast.CallExpr) bool {
	fn, _ := typeutil.Callee(r.info, call).(*types.Func)
	return r.isReadBackFunc(fn)
}

func (r *Result) isReadBackFunc(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	fn = fn.Origin()
	if k, ok := key(fn); ok && (readBacks[k] || otherReadBacks[k]) {
		return true
	}
	return r.readBacks[fn] || r.cfg != nil && len(r.cfg.ReadBacks) > 0 && r.cfg.ReadBacks[fn.FullName()]
}

func key(fn *types.Func) ([3]string, bool) {
	if fn == nil || fn.Pkg() == nil {
		return [3]string{}, false
	}
	recv := ""
	if sig, _ := fn.Type().(*types.Signature); sig != nil && sig.Recv() != nil {
		t := types.Unalias(sig.Recv().Type())
		if p, ok := t.(*types.Pointer); ok {
			t = types.Unalias(p.Elem())
		}
		if n, ok := t.(*types.Named); ok {
			recv = n.Obj().Name()
		}
	}
	return [3]string{fn.Pkg().Path(), recv, fn.Name()}, true
}

type funcInfo struct {
	obj   *types.Func
	decl  *ast.FuncDecl
	calls []*ast.CallExpr // every call in the body, closures included
}

func run(pass *analysis.Pass) (any, error) {
	cfg := pass.ResultOf[config.Analyzer].(*config.Config)
	r := &Result{
		byCall:    make(map[*ast.CallExpr]*Call),
		callers:   make(map[*types.Func]*Caller),
		readBacks: make(map[*types.Func]bool),
		reqs:      make(map[*types.Func]*valueflow.Value),
		pkg:       pass.Pkg,
		cfg:       cfg,
		info:      pass.TypesInfo,
		files:     pass.Files,
	}
	r.vf, _ = pass.ResultOf[valueflow.Analyzer].(*valueflow.Result)
	if effects.Library(pass) {
		return r, nil
	}
	model := pass.ResultOf[mcpmodel.Analyzer].(*mcpmodel.Model)
	exportSafeTools(pass, model)
	for _, f := range pass.AllObjectFacts() {
		fn, ok := f.Object.(*types.Func)
		if !ok {
			continue
		}
		switch fact := f.Fact.(type) {
		case *Caller:
			r.callers[fn] = fact
		case *ReadBack:
			r.readBacks[fn] = true
		}
	}

	// Outside the SDKs' importers, with no wrapper or read-back function
	// imported or configured, only a project's own CallTool interface
	// method can start a tool call: skip the package unless it calls one.
	if len(r.callers) == 0 && len(r.readBacks) == 0 && (cfg == nil || len(cfg.ReadBacks) == 0) &&
		!model.ImportsSDK && !callsMethodNamed(pass.TypesInfo, "CallTool") {
		return r, nil
	}

	r.modSafe, r.modReadOnly = moduleSafeTools(pass)
	dirs := analysisutil.ParseDirectives(pass)
	var funcs []*funcInfo
	var top []*ast.CallExpr // calls outside function declarations
	for _, file := range pass.Files {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				analysisutil.InspectNoIdents(d, func(n ast.Node) bool {
					if c, ok := n.(*ast.CallExpr); ok {
						top = append(top, c)
					}
					return true
				})
				continue
			}
			fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if fn == nil {
				continue
			}
			fi := &funcInfo{obj: fn, decl: fd}
			analysisutil.InspectNoIdents(fd.Body, func(n ast.Node) bool {
				if c, ok := n.(*ast.CallExpr); ok {
					fi.calls = append(fi.calls, c)
				}
				return true
			})
			funcs = append(funcs, fi)
			if dirs.Find("readback", fd.Pos(), "") != nil {
				r.readBacks[fn] = true
			}
		}
	}

	// Wrappers and read-back functions, to a fixpoint over this package's
	// calls.
	for changed, iter := true, 0; changed && iter < 8; iter++ {
		changed = false
		for _, fi := range funcs {
			var calls []*Call
			readsBack := false
			for _, c := range fi.calls {
				if tc := r.classify(pass, fi.decl, c); tc != nil {
					calls = append(calls, tc)
				} else if r.IsReadBack(c) {
					readsBack = true
				}
			}
			if len(calls) > 0 {
				f := r.summarize(pass.TypesInfo, pass.Files, fi.decl, calls)
				reqs := r.requests(calls)
				if f.NameParam < 0 && f.Tool == "" {
					f.NameParam = r.nameParam(fi.decl, calls, reqs)
				}
				f.Forwards = forwardedParams(pass.TypesInfo, fi.obj.Type().(*types.Signature), fi.decl.Body, calls)
				if readsBackFunc(fi.obj) {
					f.Keyed = true // idem's helper itself (sdk_idem.go)
				}
				if len(calls) == 1 && r.vf != nil {
					if v := reqs(0); v != nil {
						r.reqs[fi.obj] = v
						if w := r.vf.Encode(fi.obj, v); w.K != valueflow.Unknown {
							f.Req = w
						}
					}
				}
				if old := r.callers[fi.obj]; old == nil || !sameCaller(old, f) {
					r.callers[fi.obj] = f
					r.methods = nil
					changed = true
				}
			} else if readsBack && !r.readBacks[fi.obj] {
				r.readBacks[fi.obj] = true
				changed = true
			}
		}
	}

	for _, fi := range funcs {
		for _, c := range fi.calls {
			if tc := r.classify(pass, fi.decl, c); tc != nil {
				r.add(tc)
			}
		}
		if f := r.callers[fi.obj]; f != nil {
			pass.ExportObjectFact(fi.obj, f)
		} else if r.readBacks[fi.obj] {
			pass.ExportObjectFact(fi.obj, new(ReadBack))
		}
	}
	for _, c := range top {
		if tc := r.classify(pass, nil, c); tc != nil {
			r.add(tc)
		}
	}
	sort.Slice(r.Calls, func(i, j int) bool { return r.Calls[i].Call.Pos() < r.Calls[j].Call.Pos() })
	r.findForwarders(model)
	return r, nil
}

// callsMethodNamed reports whether the package selects a method called
// name (its selections are far fewer than its syntax nodes).
func callsMethodNamed(info *types.Info, name string) bool {
	for _, sel := range info.Selections {
		if sel.Kind() == types.MethodVal && sel.Obj().Name() == name {
			return true
		}
	}
	return false
}

func (r *Result) add(tc *Call) {
	if r.byCall[tc.Call] == nil {
		r.byCall[tc.Call] = tc
		r.Calls = append(r.Calls, tc)
	}
}

// classify returns the tool call made by c, or nil.
func (r *Result) classify(pass *analysis.Pass, decl *ast.FuncDecl, c *ast.CallExpr) *Call {
	info := pass.TypesInfo
	fn, _ := typeutil.Callee(info, c).(*types.Func)
	if fn == nil {
		return nil
	}
	fn = fn.Origin()
	var body *ast.BlockStmt
	if decl != nil {
		body = decl.Body
	}
	if k, ok := key(fn); ok {
		if sdk, ok := callTools[k]; ok && len(c.Args) >= 2 {
			tc := &Call{Call: c, Direct: true, Callee: fn, SDK: sdk, Params: c.Args[1], fwd: requestArgs(info, c)}
			nameExpr := findName(info, pass.Files, body, c.Args[1])
			if s, ok := analysisutil.ConstString(info, nameExpr); ok {
				tc.Tool = s
			} else {
				tc.Tool = r.flowName(c.Args[1])
			}
			tc.Keyed = r.hasKey(info, body, c.Args[1], 0)
			return tc
		}
		if tc := r.otherCall(pass, body, fn, k, c); tc != nil { // sdk_other.go
			tc.fwd = requestArgs(info, c)
			return tc
		}
		if tc := readingBackCall(pass, body, fn, k, c); tc != nil { // sdk_idem.go
			tc.fwd = requestArgs(info, c)
			return tc
		}
	}
	f := r.callers[fn]
	var impl *types.Func
	if f == nil && !isCallToolInterface(fn) {
		f, impl = r.implCaller(fn)
	}
	if f == nil && isCallToolInterface(fn) {
		// A project's own client interface: its CallTool method is
		// implemented by a wrapper the analysis cannot see from here.
		f = &Caller{NameParam: -1, Forwards: requestArgs(info, c)}
		for i, a := range c.Args {
			if t := info.TypeOf(a); t != nil {
				if b, ok := t.Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
					f.NameParam = i
					break
				}
			}
		}
	}
	if f == nil {
		return nil
	}
	tc := &Call{Call: c, Callee: fn, Impl: impl, Tool: f.Tool, Keyed: f.Keyed, fwd: f.Forwards}
	if f.NameParam >= 0 && f.NameParam < len(c.Args) {
		tc.nameArg = c.Args[f.NameParam]
		if s, ok := analysisutil.ConstString(info, c.Args[f.NameParam]); ok {
			tc.Tool = s
		} else if r.vf != nil {
			tc.Tool, _ = r.vf.Eval(c.Args[f.NameParam], nil).String1()
		}
	}
	if tc.Tool == "" && f.ReqArg > 0 && f.ReqArg <= len(c.Args) {
		tc.req = c.Args[f.ReqArg-1]
		tc.Tool = r.flowName(tc.req) // the request the helper sends
		if tc.Tool == "" {
			// req.Params.Name = "..." before the call, as for a direct call.
			if s, ok := analysisutil.ConstString(info, findName(info, pass.Files, body, tc.req)); ok {
				tc.Tool = s
			}
		}
	}
	for _, a := range c.Args {
		if r.hasKey(info, body, a, 0) {
			tc.Keyed = true
		}
	}
	return tc
}

// sameCaller reports whether two Caller facts of one function say the
// same, its request aside (a value recomputed at each round).
func sameCaller(a, b *Caller) bool {
	x, y := *a, *b
	x.Req, y.Req = nil, nil
	return x == y
}

// Request returns the request tc sends, as the value-flow engine sees it
// in the calling function: the params of a direct call, or, for a call of
// a wrapper with a Caller fact, the request the wrapper sends with tc's
// arguments in place of its parameters. It is nil where the request is
// not known or names nothing of the caller's (all constants).
func (r *Result) Request(tc *Call) *valueflow.Value {
	if r.vf == nil {
		return nil
	}
	var v *valueflow.Value
	switch {
	case tc.Direct && tc.Params != nil:
		v = r.vf.Eval(tc.Params, nil)
	case !tc.Direct:
		fn := tc.Callee.Origin()
		w, ok := r.reqs[fn]
		if !ok && fn.Pkg() != r.pkg {
			if f := r.callers[fn]; f != nil && f.Req != nil {
				w = r.vf.Decode(fn, f.Req) // once per callee
			}
			r.reqs[fn] = w
		}
		if w == nil {
			return nil
		}
		v = r.vf.Subst(fn, w, r.vf.Args(fn, tc.Call, nil))
	}
	if v == nil || !v.Known() || !v.Mentions(symbolic) {
		return nil
	}
	return v
}

// requests returns the requests of calls (Request), each computed on
// first use, once.
func (r *Result) requests(calls []*Call) func(int) *valueflow.Value {
	vals := make([]*valueflow.Value, len(calls))
	done := make([]bool, len(calls))
	return func(i int) *valueflow.Value {
		if !done[i] {
			vals[i], done[i] = r.Request(calls[i]), true
		}
		return vals[i]
	}
}

// nameParam returns the parameter of the calling function that every one
// of calls sends as the tool's name, as the engine sees their requests (a
// request built by a constructor, through a wrapper, from a field), or -1.
// A call in a function literal is not the function's own, unless the
// literal runs in its place (later).
func (r *Result) nameParam(decl *ast.FuncDecl, calls []*Call, reqs func(int) *valueflow.Value) int {
	idx := -1
	lits := funcLits(decl.Body)
	for i, c := range calls {
		if r.later(decl, lits, c.Call) {
			return -1
		}
		v := reqs(i)
		if v == nil {
			return -1
		}
		name, _ := v.Field("Name")
		if p, ok := v.Field("Params"); ok && (name == nil || name.Kind != valueflow.Param) {
			name, _ = p.Field("Name") // mcp-go: CallToolRequest.Params.Name
		}
		if name == nil || name.Kind != valueflow.Param || name.Index < 0 || idx >= 0 && name.Index != idx {
			return -1
		}
		idx = name.Index
	}
	return idx
}

// symbolic reports whether v is a value of the caller's that is not a
// constant: a parameter, a call's result, a field of one.
func symbolic(v *valueflow.Value) bool {
	switch v.Kind {
	case valueflow.Param, valueflow.Call, valueflow.Method, valueflow.Field, valueflow.Elem:
		return true
	}
	return false
}

// summarize builds the Caller fact of a function from its tool calls.
func (r *Result) summarize(info *types.Info, files []*ast.File, decl *ast.FuncDecl, calls []*Call) *Caller {
	f := &Caller{NameParam: -1, Keyed: true}
	params := make(map[types.Object]int)
	if sig, ok := info.Defs[decl.Name].Type().(*types.Signature); ok {
		for i := 0; i < sig.Params().Len(); i++ {
			params[sig.Params().At(i)] = i
		}
	}
	tools := make(map[string]bool)
	var lits []*ast.FuncLit // computed once, when a wrapper's call needs them
	litsDone := false
	for _, c := range calls {
		tools[c.Tool] = true
		f.Keyed = f.Keyed && c.Keyed
		wrapped := !c.Direct && c.nameArg != nil
		if wrapped && !litsDone {
			lits, litsDone = funcLits(decl.Body), true
		}
		if c.Tool == "" && (c.Direct || wrapped && !r.later(decl, lits, c.Call)) {
			nameExpr := c.Name
			if !c.Direct {
				nameExpr = c.nameArg // a wrapper's call: call(ctx, c, name, args)
			} else if nameExpr == nil {
				nameExpr = findName(info, files, decl.Body, c.Params)
			}
			if id, ok := ast.Unparen(nameExpr).(*ast.Ident); ok {
				if i, ok := params[info.Uses[id]]; ok {
					f.NameParam = i
				}
			}
		}
		req := c.Params
		if !c.Direct {
			req = c.req // a wrapper's, passed on
		}
		if id, ok := ast.Unparen(req).(*ast.Ident); ok && c.Tool == "" && f.NameParam < 0 {
			if i, ok := params[info.Uses[id]]; ok && !reassigned(info, decl.Body, id) {
				f.ReqArg = i + 1 // the request is the caller's, as it sends it
			}
		}
	}
	if len(tools) == 1 {
		for t := range tools {
			f.Tool = t
		}
	}
	return f
}

// findName returns the expression that sets the tool name of a request:
// the Name field of a CallToolParams literal, or the right side of
// req.Params.Name = "..." / params.Name = "..." in the function.
func findName(info *types.Info, files []*ast.File, body *ast.BlockStmt, req ast.Expr) ast.Expr {
	var found ast.Expr
	var visit func(e ast.Expr, depth int)
	visit = func(e ast.Expr, depth int) {
		if e == nil || depth > 3 || found != nil {
			return
		}
		e = ast.Unparen(e)
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = ast.Unparen(u.X)
		}
		switch e := e.(type) {
		case *ast.CallExpr:
			if req := newCallRequest(info, e); req != nil { // sdk_idem.go
				visit(req, depth+1)
				return
			}
			found = requestCtorName(info, e) // sdk_other.go
		case *ast.CompositeLit:
			for _, el := range e.Elts {
				kv, ok := el.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				switch k, _ := kv.Key.(*ast.Ident); {
				case k == nil:
				case k.Name == "Name":
					found = kv.Value
				case k.Name == "Params":
					visit(kv.Value, depth+1)
				}
			}
		case *ast.Ident:
			v, ok := info.Uses[e].(*types.Var)
			if !ok {
				return
			}
			if v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
				// A package-level request: its declaration.
				if x := pkgVarValue(v, files); x != nil {
					visit(x, depth+1)
				}
				return
			}
			if body == nil {
				return
			}
			analysisutil.Inspect(body, func(n ast.Node) bool {
				if found != nil {
					return false
				}
				switch n := n.(type) {
				case *ast.AssignStmt:
					if len(n.Rhs) == 1 && len(n.Lhs) > 1 {
						// params, err := NewCallToolRequestParams(name, args)
						if id, ok := n.Lhs[0].(*ast.Ident); ok && info.ObjectOf(id) == v {
							visit(n.Rhs[0], depth+1)
						}
					}
					for i, l := range n.Lhs {
						if len(n.Lhs) != len(n.Rhs) {
							break
						}
						if id, ok := l.(*ast.Ident); ok && info.ObjectOf(id) == v {
							visit(n.Rhs[i], depth+1)
						} else if sel, ok := l.(*ast.SelectorExpr); ok && sel.Sel.Name == "Name" && analysisutil.RootVar(info, sel.X) == v {
							found = n.Rhs[i]
						} else if sel, ok := l.(*ast.SelectorExpr); ok && sel.Sel.Name == "Params" && analysisutil.RootVar(info, sel.X) == v {
							visit(n.Rhs[i], depth+1)
						}
					}
				case *ast.ValueSpec:
					for i, name := range n.Names {
						if info.Defs[name] == v && i < len(n.Values) {
							visit(n.Values[i], depth+1)
						}
					}
				}
				return true
			})
		}
	}
	visit(req, 0)
	return found
}

// hasKey reports whether expression e, a request or its arguments, sends
// a dedupe key: a map entry, struct field or _meta entry named like one,
// including through local variables assigned in body.
func (r *Result) hasKey(info *types.Info, body *ast.BlockStmt, e ast.Expr, depth int) bool {
	if depth > 3 || e == nil {
		return false
	}
	var m *names.Matcher
	if r.cfg != nil {
		m = r.cfg.Keys
	}
	found := false
	var vars []*types.Var
	analysisutil.Inspect(e, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.KeyValueExpr:
			if r.isKeyName(info, m, n.Key) {
				found = true
			}
		case *ast.CompositeLit:
			if st := structOf(info.TypeOf(n)); st != nil {
				for _, el := range n.Elts {
					kv, ok := el.(*ast.KeyValueExpr)
					if !ok {
						continue
					}
					id, ok := kv.Key.(*ast.Ident)
					if !ok {
						continue
					}
					for i := 0; i < st.NumFields(); i++ {
						if f := st.Field(i); f.Name() == id.Name && (m.IsKey(f.Name()) || m.IsKey(names.JSONName(st.Tag(i)))) {
							found = true
						}
					}
				}
			}
		case *ast.IndexExpr:
			if r.isKeyName(info, m, n.Index) {
				found = true
			}
		case *ast.SelectorExpr:
			if sel, ok := info.Selections[n]; ok && sel.Kind() == types.FieldVal && m.IsKey(sel.Obj().Name()) {
				found = true
			}
		case *ast.CallExpr:
			for _, a := range n.Args {
				if r.isKeyName(info, m, a) {
					found = true
				}
			}
		case *ast.Ident:
			if v, ok := info.Uses[n].(*types.Var); ok && !v.IsField() && body != nil && v.Pos() >= body.Pos() && v.Pos() < body.End() {
				vars = append(vars, v)
			}
		}
		return true
	})
	if found {
		return true
	}
	// Local variables: their definitions and the assignments into them
	// (req.Params.Meta = ..., args["idempotency_key"] = key).
	for _, v := range vars {
		hit := false
		analysisutil.Inspect(body, func(n ast.Node) bool {
			if hit {
				return false
			}
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if analysisutil.RootVar(info, indexRoot(l)) != v {
						continue
					}
					if r.hasKey(info, nil, l, depth+1) {
						hit = true
					}
					if len(n.Lhs) == len(n.Rhs) && r.hasKey(info, body, n.Rhs[i], depth+1) {
						hit = true
					}
					if i == 0 && len(n.Rhs) == 1 && len(n.Lhs) > 1 && r.hasKey(info, body, n.Rhs[0], depth+1) {
						hit = true // params, err := NewCallToolRequestParams(name, args)
					}
				}
			case *ast.ValueSpec:
				for i, name := range n.Names {
					if info.Defs[name] == v && i < len(n.Values) && r.hasKey(info, body, n.Values[i], depth+1) {
						hit = true
					}
				}
			}
			return true
		})
		if hit {
			return true
		}
	}
	// What the syntax does not show: a request or arguments built by a
	// constructor, kept in a field or a table.
	return depth == 0 && r.vf != nil && flowHasKey(r.vf.Eval(e, nil), m, 0)
}

// flowHasKey reports whether a value the engine found for a request or
// its arguments holds a dedupe key: a map entry or a struct field named
// like one, at any depth (a request's params, their arguments or _meta,
// the arguments of a call that builds them).
func flowHasKey(v *valueflow.Value, m *names.Matcher, depth int) bool {
	if depth > 6 {
		return false
	}
	for _, a := range v.Each() {
		switch a.Kind {
		case valueflow.Struct:
			st := structOf(a.Type)
			for _, f := range a.Fields {
				if m.IsKey(f.Name) || st != nil && m.IsKey(names.JSONName(fieldTagOf(st, f.Name))) {
					return true
				}
				if flowHasKey(f.Value, m, depth+1) {
					return true
				}
			}
		case valueflow.Slice:
			for i, k := range a.Keys {
				if m.IsKey(k) || flowHasKey(a.Entry[i], m, depth+1) {
					return true
				}
			}
			if len(a.Keys) == 0 && a.Elems != nil && flowHasKey(a.Elems, m, depth+1) {
				return true
			}
		case valueflow.Call:
			for _, x := range a.Args {
				if flowHasKey(x, m, depth+1) {
					return true
				}
			}
		}
	}
	return false
}

// fieldTagOf returns the tag of st's field name, or "".
func fieldTagOf(st *types.Struct, name string) string {
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Name() == name {
			return st.Tag(i)
		}
	}
	return ""
}

func indexRoot(e ast.Expr) ast.Expr {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.IndexExpr:
			e = x.X
		default:
			return e
		}
	}
}

func structOf(t types.Type) *types.Struct {
	if t == nil {
		return nil
	}
	t = types.Unalias(t)
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, _ := t.Underlying().(*types.Struct)
	return st
}

// pkgVarValue returns the initializer of a package-level variable of
// this package, or nil.
func pkgVarValue(v *types.Var, files []*ast.File) ast.Expr {
	for _, f := range files {
		if f.Pos() > v.Pos() || v.Pos() >= f.End() {
			continue
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, sp := range gd.Specs {
				vs := sp.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if n.Pos() == v.Pos() && len(vs.Values) == len(vs.Names) {
						return vs.Values[i]
					}
				}
			}
		}
	}
	return nil
}

// isCallToolInterface reports whether fn is the CallTool method of an
// interface declared outside the SDKs.
func isCallToolInterface(fn *types.Func) bool {
	if fn.Name() != "CallTool" || fn.Pkg() == nil {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || !types.IsInterface(sig.Recv().Type()) {
		return false
	}
	return fn.Pkg().Path() != goSDK && fn.Pkg().Path() != mcpGoClient && !otherSDKPath(fn.Pkg().Path())
}

// implCaller resolves a call of an interface method (a tool abstraction
// of an agent framework: t.Run(ctx, input), tool.Handle(ctx, req)) to
// the implementations that call a tool: methods of the same name with a
// Caller fact, of this package or an imported one, whose receiver type
// implements the interface. It returns their combined fact and the first
// of them by name, or nil when none does. Implementations that call no
// tool do not make the call safe: the loop re-sends whichever tool it
// was given.
func (r *Result) implCaller(fn *types.Func) (*Caller, *types.Func) {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil || !types.IsInterface(sig.Recv().Type()) {
		return nil, nil
	}
	iface, _ := sig.Recv().Type().Underlying().(*types.Interface)
	if iface == nil {
		return nil, nil
	}
	if r.methods == nil {
		r.methods = make(map[string][]*types.Func)
		for m := range r.callers {
			if s, _ := m.Type().(*types.Signature); s != nil && s.Recv() != nil && !types.IsInterface(s.Recv().Type()) {
				r.methods[m.Name()] = append(r.methods[m.Name()], m)
			}
		}
		for _, ms := range r.methods {
			sort.Slice(ms, func(i, j int) bool { return ms[i].FullName() < ms[j].FullName() })
		}
	}
	var f *Caller
	var first *types.Func
	for _, m := range r.methods[fn.Name()] {
		t := types.Unalias(m.Type().(*types.Signature).Recv().Type())
		if p, ok := t.(*types.Pointer); ok {
			t = types.Unalias(p.Elem())
		}
		n, ok := t.(*types.Named)
		if !ok || n.TypeParams().Len() > 0 {
			continue
		}
		if !types.Implements(n, iface) && !types.Implements(types.NewPointer(n), iface) {
			continue
		}
		// One method in common is a weak match (a Run of the same
		// signature): ask for more evidence that the type was written
		// for this interface.
		if iface.NumMethods() < 2 && !sameOrImports(m.Pkg(), fn.Pkg()) {
			continue
		}
		mf := r.callers[m]
		if f == nil {
			f, first = &Caller{Tool: mf.Tool, NameParam: mf.NameParam, ReqArg: mf.ReqArg, Keyed: mf.Keyed, Forwards: mf.Forwards}, m
			continue
		}
		if f.ReqArg != mf.ReqArg {
			f.ReqArg = 0
		}
		f.Forwards &= mf.Forwards // what every implementation passes on
		if f.Tool != mf.Tool {
			f.Tool = ""
		}
		if f.NameParam != mf.NameParam {
			f.NameParam = -1
		}
		f.Keyed = f.Keyed && mf.Keyed
	}
	return f, first
}

// sameOrImports reports whether p is q or imports it directly (as far as
// its export data tells).
func sameOrImports(p, q *types.Package) bool {
	if p == nil || q == nil {
		return false
	}
	if p == q {
		return true
	}
	for _, i := range p.Imports() {
		if i == q {
			return true
		}
	}
	return false
}

// exportSafeTools exports the SafeTools fact of a package that registers
// tools.
func exportSafeTools(pass *analysis.Pass, model *mcpmodel.Model) {
	safe, ro := make(map[string]bool), make(map[string]bool)
	for _, t := range model.Tools {
		if t.Name == "" {
			continue
		}
		if t.Idempotent == mcpmodel.True || t.ReadOnly == mcpmodel.True {
			safe[t.Name] = true
		}
		if t.ReadOnly == mcpmodel.True {
			ro[t.Name] = true
		}
	}
	if len(safe) == 0 {
		return
	}
	f := &SafeTools{}
	for n := range safe {
		f.Safe = append(f.Safe, n)
	}
	for n := range ro {
		f.ReadOnly = append(f.ReadOnly, n)
	}
	sort.Strings(f.Safe)
	sort.Strings(f.ReadOnly)
	pass.ExportPackageFact(f)
}

// moduleSafeTools returns the tools registered idempotent or read-only
// by the imported packages of pass's module, and by the packages pass
// imports directly (the server a test harness starts in process, also
// when it is another module's), and the read-only ones. A tool of the
// same name that another module registers deeper in the import graph
// may be another server's tool: it does not count.
func moduleSafeTools(pass *analysis.Pass) (safe, readOnly map[string]bool) {
	mod := ""
	if pass.Module != nil {
		mod = pass.Module.Path
	}
	for _, pf := range pass.AllPackageFacts() {
		f, ok := pf.Fact.(*SafeTools)
		if !ok || pf.Package == pass.Pkg {
			continue
		}
		if (mod == "" || !analysisutil.InModule(mod, pf.Package.Path())) && !slices.Contains(pass.Pkg.Imports(), pf.Package) {
			continue
		}
		if safe == nil {
			safe, readOnly = make(map[string]bool), make(map[string]bool)
		}
		for _, n := range f.Safe {
			safe[n] = true
		}
		for _, n := range f.ReadOnly {
			readOnly[n] = true
		}
	}
	return safe, readOnly
}

// ModuleSafeTools returns the tools registered idempotent or read-only by
// the imported packages of the module and the directly imported packages
// of any module, and the read-only ones among them (nil maps when none).
func (r *Result) ModuleSafeTools() (safe, readOnly map[string]bool) {
	return r.modSafe, r.modReadOnly
}

// flowName returns the one tool name the request params of an SDK's
// CallTool can hold, as the value-flow engine finds it (a request built
// by a constructor, kept in a field or a table: CallTool(ctx,
// chargeParams()); a call of an SDK's request constructor, sdk_other.go),
// or "".
func (r *Result) flowName(params ast.Expr) string {
	if r.vf == nil {
		return ""
	}
	v := r.vf.Eval(params, nil)
	name := ""
	for _, a := range v.Each() {
		var n *valueflow.Value
		switch a.Kind {
		case valueflow.Struct:
			n, _ = a.Field("Name")
			if n == nil {
				// mcp-go: mcp.CallToolRequest{Params: mcp.CallToolParams{Name: ...}}
				if p, _ := a.Field("Params"); p != nil && p.Kind == valueflow.Struct {
					n, _ = p.Field("Name")
				}
			}
		case valueflow.Call:
			n = requestCtorValueName(a)
		}
		if n == nil {
			return ""
		}
		s, ok := n.String1()
		if !ok || (name != "" && s != name) {
			return ""
		}
		name = s
	}
	return name
}

// isKeyName reports whether e is a dedupe key's name: a constant, or a
// string the value-flow engine finds every value of constant (a name
// kept in a local, a field, a constructor's result).
func (r *Result) isKeyName(info *types.Info, m *names.Matcher, e ast.Expr) bool {
	if s, ok := analysisutil.ConstString(info, e); ok {
		return m.IsKey(s)
	}
	ss, ok := r.vf.Strings(e)
	if !ok {
		return false
	}
	for _, s := range ss {
		if !m.IsKey(s) {
			return false
		}
	}
	return true
}

// reassigned reports whether body assigns to the variable id denotes
// (req.Params.Name = ... included): the request it sends is then not the
// one its caller passed.
func reassigned(info *types.Info, body *ast.BlockStmt, id *ast.Ident) bool {
	v, _ := info.Uses[id].(*types.Var)
	found := false
	analysisutil.EachAssign(body, func(lhs, _ ast.Expr, _ int) {
		found = found || (v != nil && analysisutil.RootVar(info, lhs) == v)
	})
	return found
}

// funcLits returns the outermost function literals of body: closures
// the function returns or hands on, called later.
func funcLits(body *ast.BlockStmt) []*ast.FuncLit {
	var lits []*ast.FuncLit
	ast.Inspect(body, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok {
			lits = append(lits, lit)
			return false
		}
		return true
	})
	return lits
}

// later reports whether n is in one of decl's function literals lits
// that does not run as part of decl (valueflow's RunsIn): a closure decl
// returns or hands on, called later. A literal called in place or handed
// to a helper that calls it (run(func() (R, error) { return
// cs.CallTool(ctx, p) })) is decl's own code.
func (r *Result) later(decl *ast.FuncDecl, lits []*ast.FuncLit, n ast.Node) bool {
	for _, lit := range lits {
		if lit.Pos() <= n.Pos() && n.End() <= lit.End() {
			if r.vf == nil {
				return true
			}
			return r.vf.RunsIn(analysisutil.InnermostLit(lit, n)) != ast.Node(decl)
		}
	}
	return false
}
