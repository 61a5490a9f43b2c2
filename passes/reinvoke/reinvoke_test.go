package reinvoke_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcpvet/mcpvet/passes/reinvoke"
)

// The fixtures are a module that requires the real go-sdk v1.8.0 and
// mcp-go v1.2.1; .ci/run primes the module cache.
func TestReinvoke(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/reinvoke")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, reinvoke.Analyzer, "./...")
}
