package freshkey

import (
	"golang.org/x/tools/go/analysis"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/passes/blocks"
)

// AnalyzerWithFacts is Analyzer, exporting as well a copy of each
// KeyParams fact that factsPass computed inside the blocks analyzer, so
// that analysistest checks the fixtures' keyParams expectations.
var AnalyzerWithFacts = analysisutil.WithFacts(Analyzer, new(testKeyParams), func(pass *analysis.Pass) {
	if f, _ := blocks.Of(pass).Registered(factsPass).(*factsResult); f != nil {
		for fn, kp := range f.keyParams {
			pass.ExportObjectFact(fn, &testKeyParams{*kp})
		}
	}
})

// testKeyParams is a KeyParams fact under another type: blocks.Analyzer
// declares KeyParams.
type testKeyParams struct{ KeyParams }
