package toolhints_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcpvet/mcpvet/internal/testenv"
	"github.com/mcpvet/mcpvet/passes/toolhints"
)

// The fixtures are a module that requires the real go-sdk v1.8.0 and
// mcp-go v1.2.1; testenv.Module downloads them first.
func TestToolhints(t *testing.T) {
	dir := testenv.Module(t, "../../testdata/toolhints")
	results := analysistest.Run(t, dir, toolhints.Analyzer, "./...")
	testenv.Related(t, dir, results) // testdata/toolhints/trail

}
