package reinvoke

import (
	"go/ast"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/passes/blocks"
	"github.com/mcpvet/mcpvet/passes/config"
	"github.com/mcpvet/mcpvet/passes/effects"
	"github.com/mcpvet/mcpvet/passes/mcpmodel"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// AnsweredOnly is the fact that a function taking an SDK request commits
// its effects only on paths where the input responses are present
// (if len(req.Params.InputResponses) > 0 { place(...) }): a handler of
// another package that calls it and then asks for input repeats nothing.
type AnsweredOnly struct{}

func (*AnsweredOnly) AFact()         {}
func (*AnsweredOnly) String() string { return "answeredOnly" }

// BeforeInput is the fact that an exported handler, which its own
// package neither registers nor calls, commits an effect on a path that
// then returns input requests. Its package does not report it: the
// package that registers it does, at the registration, naming the tool
// (one finding for one handler, under the tool's name, as dedupekey
// reports a handler of another package).
type BeforeInput struct {
	Effect *effects.Effect // the effect, its trail starting at the handler's call
	Return effects.Hop     // the return of input requests
}

func (*BeforeInput) AFact()           {}
func (f *BeforeInput) String() string { return "beforeInput(" + f.Effect.Sink + ")" }

// factsPass exports the AnsweredOnly facts, inside the blocks analyzer
// (see package blocks): a handler's helper may live in another package.
var factsPass = &analysis.Analyzer{
	Name:       "reinvoke_facts",
	Doc:        "computes reinvoke's AnsweredOnly facts, inside the blocks analyzer; it reports nothing",
	Run:        runFacts,
	Requires:   []*analysis.Analyzer{config.Analyzer, valueflow.Analyzer, effects.Analyzer, mcpmodel.Analyzer},
	ResultType: reflect.TypeFor[*factsResult](),
	FactTypes:  []analysis.Fact{new(AnsweredOnly), new(BeforeInput)},
}

// factsResult is factsPass's result: the pass that imports the facts,
// and the checker it made (nil where no function needed one), for run.
type factsResult struct {
	pass  *analysis.Pass
	c     *checker
	funcs []*function
	// deferred are the handlers whose finding is left, by a BeforeInput
	// fact, to the packages that register them.
	deferred map[ast.Node]bool
}

func init() { blocks.Register(factsPass) }

func runFacts(pass *analysis.Pass) (any, error) {
	res := &factsResult{pass: pass}
	// Only a function of a package that imports an SDK takes its request.
	if effects.Library(pass) || !importsSDK(pass.Pkg) {
		return res, nil
	}
	var c *checker
	checker := func() *checker {
		if c == nil {
			c, res.funcs = newChecker(pass, pass.ResultOf[effects.Analyzer].(*effects.Result), pass.ResultOf[valueflow.Analyzer].(*valueflow.Result))
			c.facts = pass
			res.c = c
		}
		return c
	}
	if model := pass.ResultOf[mcpmodel.Analyzer].(*mcpmodel.Model); model.MCP {
		res.deferred = deferFindings(pass, checker(), res.funcs, model)
	}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || !fd.Name.IsExported() {
				continue
			}
			fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if fn == nil || !takesSDKValue(fn) {
				continue
			}
			if checker().writesOnlyAnswered(fn) {
				pass.ExportObjectFact(fn, new(AnsweredOnly))
			}
		}
	}
	return res, nil
}

// takesSDKValue reports whether one of fn's parameters has a request
// type of an SDK's, or of its params or input responses (what it may read
// the input responses of): *mcp.CallToolRequest, mcp.CallToolRequest,
// *mcp.CallToolParamsRaw, mcp.InputResponses. A function given only the
// server or a tool (Register(s *mcp.Server)) reads none.
func takesSDKValue(fn *types.Func) bool {
	params := fn.Signature().Params()
	for i := 0; i < params.Len(); i++ {
		if path, name := namedIn(params.At(i).Type()); isSDK(path) &&
			(strings.Contains(name, "Request") || strings.Contains(name, "Params") || strings.Contains(name, "Input")) {
			return true
		}
	}
	return false
}

// deferFindings exports a BeforeInput fact for each exported handler
// (a function that takes an SDK value) of the package with a finding that the package neither registers nor
// refers to (a handler for another package to register), and returns
// their nodes: run leaves them to the registrations.
func deferFindings(pass *analysis.Pass, c *checker, funcs []*function, model *mcpmodel.Model) map[ast.Node]bool {
	var cands []*function
	for _, fn := range funcs {
		// A handler takes the SDK's request; a helper that takes none
		// (placeThenAsk(ctx, item)) is no handler to register.
		if f, ok := fn.obj.(*types.Func); ok && exportedFunc(f) && takesSDKValue(f) {
			cands = append(cands, fn)
		}
	}
	if len(cands) == 0 {
		return nil
	}
	used := make(map[types.Object]bool)
	for _, obj := range pass.TypesInfo.Uses {
		if f, ok := obj.(*types.Func); ok && f.Pkg() == pass.Pkg {
			used[f.Origin()] = true
		}
	}
	for _, t := range model.Tools {
		if t.Handler != nil && t.Handler.Obj != nil {
			used[t.Handler.Obj] = true
		}
	}
	dirs := analysisutil.ParseDirectives(pass)
	var deferred map[ast.Node]bool
	for _, fn := range cands {
		if used[fn.obj] || dirs.Find("idempotent", fn.node.Pos(), "") != nil {
			continue
		}
		rets := c.irReturns(fn)
		if len(rets) == 0 {
			continue
		}
		f := c.find(fn, rets)
		if f == nil {
			continue
		}
		ret, ok := effects.HopAt(pass, f.ret.Pos(), "")
		if !ok {
			continue
		}
		pass.ExportObjectFact(fn.obj, &BeforeInput{Effect: f.effect.AtCall(pass, f.call), Return: ret})
		if deferred == nil {
			deferred = make(map[ast.Node]bool)
		}
		deferred[fn.node] = true
	}
	return deferred
}

// exportedFunc reports whether another package can name f: an exported
// function, or an exported method of an exported type.
func exportedFunc(f *types.Func) bool {
	if !f.Exported() {
		return false
	}
	recv := f.Signature().Recv()
	if recv == nil {
		return true
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	return ok && n.Obj().Exported()
}
