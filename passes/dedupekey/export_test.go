package dedupekey

import (
	"golang.org/x/tools/go/analysis"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/passes/blocks"
)

// AnalyzerWithFacts is Analyzer, exporting as well a copy of each
// FreshFallback fact that factsPass computed inside the blocks analyzer,
// so that analysistest checks the fixtures' freshFallback expectations.
var AnalyzerWithFacts = analysisutil.WithFacts(Analyzer, new(testFreshFallback), func(pass *analysis.Pass) {
	if f, _ := blocks.Of(pass).Registered(factsPass).(*factsResult); f != nil {
		for fn, fb := range f.fallbacks {
			pass.ExportObjectFact(fn, &testFreshFallback{*fb})
		}
	}
})

// testFreshFallback is a FreshFallback fact under another type:
// blocks.Analyzer declares FreshFallback.
type testFreshFallback struct{ FreshFallback }
