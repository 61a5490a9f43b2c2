package readback

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/printer"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/internal/names"
	"github.com/mcpvet/mcpvet/internal/wording"
	"github.com/mcpvet/mcpvet/passes/blocks"
	"github.com/mcpvet/mcpvet/passes/config"
	"github.com/mcpvet/mcpvet/passes/mcpmodel"
	"github.com/mcpvet/mcpvet/passes/retry"
	"github.com/mcpvet/mcpvet/passes/toolcalls"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

//go:embed doc.go
var doc string

const name = "readback"

// Analyzer reports tool calls that are sent again after a failure whose
// outcome is unknown, without a read-back in between.
var Analyzer = &analysis.Analyzer{
	Name:     name,
	Doc:      analysisutil.MustExtractDoc(doc, name),
	URL:      "https://pkg.go.dev/github.com/mcpvet/mcpvet/passes/readback",
	Run:      run,
	Requires: []*analysis.Analyzer{config.Analyzer, blocks.Analyzer},
	// Partial code is checked too: the Reporter reports only in the
	// function declarations that type-checked (analysisutil/partial.go).
	RunDespiteErrors: true,
}

const (
	goSDK        = "github.com/modelcontextprotocol/go-sdk/mcp"
	mcpGoTrans   = "github.com/mark3labs/mcp-go/client/transport"
	retryablehtp = "github.com/hashicorp/go-retryablehttp"
)

// fix is added to the message of a related position of every finding
// (report); "mcpvet help readback" explains why a failure does not mean
// the tool did not run, and the ways to read back.
const fix = "read back the outcome first, or send an idempotency key made once before the retry"

type checker struct {
	pass     *analysis.Pass
	calls    *toolcalls.Result
	rt       *retry.Result
	vf       *valueflow.Result
	rep      *analysisutil.Reporter
	insp     *inspector.Inspector
	safe     map[string]bool // tools registered idempotent or read-only
	readOnly map[string]bool
	done     map[token.Pos]bool
	vars     map[*types.Var]ast.Expr
	onlySafe map[*types.Func]bool // memo of onlySafeNames, by enclosing function
	facts    *analysis.Pass       // the pass that imports ClientParams facts (facts.go), or nil
	// resends holds the package's exported helpers with a Resends fact:
	// their callers in other packages are judged at their calls.
	resends map[*types.Func]*Resends
	// collect, when set, receives what report would report (the facts
	// pass asks which helpers re-send).
	collect *[]analysis.Diagnostic
}

func run(pass *analysis.Pass) (any, error) {
	if err := config.Err(pass); err != nil {
		return nil, err // a bad .mcpvet.yaml, named in the error
	}
	model := blocks.Of(pass).Model
	if !model.MCP {
		return nil, nil
	}
	c := newChecker(pass, model, blocks.Of(pass).Calls, blocks.Of(pass).Retry)
	c.vf = blocks.Of(pass).Flow
	if f, _ := blocks.Of(pass).Registered(factsPass).(*factsResult); f != nil {
		c.facts = f.pass
		c.resends = f.resends
	}
	dirs := analysisutil.ParseDirectives(pass)
	c.rep = analysisutil.NewReporter(pass, name, dirs)
	defer c.rep.Finish()

	for _, tc := range c.calls.Calls {
		if c.exempt(tc) {
			continue
		}
		c.constructs(tc)
	}
	for _, tc := range c.calls.Calls {
		// A plain re-send after the read-back helper failed is blind:
		// the helper's key stays with the helper.
		if c.exempt(tc) && !tc.ReadsBack {
			continue
		}
		c.errorPath(tc)
	}
	c.remoteOps()
	c.remoteResends()
	c.transports()
	c.sdkRetries() // sdkretry.go
	return nil, nil
}

