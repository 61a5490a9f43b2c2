package dedupekey

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/internal/wording"
	"github.com/mcpvet/mcpvet/passes/effects"
	"github.com/mcpvet/mcpvet/passes/mcpmodel"
	"github.com/mcpvet/mcpvet/passes/toolcalls"
)

// Handlers whose store main wires in. A handler that reaches its store
// only through an interface of its own module that no package it imports
// implements (effects' pending interface calls: model.TaskStore.SaveTask,
// implemented by store.SQLiteStore, which only main imports) commits no
// effect its package can see. Its package records the tool in a Pending
// fact; the main package, which imports the implementations, resolves the
// interface method by the same rule as any interface call and reports the
// tool at its call of the handler's package (server.NewMCPServer(...)),
// with the registration and the handler's call as related positions.
//
// Only a handler that reads no dedupe key anywhere and whose schema names
// none is recorded: the order of a pending call and a key read is not
// followed across packages.

// Pending is the package fact that the package registers tools whose
// handlers commit no effect it can see, but call an interface method
// that only a package importing the implementations can resolve.
type Pending struct {
	Tools []PendingTool
}

// PendingTool is one tool of a Pending fact.
type PendingTool struct {
	Name      string
	Annotated bool        // the SDK has tool annotations (an idempotent effect is still reported)
	HintFile  string      // mcpmodel.Tool.HintFile
	Reg       effects.Hop // the registration
	Calls     []PendingCall
}

// PendingCall is one pending interface call of a handler, in source
// order: a read may come before the write (GetTask, then UpdateTask).
type PendingCall struct {
	Iface string      // the interface method, "path.Type.Method" (effects.Effect.Iface)
	Via   string      // what the handler calls (the method, or the helper that calls it), as the related position words it
	At    effects.Hop // the handler's call
}

func (*Pending) AFact() {}
func (f *Pending) String() string {
	var names []string
	for _, t := range f.Tools {
		var ifaces []string
		for _, c := range t.Calls {
			ifaces = append(ifaces, c.Iface)
		}
		names = append(names, t.Name+" -> "+strings.Join(ifaces, " "))
	}
	return "pending(" + strings.Join(names, ", ") + ")"
}

// exportPending exports the package's Pending fact, if it has tools to
// record. It runs in the facts pass, which sees the tools and effects.
func exportPending(pass *analysis.Pass, eff *effects.Result, model *mcpmodel.Model, calls *toolcalls.Result) {
	// Only the main module's packages leave interface calls pending
	// (effects' pending.go): a dependency's handlers have none.
	if !model.MCP || len(model.Tools) == 0 || pass.Module != nil && pass.Module.Version != "" {
		return
	}
	dirs := analysisutil.ParseDirectives(pass)
	var fact Pending
	for _, t := range model.Tools {
		if t.Name == "" || t.Idempotent != mcpmodel.False || t.ReadOnly != mcpmodel.False || t.Handler == nil || t.Deduped != nil ||
			calls.Forwarder(t) || dirs.Find("idempotent", t.Reg.Pos(), "") != nil {
			continue
		}
		var ps []pendingAt
		remote := ""
		if body := t.Handler.Body(); body != nil {
			if dirs.Find("idempotent", t.Handler.Node().Pos(), "") != nil {
				continue
			}
			ps = pendingIn(pass, eff, body)
		} else if obj := t.Handler.Obj; obj != nil && obj.Pkg() != pass.Pkg {
			if eff.FuncEffect(obj) != nil || eff.FuncKeyRead(obj) != nil {
				continue
			}
			if p := eff.PendingFunc(obj); p != nil {
				ps, remote = []pendingAt{{p, t.HandlerArg.Pos()}}, effects.QualifiedName(obj)
			}
		}
		// The schema's keys last: the engine's are computed on demand.
		if len(ps) == 0 || len(t.Schema()) > 0 {
			continue
		}
		reg, ok := effects.HopAt(pass, t.Reg.Pos(), "")
		if !ok {
			continue
		}
		pt := PendingTool{Name: t.Name, Annotated: t.SDK.Annotated(), HintFile: t.HintFile, Reg: reg}
		for _, p := range ps {
			via := p.e.Via
			if via == "" {
				via = p.e.Sink
			}
			at, ok := effects.HopAt(pass, p.at, via)
			if !ok {
				continue
			}
			via = "the handler calls " + via + " here"
			if remote != "" {
				via = "the handler " + remote + " calls " + p.e.Via
			}
			pt.Calls = append(pt.Calls, PendingCall{Iface: p.e.Iface, Via: via, At: at})
		}
		if len(pt.Calls) > 0 {
			fact.Tools = append(fact.Tools, pt)
		}
	}
	if len(fact.Tools) > 0 {
		pass.ExportPackageFact(&fact)
	}
}

// pendingAt is a pending interface call and where the handler makes it.
type pendingAt struct {
	e  *effects.Effect
	at token.Pos
}

// maxPendingCalls bounds the calls a Pending fact keeps per tool.
const maxPendingCalls = 4

