package fresh_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcpvet/mcpvet/passes/fresh"
)

// The FreshFunc facts are asserted on freshkey's keygen fixture, whose
// wants are the facts both analyzers export (fresh computes them, freshkey
// re-exports them).
func TestFreshFacts(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/freshkey")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, fresh.Analyzer, "./keygen")
}
