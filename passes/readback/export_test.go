package readback

import (
	"golang.org/x/tools/go/analysis"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/passes/blocks"
)

// AnalyzerWithFacts is Analyzer, exporting as well a copy of each
// ClientParams fact that factsPass computed inside the blocks analyzer,
// so that analysistest checks the fixtures' clientParams expectations.
var AnalyzerWithFacts = analysisutil.WithFacts(Analyzer, new(testClientParams), func(pass *analysis.Pass) {
	if f, _ := blocks.Of(pass).Registered(factsPass).(*factsResult); f != nil {
		for fn, cp := range f.params {
			pass.ExportObjectFact(fn, &testClientParams{*cp})
		}
	}
})

// testClientParams is a ClientParams fact under another type:
// blocks.Analyzer declares ClientParams.
type testClientParams struct{ ClientParams }
