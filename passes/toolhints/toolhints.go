package toolhints

import (
	_ "embed"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/internal/wording"
	"github.com/mcpvet/mcpvet/passes/blocks"
	"github.com/mcpvet/mcpvet/passes/config"
	"github.com/mcpvet/mcpvet/passes/effects"
	"github.com/mcpvet/mcpvet/passes/mcpmodel"
	"github.com/mcpvet/mcpvet/passes/wiring"
)

//go:embed doc.go
var doc string

const name = "toolhints"

// Analyzer reports tools annotated read-only or idempotent whose handlers
// commit effects that contradict the annotation.
var Analyzer = &analysis.Analyzer{
	Name:     name,
	Doc:      analysisutil.MustExtractDoc(doc, name),
	URL:      "https://pkg.go.dev/github.com/mcpvet/mcpvet/passes/toolhints",
	Run:      run,
	Requires: []*analysis.Analyzer{config.Analyzer, blocks.Analyzer},
	// Partial code is checked too: the Reporter reports only in the
	// function declarations that type-checked (analysisutil/partial.go).
	RunDespiteErrors: true,
}

// kindHTTP is the catalogue's kind for HTTP requests (effects.kindHTTP).
const kindHTTP = "HTTP request"

// methodless reports whether e is an HTTP request whose method is no
// evidence: a POST of a client that POSTs every request (RPC-style APIs
// POST their reads and their idempotent operations alike: the Kiali tools
// of kubernetes-mcp-server are read-only and POST every query to Kiali's
// API, corpus trap, see docs/precision.md), or a request whose method is
// not known. The method of a REST client's request is evidence: a POST,
// PATCH, PUT or DELETE that is not a read by design is a write, and a POST
// or PATCH is not idempotent.
func methodless(e *effects.Effect) bool {
	return !e.Idempotent && (e.RPC || (e.Kind == kindHTTP && e.Method == ""))
}

// rule is one of the two hints the check verifies.
type rule int

const (
	readOnly rule = iota
	idempotent
)

func run(pass *analysis.Pass) (any, error) {
	if err := config.Err(pass); err != nil {
		return nil, err // a bad .mcpvet.yaml, named in the error
	}
	model := blocks.Of(pass).Model
	if !model.MCP {
		return nil, nil
	}
	eff := blocks.Of(pass).Effects
	calls := blocks.Of(pass).Calls
	dirs := analysisutil.ParseDirectives(pass)
	rep := analysisutil.NewReporter(pass, name, dirs)
	defer rep.Finish()

	// A handler registered twice is checked once per rule; the
	// instances of a literal bound to their rows (mcpmodel.Func.Env) may
	// commit different effects: each is checked, and reported once per
	// rule and effect.
	type key struct {
		handler ast.Node
		rule    rule
	}
	checked := make(map[key]bool)
	seen := make(map[reportKey]bool)
	for _, t := range model.Tools {
		// A gateway's forwarder: its hints stand for the upstream tool's,
		// which the upstream server keeps (toolcalls.Result.Forwarder).
		if t.Handler == nil || t.Test || calls.Forwarder(t) {
			continue
		}
		var r rule
		switch {
		case t.ReadOnly == mcpmodel.True:
			r = readOnly
		case t.Idempotent == mcpmodel.True && t.ReadOnly == mcpmodel.False:
			r = idempotent
			// The user asserts the handler dedupes in a way mcpvet cannot see.
			if dirs.Find("idempotent", t.Reg.Pos(), "") != nil {
				continue
			}
		default:
			continue
		}
		n := t.Handler.Node()
		if n == nil {
			checkRemote(pass, rep, eff, t, r)
			continue
		}
		if checked[key{n, r}] || (r == idempotent && dirs.Find("idempotent", n.Pos(), "") != nil) {
			continue
		}
		if t.Handler.Env == nil {
			checked[key{n, r}] = true
		}
		checkBody(pass, rep, eff, t, r, seen)
	}
	checkWired(pass, rep, blocks.Of(pass).Wiring)
	return nil, nil
}