// newChecker returns a checker of pass, whose tools registered idempotent
// or read-only are the model's and those of the module's packages.
func newChecker(pass *analysis.Pass, model *mcpmodel.Model, calls *toolcalls.Result, rt *retry.Result) *checker {
	c := &checker{
		pass:     pass,
		calls:    calls,
		rt:       rt,
		safe:     make(map[string]bool),
		readOnly: make(map[string]bool),
		done:     make(map[token.Pos]bool),
	}
	// A tool registered in the analyzed code as idempotent or read-only
	// may be called again.
	for _, t := range model.Tools {
		if t.Name == "" {
			continue
		}
		if t.Idempotent == mcpmodel.True || t.ReadOnly == mcpmodel.True {
			c.safe[t.Name] = true
		}
		if t.ReadOnly == mcpmodel.True {
			c.readOnly[t.Name] = true
		}
	}
	// And one registered so by another package of the module: the
	// server a test or release-gate harness calls.
	ms, mro := c.calls.ModuleSafeTools()
	for n := range ms {
		c.safe[n] = true
	}
	for n := range mro {
		c.readOnly[n] = true
	}
	return c
}

// exempt reports whether repeating tc is harmless: it sends a dedupe key
// (stable, or made per attempt, which freshkey reports), or its tool is
// registered idempotent or read-only here, or it is sent by an exported
// helper whose callers are judged at their calls (Resends).
func (c *checker) exempt(tc *toolcalls.Call) bool {
	if tc.Keyed || tc.Tool != "" && c.safe[tc.Tool] {
		return true
	}
	return tc.Tool == "" && (c.onlySafeNames(tc) || c.resends[c.enclosingFunc(tc)] != nil)
}

// enclosingFunc returns the declared function whose body holds tc, or nil.
func (c *checker) enclosingFunc(tc *toolcalls.Call) *types.Func {
	cur, ok := c.inspector().Root().FindNode(tc.Call)
	if !ok {
		return nil
	}
	for fd := range cur.Enclosing((*ast.FuncDecl)(nil)) {
		fn, _ := c.pass.TypesInfo.Defs[fd.Node().(*ast.FuncDecl).Name].(*types.Func)
		return fn
	}
	return nil
}

// onlySafeNames reports whether tc sends the tool named by a parameter of
// an unexported function of this package that is only ever called, each
// time with the constant name of a tool registered idempotent or
// read-only: a harness's retry helper that re-sends only safe tools.
func (c *checker) onlySafeNames(tc *toolcalls.Call) bool {
	fn := c.enclosingFunc(tc)
	if fn == nil || fn.Exported() {
		return false
	}
	if v, ok := c.onlySafe[fn]; ok {
		return v
	}
	calls, ok := c.safeCalls(fn)
	v := ok && calls > 0
	if v {
		// Every use of fn is one of those calls: no func value escapes.
		uses := 0
		for _, obj := range c.pass.TypesInfo.Uses {
			if obj == fn {
				uses++
			}
		}
		v = uses == calls
	}
	if c.onlySafe == nil {
		c.onlySafe = make(map[*types.Func]bool)
	}
	c.onlySafe[fn] = v
	return v
}

// safeCalls reports whether fn sends the tool its parameter names, and
// every call of fn in the package names a tool registered idempotent or
// read-only; calls is their number.
func (c *checker) safeCalls(fn *types.Func) (calls int, ok bool) {
	f := c.calls.Caller(fn)
	if f == nil || f.NameParam < 0 || f.Tool != "" {
		return 0, false
	}
	for _, x := range c.calls.Calls {
		if x.Callee != fn {
			continue
		}
		if x.Tool == "" || !c.safe[x.Tool] {
			return 0, false
		}
		calls++
	}
	return calls, true
}

