package mcpmodel_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcpvet/mcpvet/internal/testenv"
	"github.com/mcpvet/mcpvet/passes/mcpmodel"
)

// The model's facts: which functions wrap a handler (middleware), and what
// a package is. The fixture module requires the real mcp-go v1.2.1.
func TestFacts(t *testing.T) {
	dir := testenv.Module(t, "../../testdata/mcpmodel")
	analysistest.Run(t, dir, mcpmodel.Analyzer, "./...")
}