// checkWired reports, in the package that wires the program together,
// the tools of other packages annotated read-only or idempotent whose
// handlers reach a store only through an interface that this package
// wires in, when the interface call resolves here to an effect that
// contradicts the hint (package wiring). The finding is at the call that
// builds the tools' server.
func checkWired(pass *analysis.Pass, rep *analysisutil.Reporter, w *wiring.Result) {
	for _, wt := range w.Wired(pass) {
		t := wt.Tool
		var r rule
		switch {
		case t.ReadOnly == mcpmodel.True:
			r = readOnly
		case t.Idempotent == mcpmodel.True && t.ReadOnly == mcpmodel.False && !t.Keyed && !t.Asserted:
			r = idempotent
		default:
			continue
		}
		e, c := w.Resolve(wt, func(e *effects.Effect, c wiring.PendingCall) bool {
			return reportable(e, r, c.Method(), t.Name) && !effects.NamedRead(e, t.Name)
		})
		if e == nil {
			continue
		}
		related, where := w.Related(pass, wt, c, e, true, hintFix(t.HintFile, r))
		wired := " (the implementation is wired in by this program)"
		if where != "" {
			wired = " (" + where + "; the implementation is wired in by this program)"
		}
		effect := wording.Effect(e.Kind, e.Method, e.Via)
		msg := wording.WrongReadOnlyHint(t.Name, effect)
		if r == idempotent {
			msg = wording.WrongIdempotentHint(t.Name, effect)
		}
		rep.Report(analysis.Diagnostic{
			Pos: wt.At.Pos(), End: wt.At.End(),
			Category: category(r),
			Message:  msg + wired,
			Related:  related,
		})
	}
}

func message(t *mcpmodel.Tool, r rule, e *effects.Effect, via string) string {
	effect := wording.Effect(e.Kind, e.Method, via)
	if r == readOnly {
		return wording.WrongReadOnlyHint(t.Name, effect)
	}
	return wording.WrongIdempotentHint(t.Name, effect)
}

// related is the related position of the hint, with the fix.
func related(t *mcpmodel.Tool, r rule) []analysis.RelatedInformation {
	n := t.HintNode
	if n == nil {
		n = t.Def
	}
	return []analysis.RelatedInformation{{Pos: n.Pos(), End: n.End(), Message: hintFix(t.HintFile, r)}}
}

// hintFix is the message of the hint's related position, with the fix;
// hintFile is the data file that sets the hint, if any.
func hintFix(hintFile string, r rule) string {
	where := "here"
	if hintFile != "" {
		where = "in " + hintFile + ", registered here"
	}
	if r == idempotent {
		return wording.Fix("annotated idempotent "+where, "set IdempotentHint to false, or check a client-supplied key before the effect")
	}
	return wording.Fix("annotated read-only "+where, "set ReadOnlyHint to false, or move the write out of this tool")
}

// mutators are the leading words of a callee name that says it changes
// remote state. A POST reached through such a call is a write even for
// the read-only rule: (*githubv4.Client).Mutate sends a GraphQL mutation
// as a POST. "Post", "Send" and "Execute" are left out: RPC clients name
// their generic request methods so, for reads too.
var mutators = map[string]bool{
	"Mutate": true, "Create": true, "Insert": true, "Delete": true, "Update": true, "Upsert": true,
	"Patch": true, "Put": true, "Publish": true, "Charge": true, "Transfer": true, "Submit": true,
	"Enqueue": true, "Apply": true, "Remove": true, "Upload": true, "Trigger": true, "Dispatch": true,
	"Install": true, "Deploy": true, "Refund": true, "Pay": true, "Capture": true,
	"Add": true, "Move": true, "Transition": true,
}

// mutatorName reports whether a function name starts with a mutation verb,
// and has no dry-run word (CreateOrderPreview computes what a create
// would do: effects.DryRunName).
func mutatorName(name string) bool {
	if effects.DryRunName(name) {
		return false
	}
	return mutators[effects.Verb(name)]
}

// setters are the leading words of a callee name that sets remote
// state to what its arguments say: a start, a stop, an update to a whole
// value (portainer-mcp's StartLocalStack, UpdateTeamMembers), a write of
// whole contents (kiwifs's BulkWrite). A repeat
// finds the state set and changes nothing more, whatever HTTP method
// carries the request (REST APIs POST their actions), so an HTTP request
// made through such a call is no evidence against an idempotent hint.
var setters = map[string]bool{
	"Set": true, "Update": true, "Put": true, "Upsert": true, "Replace": true,
	"Start": true, "Stop": true, "Enable": true, "Disable": true, "Sync": true,
	"Write": true, "Overwrite": true,
}

