package readback

import (
	"golang.org/x/tools/go/analysis"

	"github.com/mcpvet/mcpvet/passes/blocks"
)

// AnalyzerWithFacts is Analyzer, exporting as well a copy of each
// ClientParams fact that factsPass computed inside the blocks analyzer,
// so that analysistest checks the fixtures' clientParams expectations.
var AnalyzerWithFacts = &analysis.Analyzer{
	Name:     name,
	Doc:      Analyzer.Doc,
	Requires: Analyzer.Requires,
	Run: func(pass *analysis.Pass) (any, error) {
		if _, err := run(pass); err != nil {
			return nil, err
		}
		if f, _ := blocks.Of(pass).Registered(factsPass).(*factsResult); f != nil {
			for fn, cp := range f.params {
				pass.ExportObjectFact(fn, &testClientParams{*cp})
			}
		}
		return nil, nil
	},
	FactTypes: []analysis.Fact{new(testClientParams)},
}

// testClientParams is a ClientParams fact under another type:
// blocks.Analyzer declares ClientParams.
type testClientParams struct{ ClientParams }
