package valueflow_test

import (
	"go/ast"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/testenv"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// probe reports, at each call of a function named show, what the engine
// says each argument holds; at a call of showString, the one constant
// string it folds to (Value.String1).
var probe = &analysis.Analyzer{
	Name:     "probe",
	Doc:      "reports the value of show's arguments",
	Requires: []*analysis.Analyzer{valueflow.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[valueflow.Analyzer].(*valueflow.Result)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				fn, _ := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
				if fn != nil && fn.Name() == "showString" {
					// The one constant string the value folds to.
					for _, a := range call.Args {
						if s, ok := res.Eval(a, nil).String1(); ok {
							pass.Reportf(a.Pos(), "string %q", s)
						} else {
							pass.Reportf(a.Pos(), "no string")
						}
					}
					return true
				}
				if fn == nil || fn.Name() != "show" {
					return true
				}
				for _, a := range call.Args {
					pass.Reportf(a.Pos(), "%s", res.Eval(a, nil))
				}
				return true
			})
		}
		return nil, nil
	},
}

func TestEngine(t *testing.T) {
	dir := testenv.Module(t, "../../testdata/valueflow")
	analysistest.Run(t, dir, probe, "./...")
}
