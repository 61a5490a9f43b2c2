package retry_test

import (
	"go/ast"
	"go/types"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcpvet/mcpvet/internal/testenv"
	"github.com/mcpvet/mcpvet/passes/retry"
)

// mirror re-exports retry's Helper facts under the test analyzer, so that
// one fixture can expect both facts and constructs.
type mirror struct{ h *retry.Helper }

func (*mirror) AFact()           {}
func (m *mirror) String() string { return m.h.String() }

// show reports every construct at its Node ("loop", "library
// backoff.Retry", "helper withRetry", "recursion") and every retried call.
var show = &analysis.Analyzer{
	Name:       "showretry",
	Doc:        "reports retry constructs, for tests",
	Requires:   []*analysis.Analyzer{retry.Analyzer},
	FactTypes:  []analysis.Fact{new(mirror)},
	ResultType: reflect.TypeFor[*retry.Result](),
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[retry.Analyzer].(*retry.Result)
		for _, c := range res.Constructs() {
			msg := c.Kind.String()
			if c.Name != "" {
				msg += " " + c.Name
			}
			pass.Reportf(c.Node.Pos(), "%s", msg)
			for _, call := range c.Calls {
				pass.Reportf(call.Pos(), "retried")
			}
		}
		for _, f := range pass.Files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok {
					if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
						if h := res.Helper(fn); h != nil {
							pass.ExportObjectFact(fn, &mirror{h})
						}
					}
				}
			}
		}
		return res, nil
	},
}

// The fixtures are a module that requires the real retry libraries at
// pinned versions; testenv.Module downloads them first.
func TestRetry(t *testing.T) {
	dir := testenv.Module(t, "../../testdata/retry")
	analysistest.Run(t, dir, show, "./...")
}

func TestValidate(t *testing.T) {
	if err := analysis.Validate([]*analysis.Analyzer{retry.Analyzer, show}); err != nil {
		t.Fatal(err)
	}
}
