package mcpmodel_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcpvet/mcpvet/passes/mcpmodel"
)

// The model's facts: which functions wrap a handler (middleware), and what
// a package is. The fixture module requires the real mcp-go v1.2.1.
func TestFacts(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/mcpmodel")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, mcpmodel.Analyzer, "./...")
}
