package fresh_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcpvet/mcpvet/internal/testenv"
	"github.com/mcpvet/mcpvet/passes/fresh"
)

// The FreshFunc facts are asserted on freshkey's keygen fixture, whose
// wants are the facts both analyzers export (fresh computes them, freshkey
// re-exports them).
func TestFreshFacts(t *testing.T) {
	dir := testenv.Module(t, "../../testdata/freshkey")
	analysistest.Run(t, dir, fresh.Analyzer, "./keygen")
}
