package effects_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcpvet/mcpvet/passes/effects"
)

// TestFacts checks the facts across upstream, middle and downstream
// packages: effects travel up the import graph.
func TestFacts(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/effects")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, effects.Analyzer, "./...")
}
