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

// TestOtherSDKs runs over the fixture modules of the SDKs beside go-sdk
// and mcp-go that have tool annotations.
func TestOtherSDKs(t *testing.T) {
	for _, mod := range []string{"sdk-gomcp", "sdk-trpc", "sdk-viant"} {
		t.Run(mod, func(t *testing.T) {
			dir := testenv.Module(t, "../../testdata/"+mod)
			analysistest.Run(t, dir, toolhints.Analyzer, "./hints")
		})
	}
}