// remoteResends reports a call of another package's exported helper that
// re-sends the tool its caller names (its Resends fact), when the tool
// named is not one registered idempotent or read-only.
func (c *checker) remoteResends() {
	if c.facts == nil {
		return
	}
	for _, tc := range c.calls.Calls {
		if tc.Direct || tc.Callee == nil || tc.Callee.Pkg() == nil || tc.Callee.Pkg() == c.pass.Pkg || c.exempt(tc) {
			continue
		}
		f := resendsOf(c.facts, tc.Callee)
		if f == nil {
			continue
		}
		tool := "CallTool"
		if tc.Tool != "" {
			tool = fmt.Sprintf("CallTool(%q)", tc.Tool)
		}
		var related ast.Node
		if f.NameParam < len(tc.Call.Args) {
			related = tc.Call.Args[f.NameParam]
		}
		helper := analysisutil.FuncDisplay(tc.Callee, c.pass.Pkg)
		var more []analysis.RelatedInformation
		if c.collect != nil {
			// The facts pass: only the position counts.
		} else if pos := blocks.Of(c.pass).Effects.HopPos(c.pass.Fset, f.At); pos.IsValid() {
			more = append(more, analysis.RelatedInformation{Pos: pos, End: pos, Message: helper + " sends it again here"})
		} else {
			// Under go vet another package's lines are not in the file set.
			helper += fmt.Sprintf(" (%s:%d)", filepath.Base(f.At.File), f.At.Line)
		}
		c.report(tc.Call, wording.Resend, wording.Resent(fmt.Sprintf("%s sends %s again", helper, tool)), fix,
			related, "the tool it re-sends is named here", more...)
	}
}

// describe names the call for a message.
func (c *checker) describe(tc *toolcalls.Call) string {
	tool := "CallTool"
	if tc.Tool != "" {
		tool = fmt.Sprintf("CallTool(%q)", tc.Tool)
	}
	if tc.Direct {
		return tool
	}
	if tc.Impl != nil {
		return fmt.Sprintf("%s (implemented by %s, which calls %s)", analysisutil.FuncDisplay(tc.Callee, c.pass.Pkg), analysisutil.FuncDisplay(tc.Impl, c.pass.Pkg), tool)
	}
	return fmt.Sprintf("%s (which calls %s)", analysisutil.FuncDisplay(tc.Callee, c.pass.Pkg), tool)
}

func how(con *retry.Construct) string {
	switch con.Kind {
	case retry.Loop:
		return "by this loop"
	case retry.Library:
		return "by " + con.Name
	case retry.HelperCall:
		return "by the retry helper " + con.Name
	case retry.Recursion:
		if fd, ok := con.Node.(*ast.FuncDecl); ok {
			return "by the recursive call of " + fd.Name.Name
		}
	}
	return "again"
}

// constructs reports tc when a retry construct around it re-sends it
// after it failed.
func (c *checker) constructs(tc *toolcalls.Call) {
	for _, con := range c.rt.Enclosing(tc.Call) {
		if c.safeCondition(con) {
			continue
		}
		ok, failure := c.rt.Resends(con, tc.Call, c.stop)
		if !ok {
			continue
		}
		if _, named := con.Attempt.(*ast.FuncDecl); named && (con.Kind == retry.HelperCall || con.Kind == retry.Library) {
			// A named step handed to a runner: report where it is handed
			// over and the policy chosen, once per runner call; the step
			// called once elsewhere is no finding.
			c.report(con.Node, wording.Resend, wording.Resent(fmt.Sprintf("%s runs %s, which sends %s, again",
				con.Name, analysisutil.FuncDisplay(con.OpFunc, c.pass.Pkg), c.describe(tc))), fix, tc.Call, "tool called here, in the step")
			continue
		}
		if failure == nil {
			failure = tc.Call
		}
		c.report(tc.Call, wording.Resend, wording.Resent(fmt.Sprintf("%s is sent again %s", c.describe(tc), how(con))), fix,
			failure, "failure observed here", constructRelated(con)...)
		return
	}
}

// errorPath reports a call of the same tool in the error path of tc: the
// seed's scenario of a restarted server and a re-sent call.
func (c *checker) errorPath(tc *toolcalls.Call) {
	var again []*toolcalls.Call
	c.rt.OnFailure(tc.Call, func(n ast.Node) bool {
		if c.stop(n) {
			return true
		}
		hit := false
		c.vf.InspectHere(n, func(x ast.Node) bool {
			if call, ok := x.(*ast.CallExpr); ok {
				if tc2 := c.calls.At(call); tc2 != nil && tc2 != tc && c.sameTool(tc, tc2) && !c.recursive(tc, tc2) {
					again = append(again, tc2)
					hit = true
				}
			}
			return !hit
		})
		return hit
	})
	if len(again) == 0 {
		return
	}
	// A call that also follows a success is the next step of straight-line
	// code, not a re-send in the error path.
	onSuccess := make(map[*ast.CallExpr]bool)
	c.rt.OnSuccess(tc.Call, func(n ast.Node) bool {
		ast.Inspect(n, func(x ast.Node) bool {
			if call, ok := x.(*ast.CallExpr); ok {
				onSuccess[call] = true
			}
			return true
		})
		return false
	})
	for _, tc2 := range again {
		if c.exempt(tc2) || onSuccess[tc2.Call] {
			continue
		}
		c.report(tc2.Call, wording.Resend, wording.Resent(fmt.Sprintf("%s is sent again in the error path", c.describe(tc2))), fix,
			tc.Call, "first call failed here")
	}
}

