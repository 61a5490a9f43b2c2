package dedupekey

import (
	"golang.org/x/tools/go/analysis"

	"github.com/mcpvet/mcpvet/passes/blocks"
)

// AnalyzerWithFacts is Analyzer, exporting as well a copy of each
// FreshFallback fact that factsPass computed inside the blocks analyzer,
// so that analysistest checks the fixtures' freshFallback expectations.
var AnalyzerWithFacts = &analysis.Analyzer{
	Name:     name,
	Doc:      Analyzer.Doc,
	Requires: Analyzer.Requires,
	Run: func(pass *analysis.Pass) (any, error) {
		if _, err := run(pass); err != nil {
			return nil, err
		}
		if f, _ := blocks.Of(pass).Registered(factsPass).(*factsResult); f != nil {
			for fn, fb := range f.fallbacks {
				pass.ExportObjectFact(fn, &testFreshFallback{*fb})
			}
		}
		return nil, nil
	},
	FactTypes: []analysis.Fact{new(testFreshFallback)},
}

// testFreshFallback is a FreshFallback fact under another type:
// blocks.Analyzer declares FreshFallback.
type testFreshFallback struct{ FreshFallback }
