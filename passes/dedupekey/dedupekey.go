package dedupekey

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/internal/fresh"
	"github.com/mcpvet/mcpvet/passes/config"
	"github.com/mcpvet/mcpvet/passes/effects"
	"github.com/mcpvet/mcpvet/passes/mcpmodel"
)

//go:embed doc.go
var doc string

const name = "dedupekey"

// Analyzer reports tool handlers that commit a side effect before reading
// a dedupe key.
var Analyzer = &analysis.Analyzer{
	Name:     name,
	Doc:      analysisutil.MustExtractDoc(doc, name),
	URL:      "https://pkg.go.dev/github.com/mcpvet/mcpvet/passes/dedupekey",
	Run:      run,
	Requires: []*analysis.Analyzer{config.Analyzer, mcpmodel.Analyzer, effects.Analyzer},
}

func run(pass *analysis.Pass) (any, error) {
	model := pass.ResultOf[mcpmodel.Analyzer].(*mcpmodel.Model)
	if !model.MCP {
		return nil, nil
	}
	eff := pass.ResultOf[effects.Analyzer].(*effects.Result)
	dirs := analysisutil.ParseDirectives(pass)
	rep := analysisutil.NewReporter(pass, name, dirs)
	defer rep.Finish()

	seen := make(map[ast.Node]bool) // a handler registered twice is reported once
	for _, t := range model.Tools {
		// Only tools known to be neither idempotent nor read-only.
		if t.Idempotent != mcpmodel.False || t.ReadOnly != mcpmodel.False || t.Handler == nil {
			continue
		}
		if dirs.Find("idempotent", t.Reg.Pos(), "") != nil {
			continue
		}
		if n := t.Handler.Node(); n != nil {
			if seen[n] || dirs.Find("idempotent", n.Pos(), "") != nil {
				continue
			}
			seen[n] = true
			checkBody(pass, rep, eff, t)
			continue
		}
		checkRemote(pass, rep, eff, t)
	}
	return nil, nil
}

func toolName(t *mcpmodel.Tool) string {
	if t.Name != "" {
		return fmt.Sprintf("tool %q", t.Name)
	}
	return "this tool"
}

// message words a finding. An effect that is idempotent by nature (an
// overwrite, a delete) is still reported, since the annotation tells
// clients the tool is unsafe to retry, but the fix leads with the label.
func message(t *mcpmodel.Tool, kind, via string, idem bool) string {
	if idem {
		return fmt.Sprintf("%s is not marked idempotent and its handler commits %s via %s before reading a dedupe key; it looks idempotent by nature (an overwrite or delete): annotate IdempotentHint: true if a repeat is harmless, else check a dedupe key first",
			toolName(t), analysisutil.Article(kind), via)
	}
	label := "annotate IdempotentHint: true"
	if !t.SDK.Annotated() {
		label = "put a //mcpvet:idempotent directive on the registration (the SDK has no tool annotations)"
	}
	return fmt.Sprintf("%s is not idempotent and its handler commits %s via %s before reading a dedupe key, so a retry repeats it; check a client-supplied idempotency key first, or %s if a repeat is harmless",
		toolName(t), analysisutil.Article(kind), via, label)
}

// better reports whether effect a should be reported rather than b: the
// one that matters most (effects.MoreSignificant: not idempotent by
// nature, then remote before SQL, message, process and file), then the
// earlier.
func better(a, b *effects.EffectAt) bool {
	if effects.MoreSignificant(a.Effect, b.Effect) || effects.MoreSignificant(b.Effect, a.Effect) {
		return effects.MoreSignificant(a.Effect, b.Effect)
	}
	return a.Call.Pos() < b.Call.Pos()
}

// checkRemote handles a handler declared in another package: only its
// facts are known.
func checkRemote(pass *analysis.Pass, rep *analysisutil.Reporter, eff *effects.Result, t *mcpmodel.Tool) {
	if t.Handler.Obj == nil {
		return
	}
	e := eff.FuncEffect(t.Handler.Obj)
	if e == nil || e.KeyChecked || e.Idempotent && !t.SDK.Annotated() {
		return
	}
	rep.Report(analysis.Diagnostic{
		Pos: t.HandlerArg.Pos(), End: t.HandlerArg.End(),
		Message: message(t, e.Kind, effects.QualifiedName(t.Handler.Obj)+" (which reaches "+e.Sink+")", e.Idempotent),
		Related: append([]analysis.RelatedInformation{{Pos: t.Reg.Pos(), End: t.Reg.End(), Message: "tool registered here"}},
			eff.Related(pass.Fset, e)...),
	})
}