// sameTool reports whether two calls send the same tool: the same
// constant name, the same request variable, or, as the value-flow engine
// sees them, the same request built from the caller's values (also
// through the project's own CallTool wrappers).
func (c *checker) sameTool(a, b *toolcalls.Call) bool {
	if a.Tool != "" || b.Tool != "" {
		return a.Tool == b.Tool
	}
	if sameTool(c.pass.Fset, c.pass.TypesInfo, a, b) {
		return true
	}
	ra, rb := c.calls.Request(a), c.calls.Request(b)
	return ra != nil && rb != nil && valueflow.Same(ra, rb)
}

// sameTool is the syntax's answer for two calls whose tool is not a
// constant: the same request variable, or a request written alike.
func sameTool(fset *token.FileSet, info *types.Info, a, b *toolcalls.Call) bool {
	if a.Direct != b.Direct {
		// The request handed to a wrapper that sends it, such as a
		// reconnect helper: p.resendOnNewSession(ctx, params).
		d, w := a, b
		if !d.Direct {
			d, w = b, a
		}
		if d.Params == nil {
			return false
		}
		for _, arg := range w.Call.Args {
			if sameExpr(fset, info, d.Params, arg) {
				return true
			}
		}
		return false
	}
	if a.Callee != b.Callee {
		return false
	}
	if !a.Direct || a.Params == nil || b.Params == nil {
		return false
	}
	ia, ok1 := ast.Unparen(a.Params).(*ast.Ident)
	ib, ok2 := ast.Unparen(b.Params).(*ast.Ident)
	if ok1 && ok2 {
		return info.Uses[ia] != nil && info.Uses[ia] == info.Uses[ib]
	}
	// The same request built twice from the same variables, as on a new
	// session: &mcp.CallToolParams{Name: name, Arguments: args}.
	return sameExpr(fset, info, a.Params, b.Params)
}

// sameExpr reports whether a and b are written alike and each identifier
// of one denotes the object its counterpart in the other does. An
// expression without variables (all constants) does not count: it names
// no request of the caller's.
func sameExpr(fset *token.FileSet, info *types.Info, a, b ast.Expr) bool {
	var pa, pb strings.Builder
	if printer.Fprint(&pa, fset, a) != nil || printer.Fprint(&pb, fset, b) != nil || pa.String() != pb.String() {
		return false
	}
	var ia, ib []*ast.Ident
	collect := func(e ast.Expr, out *[]*ast.Ident) {
		ast.Inspect(e, func(n ast.Node) bool {
			if _, ok := n.(*ast.FuncLit); ok {
				*out = append(*out, nil) // a closure is not compared
				return false
			}
			if id, ok := n.(*ast.Ident); ok {
				*out = append(*out, id)
			}
			return true
		})
	}
	collect(a, &ia)
	collect(b, &ib)
	if len(ia) != len(ib) {
		return false
	}
	vars := false
	for i := range ia {
		if ia[i] == nil || ib[i] == nil {
			return false
		}
		oa, ob := info.ObjectOf(ia[i]), info.ObjectOf(ib[i])
		if oa != ob {
			return false
		}
		if v, ok := oa.(*types.Var); ok && !v.IsField() {
			vars = true
		}
	}
	return vars
}