// reportable reports whether effect e, reached by calling a function
// named callee, contradicts the hint checked by r. A POST of an RPC-style
// client is reported only for the read-only rule and only when the callee
// is named like a mutation: such a POST does not say whether the
// operation it carries is idempotent, and for a read-only tool it may
// well be a read.
func reportable(e *effects.Effect, r rule, callee, tool string) bool {
	if methodless(e) {
		return r == readOnly && (mutatorName(callee) || e.Mutation)
	}
	if r == idempotent {
		return !e.Idempotent && (e.Repeats || !(e.Kind == kindHTTP && (setters[effects.Verb(callee)] || toolSets(tool))))
	}
	if e.Transport {
		// A client's transport POST that no name on the way says is a
		// change: the handler's callee must.
		return mutatorName(callee)
	}
	return true
}

// toolSets reports whether a tool's name says that it sets state, by a
// setter among its first two words and no addition among them
// (update_bitrise_yml, abort_build, service_resize; not send_update): an
// HTTP request a generic helper sends for it (CallAPI(ctx, params), its
// method a POST) is then no evidence against its idempotent hint.
func toolSets(tool string) bool {
	ws := effects.NameWords(strings.NewReplacer("-", "_", ".", "_", " ", "_").Replace(tool))
	if len(ws) > 2 {
		ws = ws[:2]
	}
	sets := false
	for _, w := range ws {
		w = titleWord(w)
		if adders[w] {
			return false
		}
		sets = sets || setters[w] || converging[w]
	}
	return sets
}

// converging are action words whose repeat leaves the state the first
// left: an abort or a cancel of the same run, a resize to the same size.
var converging = map[string]bool{"Abort": true, "Cancel": true, "Resize": true}

// adders are leading words of operations that add on each call.
var adders = map[string]bool{"Create": true, "Add": true, "Send": true, "Post": true, "Insert": true,
	"Append": true, "Push": true, "Submit": true, "Trigger": true, "Fork": true, "Run": true}

// titleWord returns w with its first letter upper case and the rest
// lower case (ABORT, abort: Abort).
func titleWord(w string) string {
	if w == "" {
		return w
	}
	return strings.ToUpper(w[:1]) + strings.ToLower(w[1:])
}

// checkRemote handles a handler declared in another package: only its
// facts are known.
func checkRemote(pass *analysis.Pass, rep *analysisutil.Reporter, eff *effects.Result, t *mcpmodel.Tool, r rule) {
	if t.Handler.Obj == nil || t.Upstream {
		return // none, or judged where it is written, with the same hints (Tool.Upstream)
	}
	e := eff.HandlerEffect(t.Handler.Obj, t.Handler.Ref, t.Handler.Env)
	if e == nil || !reportable(e, r, t.Handler.Obj.Name(), t.Name) || (r == idempotent && (e.KeyChecked || e.Asserted || e.ReadsArg(t.Schema()))) || t.ReadByName(e) {
		return
	}
	rep.Report(analysis.Diagnostic{
		Pos: t.HandlerArg.Pos(), End: t.HandlerArg.End(),
		Category: category(r),
		Message:  message(t, r, e, effects.QualifiedName(t.Handler.Obj)),
		Related:  append(related(t, r), eff.Related(pass.Fset, e)...),
	})
}

func category(r rule) string {
	if r == readOnly {
		return wording.ReadOnlyHint
	}
	return wording.IdempotentHint
}

// reportKey is a finding on a handler of the package: the handler, the
// rule, and the effect's call and kind.
type reportKey struct {
	handler ast.Node
	rule    rule
	call    *ast.CallExpr
	effect  string
}

