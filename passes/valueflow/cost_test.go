package valueflow

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcpvet/mcpvet/internal/testenv"
)

// TestSummaryCost counts the engine's steps (not time) on shapes that
// once spent its whole budget: a read of a field that stores to it feed
// (b.buf = append(b.buf, x)), three times in a row, is linear, not
// exponential.
func TestSummaryCost(t *testing.T) {
	var total int
	count := &analysis.Analyzer{
		Name:     "count",
		Doc:      "counts the engine's steps",
		Requires: []*analysis.Analyzer{Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			if pass.Pkg.Path() == "example.com/valueflow/blowup" {
				total = pass.ResultOf[Analyzer].(*Result).en.total
			}
			return nil, nil
		},
	}
	dir := testenv.Module(t, "../../testdata/valueflow")
	analysistest.Run(t, dir, count, "./blowup")
	if total == 0 || total > 1000 {
		t.Errorf("summaries of blowup took %d steps, want 1..1000", total)
	}
}