// remoteOps reports retry libraries and helpers whose operation is a
// named function of another package that calls a tool.
func (c *checker) remoteOps() {
	if !c.calls.HasCallers() {
		return // no operation calls a tool: leave the constructs unsearched
	}
	for _, con := range c.rt.Constructs() {
		if con.Kind != retry.Library && con.Kind != retry.HelperCall || con.Attempt != nil || con.OpFunc == nil {
			continue
		}
		f := c.calls.Caller(con.OpFunc)
		if f == nil || f.Keyed || f.Tool != "" && c.safe[f.Tool] || c.safeCondition(con) {
			continue
		}
		tool := "CallTool"
		if f.Tool != "" {
			tool = fmt.Sprintf("CallTool(%q)", f.Tool)
		}
		c.report(con.Node, wording.Resend, wording.Resent(fmt.Sprintf("%s runs %s, which calls %s, again",
			con.Name, analysisutil.FuncDisplay(con.OpFunc, c.pass.Pkg), tool)), fix, con.Op, "operation retried here")
	}
}

// report reports a finding of the given category at n, with related
// positions: related with relMsg, then more. The fix goes on the last
// of them (the retry construct, when there is one).
func (c *checker) report(n ast.Node, category, msg, fix string, related ast.Node, relMsg string, more ...analysis.RelatedInformation) {
	if c.done[n.Pos()] {
		return
	}
	c.done[n.Pos()] = true
	if c.collect != nil {
		*c.collect = append(*c.collect, analysis.Diagnostic{Pos: n.Pos(), Message: msg})
		return
	}
	d := analysis.Diagnostic{Pos: n.Pos(), End: n.End(), Category: category, Message: msg}
	if related != nil {
		d.Related = []analysis.RelatedInformation{{Pos: related.Pos(), End: related.End(), Message: relMsg}}
	}
	d.Related = append(d.Related, more...)
	if last := len(d.Related) - 1; last >= 0 {
		d.Related[last].Message = wording.Fix(d.Related[last].Message, fix)
	}
	c.rep.Report(d)
}

// constructRelated points at the retry construct that re-sends a call:
// the loop's "for", the retry library's or helper's call, or the
// recursive function.
func constructRelated(con *retry.Construct) []analysis.RelatedInformation {
	switch n := con.Node.(type) {
	case *ast.ForStmt, *ast.RangeStmt:
		return []analysis.RelatedInformation{{Pos: n.Pos(), End: n.Pos() + token.Pos(len("for")), Message: "retry loop"}}
	case *ast.CallExpr:
		return []analysis.RelatedInformation{{Pos: n.Fun.Pos(), End: n.Fun.End(), Message: "retried by " + types.ExprString(n.Fun)}}
	case *ast.FuncDecl:
		return []analysis.RelatedInformation{{Pos: n.Name.Pos(), End: n.Name.End(), Message: "retried by recursion of " + n.Name.Name}}
	}
	return nil
}

// stop reports whether n, a statement or condition on the way from the
// failure to the re-send, makes the re-send safe: a read-back, a call of
// a read-only tool, a check of the tool's IdempotentHint or ReadOnlyHint,
// or a condition that lets only errors that prove the call never ran
// through.
func (c *checker) stop(n ast.Node) bool {
	found := false
	c.vf.InspectHere(n, func(x ast.Node) bool {
		if found {
			return false
		}
		switch x := x.(type) {
		case *ast.CallExpr:
			if c.calls.IsReadBack(x) {
				found = true
			} else if tc := c.calls.At(x); tc != nil && tc.Tool != "" && c.readOnly[tc.Tool] {
				found = true
			}
		case *ast.SelectorExpr:
			if x.Sel.Name == "IdempotentHint" || x.Sel.Name == "ReadOnlyHint" {
				found = true
			}
		}
		return !found
	})
	if found {
		return true
	}
	if e, ok := n.(ast.Expr); ok && c.notExecuted(e) {
		return true
	}
	return false
}