// event is a key read or an effect inside the handler.
// checkBody analyzes a handler whose body is in this package.
func checkBody(pass *analysis.Pass, rep *analysisutil.Reporter, eff *effects.Result, t *mcpmodel.Tool, r rule, seen map[reportKey]bool) {
	body := t.Handler.Body()
	if body == nil {
		return
	}
	info := pass.TypesInfo
	var first *effects.EffectAt
	for _, at := range eff.EffectsInEnv(info, body, t.Handler.Env) {
		if !reportable(at.Effect, r, apiName(pass, eff, info, at), t.Name) || t.ReadByName(at.Effect) {
			continue
		}
		// A dedupe key makes a create idempotent; it does not make a
		// write read-only.
		if r == idempotent && at.Keyed {
			continue
		}
		// The effect that matters most, the earliest among equals.
		if first == nil || effects.MoreSignificant(at.Effect, first.Effect) {
			first = &at
		}
	}
	if first == nil {
		return
	}
	k := reportKey{t.Handler.Node(), r, first.Call, first.Effect.Kind + " " + first.Effect.Method}
	if seen[k] {
		return
	}
	seen[k] = true
	via := first.Effect.Sink
	if first.Effect.Via != "" {
		via = first.Effect.Via
	}
	rep.Report(analysis.Diagnostic{
		Pos: first.Call.Pos(), End: first.Call.End(),
		Category: category(r),
		Message:  message(t, r, first.Effect, via),
		Related:  append(related(t, r), eff.Related(pass.Fset, first.Effect)...),
	})
}

// apiName returns the name that says what the effect at is: its
// callee's, or where the callee is a helper of the project (of this
// package, or of another package of the module) whose name has no
// mutation or setter verb and that reaches the effect through another
// function (Effect.Via: an extracted helper that calls
// api.Servers.Update), that function's, followed through the helpers of
// this package and the packages it imports a few steps. A function of
// another module takes its callee's name only when that name has such a
// verb.
func apiName(pass *analysis.Pass, eff *effects.Result, info *types.Info, at effects.EffectAt) string {
	fn, _ := typeutil.Callee(info, at.Call).(*types.Func)
	name := calleeName(info, at.Call)
	for range 4 {
		// A project function named by a verb of its own keeps its name
		// (a GraphQL client's Mutate); an extracted helper (mmX1,
		// renameServer) takes its callee's.
		if fn == nil || mutators[effects.Verb(name)] || setters[effects.Verb(name)] {
			return name
		}
		e := eff.FuncEffect(fn)
		if e == nil || e.Via == "" {
			return name
		}
		via := e.Via[strings.LastIndexByte(e.Via, '.')+1:]
		if !inModule(pass, fn) {
			// A function of another module (a helper module of the
			// project, an SDK) takes its callee's name only when that
			// name says what it does and its own does not:
			// RenameServer calling api.Servers.Update.
			if v := effects.Verb(via); mutators[v] || setters[v] {
				return via
			}
			return name
		}
		name = via
		fn = viaFunc(pass.Pkg, e.Via)
	}
	return name
}

// viaFunc returns the package-level function an effect's Via names
// ("restsdk.RetitleServer"): of pkg, or of a package it imports that is
// the only one of its name; nil for a method or another name.
func viaFunc(pkg *types.Package, via string) *types.Func {
	q, name, ok := strings.Cut(via, ".")
	if !ok || strings.ContainsAny(q, "(*") {
		return nil
	}
	if q == pkg.Name() {
		fn, _ := pkg.Scope().Lookup(name).(*types.Func)
		return fn
	}
	var found *types.Func
	for _, imp := range pkg.Imports() {
		if imp.Name() != q {
			continue
		}
		if found != nil {
			return nil // two imports of the name
		}
		found, _ = imp.Scope().Lookup(name).(*types.Func)
		if found == nil {
			return nil
		}
	}
	return found
}

// inModule reports whether fn is a function of the project: of the
// package under analysis, or of its module.
func inModule(pass *analysis.Pass, fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	if fn.Pkg() == pass.Pkg {
		return true
	}
	m := pass.Module
	return m != nil && m.Path != "" && analysisutil.InModule(m.Path, fn.Pkg().Path())
}

// calleeName returns the name of the function call calls, or "".
func calleeName(info *types.Info, call *ast.CallExpr) string {
	if obj := typeutil.Callee(info, call); obj != nil {
		return obj.Name()
	}
	return ""
}
