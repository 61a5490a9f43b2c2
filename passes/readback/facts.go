package readback

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/passes/blocks"
	"github.com/mcpvet/mcpvet/passes/config"
	"github.com/mcpvet/mcpvet/passes/effects"
	"github.com/mcpvet/mcpvet/passes/mcpmodel"
	"github.com/mcpvet/mcpvet/passes/retry"
	"github.com/mcpvet/mcpvet/passes/toolcalls"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// ClientParams is the fact that a function builds an MCP client from
// what its caller gives it: the HTTP client its transport sends with
// (go-sdk's StreamableClientTransport{HTTPClient: hc}, mcp-go's
// WithHTTPClient(hc)), or the options of a trpc-mcp-go client
// (NewClient(url, info, opts...)). A retrying HTTP client or a retry
// option passed there from another package is reported at that call,
// as it is at a call of such a helper of the same package (eachCaller).
type ClientParams struct {
	HTTPClient int // 1 + the parameter that is the transport's HTTP client; 0: none
	Options    int // 1 + the parameter whose elements are the client's options (variadic, or a slice); 0: none
}

func (*ClientParams) AFact() {}
func (f *ClientParams) String() string {
	return fmt.Sprintf("clientParams(http=%d, options=%d)", f.HTTPClient-1, f.Options-1)
}

// Resends is the fact that an exported function sends the tool its
// caller names (parameter NameParam) and sends it again after a failed
// attempt whose outcome is unknown, while its own package calls it, and
// only with tools registered idempotent or read-only: a test harness's
// retry helper, exported. Which tool it re-sends is decided by its
// callers, so each call of it in another package is judged: one that
// names a tool not known to be safe to repeat is reported there.
type Resends struct {
	NameParam int
	At        effects.Hop // the re-send
}

func (*Resends) AFact() {}
func (f *Resends) String() string {
	return fmt.Sprintf("resends(name=%d, %s:%d)", f.NameParam, filepath.Base(f.At.File), f.At.Line)
}

// resendsOf returns fn's Resends fact, imported through pass (the facts
// pass), or nil.
func resendsOf(pass *analysis.Pass, fn *types.Func) *Resends {
	f := new(Resends)
	if !pass.ImportObjectFact(fn.Origin(), f) {
		return nil
	}
	return f
}

// BuildsClients is the package fact that a package has functions with
// ClientParams facts: a package that imports none and no SDK's
// transports builds no MCP client from a caller's value.
type BuildsClients struct{}

func (*BuildsClients) AFact()         {}
func (*BuildsClients) String() string { return "buildsClients" }

// factsPass exports the ClientParams facts, inside the blocks analyzer
// (see package blocks): the helper that builds a client may be in
// another package than the code that gives it a retrying one.
var factsPass = &analysis.Analyzer{
	Name:       "readback_facts",
	Doc:        "computes readback's ClientParams and Resends facts, inside the blocks analyzer; it reports nothing",
	Run:        runFacts,
	Requires:   []*analysis.Analyzer{config.Analyzer, valueflow.Analyzer, retry.Analyzer, mcpmodel.Analyzer, toolcalls.Analyzer},
	ResultType: reflect.TypeFor[*factsResult](),
	FactTypes:  []analysis.Fact{new(ClientParams), new(BuildsClients), new(Resends)},
}

// factsResult is factsPass's result: the pass that imports the facts,
// and the facts it exported.
type factsResult struct {
	pass    *analysis.Pass
	params  map[*types.Func]*ClientParams
	resends map[*types.Func]*Resends
}

func init() { blocks.Register(factsPass) }

// clientParamsOf returns fn's ClientParams fact, imported through pass
// (the facts pass), or nil.
func clientParamsOf(pass *analysis.Pass, fn *types.Func) *ClientParams {
	if pass == nil || fn == nil || fn.Pkg() == nil {
		return nil
	}
	f := new(ClientParams)
	if !pass.ImportObjectFact(fn.Origin(), f) {
		return nil
	}
	return f
}

