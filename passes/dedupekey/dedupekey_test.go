package dedupekey_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcpvet/mcpvet/internal/testenv"
	"github.com/mcpvet/mcpvet/passes/dedupekey"
)

// The fixtures are a module that requires the real go-sdk v1.8.0 and
// mcp-go v1.2.1; testenv.Module downloads them first.
func TestDedupekey(t *testing.T) {
	dir := testenv.Module(t, "../../testdata/dedupekey")
	results := analysistest.Run(t, dir, dedupekey.Analyzer, "./...")
	// The effect trails, as related positions (testdata/dedupekey/trail).
	testenv.Related(t, dir, results)
}
