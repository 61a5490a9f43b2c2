package analysisutil

import "golang.org/x/tools/go/analysis"

// WithFacts returns an analyzer that runs a and then export, declaring
// factType: for a check's tests, where a facts pass computes its facts
// inside the blocks analyzer (which declares their type) and analysistest
// can only check facts that the analyzer under test exports. export
// re-exports them under factType, a type of the test's own.
func WithFacts(a *analysis.Analyzer, factType analysis.Fact, export func(*analysis.Pass)) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     a.Name,
		Doc:      a.Doc,
		Requires: a.Requires,
		Run: func(pass *analysis.Pass) (any, error) {
			if _, err := a.Run(pass); err != nil {
				return nil, err
			}
			export(pass)
			return nil, nil
		},
		FactTypes: []analysis.Fact{factType},
	}
}