// safeCondition reports whether a construct's retry predicate only lets
// errors through that prove the call never ran:
// retry.RetryOnConflict, retry.OnError(b, apierrors.IsConflict, fn),
// retry-go's RetryIf(func(err error) bool { return errors.Is(err, ErrUnauthorized) }).
func (c *checker) safeCondition(con *retry.Construct) bool {
	if strings.HasSuffix(con.Name, "RetryOnConflict") {
		return true // a conflict is a write the server refused
	}
	if con.Pred == nil {
		return false
	}
	switch p := ast.Unparen(con.Pred).(type) {
	case *ast.FuncLit:
		ok, any := true, false
		ast.Inspect(p.Body, func(n ast.Node) bool {
			if r, isRet := n.(*ast.ReturnStmt); isRet && len(r.Results) == 1 {
				any = true
				e := c.vf.Inlined(r.Results[0])
				if tv, k := c.pass.TypesInfo.Types[e]; k && tv.Value != nil && !constant.BoolVal(tv.Value) {
					return true // return false
				}
				if !c.notExecuted(e) {
					ok = false
				}
			}
			return true
		})
		return ok && any
	default:
		return c.notExecuted(c.vf.Inlined(p))
	}
}

// allow and deny are words in an error test that tell whether the errors
// it lets through prove that the call never ran.
var (
	allow = []string{"unauthorized", "unauthenticated", "forbidden", "permissiondenied", "conflict",
		"methodnotfound", "invalidparams", "invalidrequest", "invalidargument", "badrequest",
		"validation", "toomanyrequests", "ratelimit", "notfound", "auth"}
	deny = []string{"timeout", "deadline", "cancel", "conn", "eof", "closed", "temporary", "transient",
		"retryable", "unavailable", "network", "reset", "broken", "internal", "shutdown", "unknown", "pipe"}
	notExecutedCodes = map[int64]bool{-32600: true, -32601: true, -32602: true, 401: true, 403: true, 409: true, 429: true}
)

// notExecuted reports whether e, an error test, holds only for errors
// that prove the call never ran, judged by the names and codes it
// mentions: errors.Is(err, ErrUnauthorized), apierrors.IsConflict(err),
// e.Code == jsonrpc.CodeMethodNotFound, resp.StatusCode == 401.
func (c *checker) notExecuted(e ast.Expr) bool {
	info := c.pass.TypesInfo
	allowed, denied := false, false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.Ident:
			w := names.Normalize(n.Name)
			for _, d := range deny {
				if strings.Contains(w, d) {
					denied = true
				}
			}
			for _, a := range allow {
				if strings.Contains(w, a) {
					allowed = true
				}
			}
		case *ast.BasicLit, *ast.UnaryExpr:
			if tv, ok := info.Types[n.(ast.Expr)]; ok && tv.Value != nil && tv.Value.Kind() == constant.Int {
				if v, ok := constant.Int64Val(tv.Value); ok && notExecutedCodes[v] {
					allowed = true
				}
			}
		}
		return true
	})
	return allowed && !denied
}

// inspector returns an inspector of the package, built on first use: only
// client packages need one, and inspect.Analyzer's would be kept for every
// package until the run ends (see scripts/bench.sh).
func (c *checker) inspector() *inspector.Inspector {
	if c.insp == nil {
		c.insp = inspector.New(c.pass.Files)
	}
	return c.insp
}