// checkBody analyzes a handler whose body is in this package.
func checkBody(pass *analysis.Pass, rep *analysisutil.Reporter, eff *effects.Result, t *mcpmodel.Tool) {
	body := t.Handler.Body()
	if body == nil {
		return
	}
	info := pass.TypesInfo
	sc := effects.NewScope(info, body)

	// A key with a fresh fallback protects nothing for clients that omit it.
	if fb := findFallback(info, eff, body); fb != nil && hasEffect(eff, sc, body) {
		rep.Report(analysis.Diagnostic{
			Pos: fb.Pos(), End: fb.End(),
			Message: fmt.Sprintf("%s falls back to a fresh dedupe key when the client sends none, so a retry without a key repeats the side effect; reject calls without a key, or derive the fallback from the request's content",
				toolName(t)),
			Related: []analysis.RelatedInformation{{Pos: t.Reg.Pos(), End: t.Reg.End(), Message: "tool registered here"}},
		})
		return
	}

	var first *effects.EffectAt
	for _, at := range eff.EffectsIn(info, body) {
		// Prefer the first effect that is not idempotent by nature.
		if !at.Keyed && (first == nil || better(&at, first)) {
			first = &at
		}
	}
	if first == nil || first.Effect.Idempotent && !t.SDK.Annotated() {
		return // an SDK without annotations cannot mark the tool idempotent
	}
	what := first.Effect.Kind
	via := first.Effect.Sink
	if first.Effect.Via != "" {
		via = first.Effect.Via
		if first.Effect.Via != first.Effect.Sink {
			via += " (which reaches " + first.Effect.Sink + ")"
		}
	}
	rep.Report(analysis.Diagnostic{
		Pos: first.Call.Pos(), End: first.Call.End(),
		Message: message(t, what, via, first.Effect.Idempotent),
		Related: append([]analysis.RelatedInformation{{Pos: t.Reg.Pos(), End: t.Reg.End(), Message: "tool registered here"}},
			eff.Related(pass.Fset, first.Effect)...),
	})
}

func hasEffect(eff *effects.Result, sc *effects.Scope, body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(x ast.Node) bool {
		if call, ok := x.(*ast.CallExpr); ok && !found && eff.CallEffect(sc, call) != nil {
			found = true
		}
		return !found
	})
	return found
}

// findFallback returns the fresh-value expression that replaces a
// missing client key: key = uuid.NewString() after key := in.Key, or
// cmp.Or(in.Key, uuid.NewString()).
func findFallback(info *types.Info, eff *effects.Result, body *ast.BlockStmt) ast.Expr {
	fromKey := make(map[types.Object]bool) // locals assigned from a key read
	var found ast.Expr
	readsKey := func(e ast.Expr) bool {
		r := false
		ast.Inspect(e, func(x ast.Node) bool {
			if _, ok := eff.KeyReadAt(info, x); ok {
				r = true
			}
			return !r
		})
		return r
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				return true
			}
			for i, rhs := range n.Rhs {
				lhsObj := objOf(info, n.Lhs[i])
				if call, _ := fresh.Find(info, rhs, nil); call != nil {
					keyLHS := lhsObj != nil && fromKey[lhsObj]
					if _, ok := eff.KeyReadAt(info, n.Lhs[i]); ok {
						keyLHS = true
					}
					if keyLHS || orFallback(info, eff, rhs) {
						found = call
						return false
					}
					continue
				}
				if lhsObj != nil && readsKey(rhs) {
					fromKey[lhsObj] = true
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if i < len(n.Values) {
					if call, _ := fresh.Find(info, n.Values[i], nil); call != nil && orFallback(info, eff, n.Values[i]) {
						found = call
						return false
					}
					if readsKey(n.Values[i]) {
						fromKey[info.Defs[name]] = true
					}
				}
			}
		}
		return true
	})
	return found
}

// orFallback reports whether e is a call like cmp.Or(in.Key,
// uuid.NewString()): one argument reads the key, another is fresh, and the
// result has the key's type. A struct literal that stores the key beside a
// timestamp is no fallback.
func orFallback(info *types.Info, eff *effects.Result, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) < 2 {
		return false
	}
	var keyArg, freshArg bool
	for _, a := range call.Args {
		if _, ok := eff.KeyReadAt(info, ast.Unparen(a)); ok {
			keyArg = keyArg || types.Identical(info.TypeOf(a), info.TypeOf(call))
		} else if c, _ := fresh.Find(info, a, nil); c != nil {
			freshArg = true
		}
	}
	return keyArg && freshArg
}

func objOf(info *types.Info, e ast.Expr) types.Object {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	if o := info.Defs[id]; o != nil {
		return o
	}
	return info.Uses[id]
}