// importsClientBuilders reports whether pkg imports a package with a
// BuildsClients fact, directly.
func importsClientBuilders(pass *analysis.Pass, pkg *types.Package) bool {
	if pass == nil {
		return false
	}
	for _, q := range pkg.Imports() {
		if pass.ImportPackageFact(q, new(BuildsClients)) {
			return true
		}
	}
	return false
}

func runFacts(pass *analysis.Pass) (any, error) {
	res := &factsResult{pass: pass}
	res.resends = exportResends(pass)
	if !importsDirectly(pass.Pkg, goSDK, mcpGoTrans, trpcMCP) && !importsClientBuilders(pass, pass.Pkg) {
		return res, nil
	}
	vf, _ := pass.ResultOf[valueflow.Analyzer].(*valueflow.Result)
	if vf == nil {
		return res, nil
	}
	info := pass.TypesInfo
	var decls []*ast.FuncDecl
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && info.Defs[fd.Name] != nil {
				decls = append(decls, fd)
			}
		}
	}
	local := make(map[*types.Func]*ClientParams)
	builders := make(map[*types.Package]bool) // packages with a BuildsClients fact
	paramsOf := func(fn *types.Func) *ClientParams {
		if fn == nil || fn.Pkg() == nil {
			return nil
		}
		if fn.Pkg() == pass.Pkg {
			return local[fn.Origin()]
		}
		b, ok := builders[fn.Pkg()]
		if !ok {
			b = pass.ImportPackageFact(fn.Pkg(), new(BuildsClients))
			builders[fn.Pkg()] = b
		}
		if !b {
			return nil
		}
		return clientParamsOf(pass, fn)
	}
	// A fixpoint over the package's helpers that pass their parameters on
	// to one another.
	for changed := true; changed; {
		changed = false
		for _, fd := range decls {
			fn, _ := info.Defs[fd.Name].(*types.Func)
			if fn == nil {
				continue
			}
			f := local[fn]
			if f == nil {
				f = new(ClientParams)
			}
			before := *f
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if f.HTTPClient > 0 && f.Options > 0 {
					return false
				}
				switch n := n.(type) {
				case *ast.FuncLit:
					// Its parameters are not fn's; but a literal run in
					// place (valueflow's RunsIn) passes fn's on.
					return vf.RunsIn(n) == ast.Node(fd)
				case *ast.CompositeLit, *ast.CallExpr:
					if f.HTTPClient == 0 {
						if hc := transportClient(info, n); hc != nil {
							f.HTTPClient = paramIndex(vf, hc)
						}
					}
				}
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				if f.Options == 0 && isTRPC(info, call, trpcClientCtors) && call.Ellipsis.IsValid() {
					f.Options = paramIndex(vf, call.Args[len(call.Args)-1])
				}
				callee, _ := typeutil.Callee(info, call).(*types.Func)
				if g := paramsOf(callee); g != nil && callee.Origin() != fn {
					if f.HTTPClient == 0 && g.HTTPClient > 0 && g.HTTPClient <= len(call.Args) {
						f.HTTPClient = paramIndex(vf, call.Args[g.HTTPClient-1])
					}
					// The options slice passed on whole: opts... to a
					// variadic parameter, or opts to a slice parameter.
					sig := callee.Signature()
					variadic := sig.Variadic() && g.Options == sig.Params().Len()
					if f.Options == 0 && g.Options > 0 && len(call.Args) == g.Options && (!variadic || call.Ellipsis.IsValid()) {
						f.Options = paramIndex(vf, call.Args[g.Options-1])
					}
				}
				return true
			})
			if *f != before {
				local[fn] = f
				changed = true
			}
		}
	}
	exported := false
	for fn, f := range local {
		if f.HTTPClient > 0 || f.Options > 0 {
			pass.ExportObjectFact(fn, f)
			exported = true
			if res.params == nil {
				res.params = make(map[*types.Func]*ClientParams)
			}
			res.params[fn] = f
		}
	}
	if exported {
		pass.ExportPackageFact(new(BuildsClients))
	}
	return res, nil
}

