package reinvoke

import (
	"go/ast"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpvet/mcpvet/passes/blocks"
	"github.com/mcpvet/mcpvet/passes/config"
	"github.com/mcpvet/mcpvet/passes/effects"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// AnsweredOnly is the fact that a function taking an SDK request commits
// its effects only on paths where the input responses are present
// (if len(req.Params.InputResponses) > 0 { place(...) }): a handler of
// another package that calls it and then asks for input repeats nothing.
type AnsweredOnly struct{}

func (*AnsweredOnly) AFact()         {}
func (*AnsweredOnly) String() string { return "answeredOnly" }

// factsPass exports the AnsweredOnly facts, inside the blocks analyzer
// (see package blocks): a handler's helper may live in another package.
var factsPass = &analysis.Analyzer{
	Name:       "reinvoke_facts",
	Doc:        "computes reinvoke's AnsweredOnly facts, inside the blocks analyzer; it reports nothing",
	Run:        runFacts,
	Requires:   []*analysis.Analyzer{config.Analyzer, valueflow.Analyzer, effects.Analyzer},
	ResultType: reflect.TypeFor[*factsResult](),
	FactTypes:  []analysis.Fact{new(AnsweredOnly)},
}

// factsResult is factsPass's result: the pass that imports the facts,
// and the checker it made (nil where no function needed one), for run.
type factsResult struct {
	pass  *analysis.Pass
	c     *checker
	funcs []*function
}

func init() { blocks.Register(factsPass) }

func runFacts(pass *analysis.Pass) (any, error) {
	res := &factsResult{pass: pass}
	// Only a function of a package that imports an SDK takes its request.
	if effects.Library(pass) || !importsSDK(pass.Pkg) {
		return res, nil
	}
	var c *checker
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
			if c == nil {
				c, res.funcs = newChecker(pass, pass.ResultOf[effects.Analyzer].(*effects.Result), pass.ResultOf[valueflow.Analyzer].(*valueflow.Result))
				c.facts = pass
				res.c = c
			}
			if c.writesOnlyAnswered(fn) {
				pass.ExportObjectFact(fn, new(AnsweredOnly))
			}
		}
	}
	return res, nil
}

// takesSDKValue reports whether one of fn's parameters has a type of an
// SDK's (the request it may read the input responses of).
func takesSDKValue(fn *types.Func) bool {
	params := fn.Signature().Params()
	for i := 0; i < params.Len(); i++ {
		if path, _ := namedIn(params.At(i).Type()); isSDK(path) {
			return true
		}
	}
	return false
}