// transports reports MCP client transports whose HTTP client re-sends
// POSTs: go-retryablehttp's StandardClient.
func (c *checker) transports() {
	// A transport is configured here only through a composite literal of
	// go-sdk's transport type or a call of mcp-go's transport options:
	// both name a package this one imports (unless the type is spelled by
	// an alias or elided in a literal of another package's type, which
	// this check does not follow), or through a helper of another
	// package that builds one from the client it is given (a
	// ClientParams fact, facts.go). Only then is the transitive search
	// for go-retryablehttp worth its cost.
	mod := ""
	if c.pass.Module != nil {
		mod = c.pass.Module.Path
	}
	sdk := importsDirectly(c.pass.Pkg, goSDK, mcpGoTrans)
	remote := importsClientBuilders(c.facts, c.pass.Pkg)
	if !sdk && !remote || !importsPath(c.pass.Pkg, retryablehtp, mod) {
		return // no StandardClient can be called here
	}
	info := c.pass.TypesInfo
	msg := wording.ResentUnseen("this MCP transport's HTTP client (go-retryablehttp) re-sends a POST after a connection error or a 5xx")
	for cur := range c.inspector().Root().Preorder((*ast.CompositeLit)(nil), (*ast.CallExpr)(nil)) {
		val := transportClient(info, cur.Node())
		if val == nil {
			if call, ok := cur.Node().(*ast.CallExpr); ok && remote {
				c.remoteTransport(call, msg)
			}
			continue
		}
		if sc := c.standardClient(val); sc != nil {
			c.report(val, wording.RetryingTransport, msg, "use a plain *http.Client and "+fix, sc, "retrying client made here")
			continue
		}
		// The client is a parameter of a helper that builds the
		// transport: judged at each call of the helper in the package,
		// reported at the call that passes the retrying client.
		var encl *ast.FuncDecl
		for e := range cur.Enclosing((*ast.FuncDecl)(nil)) {
			encl = e.Node().(*ast.FuncDecl)
		}
		c.eachCaller(encl, nil, 0, func(at *ast.CallExpr, env *valueflow.Env) bool {
			param := false
			for _, v := range blocks.Of(c.pass).Flow.Eval(val, env).Each() {
				if retryingHTTPClient(v) {
					c.report(at, wording.RetryingTransport, msg, "pass a plain *http.Client and "+fix, val, "MCP transport made here")
					return true
				}
				param = param || v.Kind == valueflow.Param
			}
			return !param // a parameter here too: ask its callers
		})
	}
}

// remoteTransport reports a call of another package's helper that
// builds an MCP transport from the HTTP client it is given (a
// ClientParams fact) when that client retries.
func (c *checker) remoteTransport(call *ast.CallExpr, msg string) {
	fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if fn == nil || fn.Pkg() == c.pass.Pkg {
		return
	}
	f := clientParamsOf(c.facts, fn)
	if f == nil || f.HTTPClient == 0 || f.HTTPClient > len(call.Args) {
		return
	}
	hc := call.Args[f.HTTPClient-1]
	if sc := c.standardClient(hc); sc != nil {
		c.report(call, wording.RetryingTransport, msg, "pass a plain *http.Client and "+fix, sc, "retrying client made here")
	}
}

// standardClient returns the (*retryablehttp.Client).StandardClient call
// that e evaluates to, through one local variable; or else e itself when
// the value-flow engine finds that it holds the *http.Client that
// StandardClient returns (a field, an options struct, a helper's
// result: the engine follows StandardClient into go-retryablehttp, and
// sees a RoundTripper of that package as its Transport), unless its
// RetryMax may be 0; or nil.
func (c *checker) standardClient(e ast.Expr) ast.Node {
	if call := c.standardClientSyntax(e); call != nil {
		return call
	}
	vf := blocks.Of(c.pass).Flow
	if vf == nil {
		return nil
	}
	for _, v := range vf.Eval(e, nil).Each() {
		if retryingHTTPClient(v) {
			return e
		}
	}
	return nil
}

// retryingHTTPClient reports whether v is an http.Client whose
// Transport is go-retryablehttp's RoundTripper over a client that
// retries (RetryMax not the constant 0).
func retryingHTTPClient(v *valueflow.Value) bool {
	if path, name := namedIn(v.Type); v.Kind != valueflow.Struct || path != "net/http" || name != "Client" {
		return false
	}
	rt, _ := v.Field("Transport")
	if rt == nil || rt.Kind != valueflow.Struct {
		return false
	}
	if path, name := namedIn(rt.Type); path != retryablehtp || name != "RoundTripper" {
		return false
	}
	rc, _ := rt.Field("Client")
	if rc == nil || rc.Kind != valueflow.Struct {
		return false
	}
	// RetryMax 0 sends once: a client that may be set so is not
	// reported.
	max, _ := rc.Field("RetryMax")
	for _, m := range max.Each() {
		if m.Kind == valueflow.Const && m.Const.Kind() == constant.Int {
			if n, ok := constant.Int64Val(m.Const); ok && n <= 0 {
				return false
			}
		}
	}
	return true
}