// paramIndex returns 1 + the parameter of the enclosing function that e
// holds, as the value-flow engine sees it (every value e can have is
// that parameter), or 0.
func paramIndex(vf *valueflow.Result, e ast.Expr) int {
	idx := -1
	for _, v := range vf.Eval(e, nil).Each() {
		if v.Kind != valueflow.Param || v.Index < 0 || idx >= 0 && v.Index != idx {
			return 0
		}
		idx = v.Index
	}
	return idx + 1
}

// transportClient returns the HTTP client an MCP client transport is
// built with at n: the HTTPClient of a go-sdk transport literal, the
// argument of mcp-go's WithHTTPClient or WithHTTPBasicClient; or nil.
func transportClient(info *types.Info, n ast.Node) ast.Expr {
	switch n := n.(type) {
	case *ast.CompositeLit:
		path, tname := namedIn(info.TypeOf(n))
		if path != goSDK || (tname != "StreamableClientTransport" && tname != "SSEClientTransport") {
			return nil
		}
		for _, el := range n.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "HTTPClient" {
					return kv.Value
				}
			}
		}
	case *ast.CallExpr:
		fn, _ := typeutil.Callee(info, n).(*types.Func)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != mcpGoTrans || len(n.Args) != 1 {
			return nil
		}
		if fn.Name() == "WithHTTPBasicClient" || fn.Name() == "WithHTTPClient" {
			return n.Args[0]
		}
	}
	return nil
}

// exportResends exports a Resends fact for each exported function of the
// package that sends the tool its caller names and re-sends it after a
// failure (as readback would report it in the function), when the
// package's own calls of it name only safe tools, and returns them.
func exportResends(pass *analysis.Pass) map[*types.Func]*Resends {
	model, _ := pass.ResultOf[mcpmodel.Analyzer].(*mcpmodel.Model)
	calls, _ := pass.ResultOf[toolcalls.Analyzer].(*toolcalls.Result)
	rt, _ := pass.ResultOf[retry.Analyzer].(*retry.Result)
	if model == nil || !model.MCP || calls == nil || rt == nil {
		return nil
	}
	var c *checker
	cands := make(map[*types.Func]bool) // false: looked at, no candidate
	for _, tc := range calls.Calls {
		if tc.Tool != "" || tc.Keyed {
			continue
		}
		if c == nil {
			c = newChecker(pass, model, calls, rt)
			c.facts = pass
		}
		fn := c.enclosingFunc(tc)
		if fn == nil || !fn.Exported() {
			continue
		}
		if _, ok := cands[fn]; !ok {
			// Called by its package, with safe tools only: the helper is
			// judged at its calls. One its package never calls is judged
			// where it is, as readback sees it: its callers are unknown
			// there under go vet.
			n, safe := c.safeCalls(fn)
			cands[fn] = safe && n > 0
		}
	}
	if c == nil {
		return nil
	}
	var diags []analysis.Diagnostic
	c.collect = &diags
	for _, tc := range calls.Calls {
		if !cands[c.enclosingFunc(tc)] || c.exempt(tc) {
			continue
		}
		c.constructs(tc)
		c.errorPath(tc)
	}
	c.remoteResends()
	var out map[*types.Func]*Resends
	for _, d := range diags {
		fn := funcAt(pass, d.Pos)
		if !cands[fn] || out[fn] != nil {
			continue
		}
		at, ok := effects.HopAt(pass, d.Pos, "")
		if !ok {
			continue
		}
		f := &Resends{NameParam: calls.Caller(fn).NameParam, At: at}
		pass.ExportObjectFact(fn, f)
		if out == nil {
			out = make(map[*types.Func]*Resends)
		}
		out[fn] = f
	}
	return out
}

// funcAt returns the declared function of pass whose body holds pos.
func funcAt(pass *analysis.Pass, pos token.Pos) *types.Func {
	fd := analysisutil.FuncDeclAt(pass.Files, pos)
	if fd == nil || fd.Body == nil {
		return nil
	}
	fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
	return fn
}
