package toolcalls_test

import (
	"go/ast"
	"go/types"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcpvet/mcpvet/internal/testenv"
	"github.com/mcpvet/mcpvet/passes/mcpmodel"
	"github.com/mcpvet/mcpvet/passes/toolcalls"
)

// probe reports what toolcalls finds about forwarding: "forwarder" at
// each registration Result.Forwarder accepts, and the Caller fact of
// each function declaration that has one.
var probe = &analysis.Analyzer{
	Name:       "forwarders",
	Doc:        "reports the forwarders and Caller facts toolcalls finds, for tests",
	Requires:   []*analysis.Analyzer{mcpmodel.Analyzer, toolcalls.Analyzer},
	ResultType: reflect.TypeFor[struct{}](),
	Run: func(pass *analysis.Pass) (any, error) {
		model := pass.ResultOf[mcpmodel.Analyzer].(*mcpmodel.Model)
		r := pass.ResultOf[toolcalls.Analyzer].(*toolcalls.Result)
		for _, t := range model.Tools {
			if r.Forwarder(t) {
				pass.Reportf(t.Reg.Pos(), "forwarder")
			}
		}
		for _, f := range pass.Files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok {
					fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
					if c := r.Caller(fn); c != nil {
						pass.Reportf(fd.Name.Pos(), "%s", c)
					}
				}
			}
		}
		return struct{}{}, nil
	},
}

// TestForwarders: the gateways of testdata/tools/gateway (mcp-go and
// go-sdk) are forwarders; registrations with a run-time name whose
// handler answers itself, with a name not listed from an upstream, or
// with a constant name are not.
func TestForwarders(t *testing.T) {
	dir := testenv.Module(t, "../../testdata/tools")
	analysistest.Run(t, dir, probe, "./gateway/...")
}