// pendingIn returns the pending interface calls of a handler body that
// commits no effect and reads no dedupe key, in source order, one per
// interface method; nil otherwise.
func pendingIn(pass *analysis.Pass, eff *effects.Result, body *ast.BlockStmt) []pendingAt {
	info := pass.TypesInfo
	sc := eff.NewScope(info, body)
	var out []pendingAt
	seen := make(map[string]bool)
	clean := true
	ast.Inspect(body, func(n ast.Node) bool {
		if !clean {
			return false
		}
		if _, ok := eff.KeyReadAt(info, n); ok {
			clean = false
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		e, p := eff.CallEffectOrPending(sc, call)
		if e != nil {
			clean = false // an effect this package sees: judged here
			return false
		}
		if p != nil && len(out) < maxPendingCalls && !seen[p.Iface] {
			seen[p.Iface] = true
			out = append(out, pendingAt{p, call.Pos()})
		}
		return true
	})
	if !clean {
		return nil
	}
	return out
}

// checkPending reports, in a main package (or a cmd package main
// delegates to: wiringPackage), the tools of the Pending facts
// of the packages it imports whose pending call resolves here to an
// effect, at its call that builds the tool's package's server (firstCalls).
func checkPending(pass *analysis.Pass, facts *analysis.Pass, rep *analysisutil.Reporter, eff *effects.Result) {
	if !wiringPackage(pass.Pkg) || facts == nil {
		return
	}
	var pending []analysis.PackageFact
	for _, pf := range facts.AllPackageFacts() {
		if _, ok := pf.Fact.(*Pending); ok && pf.Package != pass.Pkg {
			pending = append(pending, pf)
		}
	}
	if len(pending) == 0 {
		return
	}
	sort.Slice(pending, func(i, j int) bool { return pending[i].Package.Path() < pending[j].Package.Path() })
	calls := firstCalls(pass)
	for _, pf := range pending {
		at, ok := calls[pf.Package.Path()]
		if !ok {
			continue // main does not build that package's server itself
		}
		for _, t := range pf.Fact.(*Pending).Tools {
			// The first call that resolves to an effect.
			var e *effects.Effect
			var c PendingCall
			for _, c = range t.Calls {
				if e = eff.ResolveIface(c.Iface); e != nil && !e.Pending() && !e.Soft() {
					break
				}
				e = nil
			}
			if e == nil || e.Idempotent && !t.Annotated {
				continue
			}
			var related []analysis.RelatedInformation
			wired := " (the implementation is wired in by this program)"
			if pos := eff.HopPos(pass.Fset, t.Reg); pos.IsValid() {
				related = append(related, analysis.RelatedInformation{Pos: pos, End: pos, Message: registeredFix(t.HintFile, t.Annotated, e.Idempotent)})
			} else {
				// Under go vet an imported package's file has only the
				// lines its export data needs: say where the tool is.
				wired = fmt.Sprintf(" (registered at %s:%d; the implementation is wired in by this program)", filepath.Base(t.Reg.File), t.Reg.Line)
			}
			if pos := eff.HopPos(pass.Fset, c.At); pos.IsValid() {
				related = append(related, analysis.RelatedInformation{Pos: pos, End: pos, Message: c.Via})
			}
			related = append(related, eff.Related(pass.Fset, e)...)
			rep.Report(analysis.Diagnostic{
				Pos: at.Pos(), End: at.End(),
				Category: wording.UnkeyedEffect,
				Message:  wording.UnkeyedEffectMessage(t.Name, wording.Effect(e.Kind, e.Method, e.Via), e.Idempotent) + wired,
				Related:  related,
			})
		}
	}
}

// wiringPackage reports whether pkg is where a program wires its parts
// together: package main, or a cmd package that main delegates to (a
// cobra program's cmd.Execute(): the path's last element is cmd, or the
// package is under a cmd directory).
func wiringPackage(pkg *types.Package) bool {
	if pkg.Name() == "main" {
		return true
	}
	path := pkg.Path()
	return strings.HasSuffix(path, "/cmd") || strings.Contains(path, "/cmd/")
}

// firstCalls maps the path of each package main calls a function of to
// the call that builds the server: the first call of a function of that
// package returning one of its own types (server.NewMCPServer(...)), or
// else the first call of any of its functions (server.Register(s, ...)),
// in source order.
func firstCalls(pass *analysis.Pass) map[string]*ast.CallExpr {
	out := make(map[string]*ast.CallExpr)
	ctor := make(map[string]bool) // out's call returns a type of its package
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn, _ := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
			if fn == nil || fn.Pkg() == nil || fn.Pkg() == pass.Pkg {
				return true
			}
			path := fn.Pkg().Path()
			if c := returnsOwnType(fn); out[path] == nil || c && !ctor[path] {
				out[path], ctor[path] = call, c
			}
			return true
		})
	}
	return out
}

// returnsOwnType reports whether fn's first result is a type declared in
// fn's package (or a pointer to one): a constructor of that package.
func returnsOwnType(fn *types.Func) bool {
	res := fn.Signature().Results()
	if res.Len() == 0 {
		return false
	}
	t := types.Unalias(res.At(0).Type())
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() == fn.Pkg()
}
