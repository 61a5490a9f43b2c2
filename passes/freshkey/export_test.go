package freshkey

import (
	"golang.org/x/tools/go/analysis"

	"github.com/mcpvet/mcpvet/passes/blocks"
)

// AnalyzerWithFacts is Analyzer, exporting as well a copy of each
// KeyParams fact that factsPass computed inside the blocks analyzer, so
// that analysistest checks the fixtures' keyParams expectations.
var AnalyzerWithFacts = &analysis.Analyzer{
	Name:     name,
	Doc:      Analyzer.Doc,
	Requires: Analyzer.Requires,
	Run: func(pass *analysis.Pass) (any, error) {
		if _, err := run(pass); err != nil {
			return nil, err
		}
		if f, _ := blocks.Of(pass).Registered(factsPass).(*factsResult); f != nil {
			for fn, kp := range f.keyParams {
				pass.ExportObjectFact(fn, &testKeyParams{*kp})
			}
		}
		return nil, nil
	},
	FactTypes: []analysis.Fact{new(testKeyParams)},
}

// testKeyParams is a KeyParams fact under another type: blocks.Analyzer
// declares KeyParams.
type testKeyParams struct{ KeyParams }