// standardClientSyntax is standardClient by the syntax alone.
func (c *checker) standardClientSyntax(e ast.Expr) *ast.CallExpr {
	for depth := 0; depth < 3; depth++ {
		e = ast.Unparen(e)
		if call, ok := e.(*ast.CallExpr); ok {
			fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
			if fn != nil && fn.Name() == "StandardClient" && fn.Pkg() != nil && fn.Pkg().Path() == retryablehtp {
				return call
			}
			return nil
		}
		id, ok := e.(*ast.Ident)
		if !ok {
			return nil
		}
		v, _ := c.pass.TypesInfo.Uses[id].(*types.Var)
		if v == nil {
			return nil
		}
		x := c.valueOf(v)
		if x == nil {
			return nil
		}
		e = x
	}
	return nil
}

// valueOf returns the expression a variable assigned exactly once holds.
func (c *checker) valueOf(v *types.Var) ast.Expr {
	if c.vars == nil {
		c.vars = make(map[*types.Var]ast.Expr)
		count := make(map[*types.Var]int)
		note := func(l, r ast.Expr) {
			id, ok := l.(*ast.Ident)
			if !ok {
				return
			}
			if v, ok := c.pass.TypesInfo.ObjectOf(id).(*types.Var); ok {
				count[v]++
				c.vars[v] = r
			}
		}
		for _, f := range c.pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.AssignStmt:
					for i, l := range n.Lhs {
						var r ast.Expr
						if len(n.Lhs) == len(n.Rhs) {
							r = n.Rhs[i]
						}
						note(l, r)
					}
				case *ast.ValueSpec:
					for i, nm := range n.Names {
						var r ast.Expr
						if len(n.Values) == len(n.Names) {
							r = n.Values[i]
						}
						note(nm, r)
					}
				}
				return true
			})
		}
		for v, n := range count {
			if n != 1 {
				delete(c.vars, v)
			}
		}
	}
	return c.vars[v]
}

func namedIn(t types.Type) (string, string) {
	if t == nil {
		return "", ""
	}
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return "", ""
	}
	return n.Obj().Pkg().Path(), n.Obj().Name()
}

// recursive reports whether again calls the function that holds tc: a
// recursion, which the retry recogniser handles.
func (c *checker) recursive(tc, again *toolcalls.Call) bool {
	if again.Callee == nil {
		return false
	}
	cur, ok := c.inspector().Root().FindNode(tc.Call)
	if !ok {
		return false
	}
	for fd := range cur.Enclosing((*ast.FuncDecl)(nil)) {
		d := fd.Node().(*ast.FuncDecl)
		if c.pass.TypesInfo.Defs[d.Name] == again.Callee.Origin() {
			return true
		}
		break
	}
	// Or a helper through which it calls itself.
	for _, con := range c.rt.Enclosing(tc.Call) {
		if con.CallsBack(again.Callee) {
			return true
		}
	}
	return false
}

// importsDirectly reports whether pkg imports one of paths itself.
func importsDirectly(pkg *types.Package, paths ...string) bool {
	for _, q := range pkg.Imports() {
		if slices.Contains(paths, q.Path()) {
			return true
		}
	}
	return false
}

// importsPath reports whether pkg, of module mod ("" if unknown), imports
// path, a package of a module other than the standard library, directly
// or transitively.
func importsPath(pkg *types.Package, path, mod string) bool {
	seen := make(map[*types.Package]bool)
	var visit func(p *types.Package) bool
	visit = func(p *types.Package) bool {
		if seen[p] {
			return false
		}
		seen[p] = true
		if p.Path() == path {
			return true
		}
		for _, q := range p.Imports() {
			if !stdLike(q.Path(), mod) && visit(q) {
				return true
			}
		}
		return false
	}
	return visit(pkg)
}

// stdLike reports whether path is, by its form, a standard library
// package's, which imports no other module's packages: its first element
// has no dot, and it is not in module mod (a module may be named without
// one). With mod unknown, no path is.
func stdLike(path, mod string) bool {
	return mod != "" && !analysisutil.InModule(mod, path) && analysisutil.StdPath(path)
}
