package reinvoke_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcpvet/mcpvet/internal/testenv"
	"github.com/mcpvet/mcpvet/passes/reinvoke"
)

// The fixtures are a module that requires the real go-sdk v1.8.0 and
// mcp-go v1.2.1; testenv.Module downloads them first.
func TestReinvoke(t *testing.T) {
	dir := testenv.Module(t, "../../testdata/reinvoke")
	results := analysistest.Run(t, dir, reinvoke.Analyzer, "./...")
	testenv.Related(t, dir, results) // testdata/reinvoke/trail
}
