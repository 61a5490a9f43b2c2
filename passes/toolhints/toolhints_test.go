package toolhints_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcpvet/mcpvet/passes/toolhints"
)

// The fixtures are a module that requires the real go-sdk v1.8.0 and
// mcp-go v1.2.1; .ci/run primes the module cache.
func TestToolhints(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/toolhints")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, toolhints.Analyzer, "./...")
}

// TestOtherSDKs runs over the fixture modules of the SDKs beside go-sdk
// and mcp-go that have tool annotations.
func TestOtherSDKs(t *testing.T) {
	for _, mod := range []string{"sdk-gomcp", "sdk-trpc"} {
		t.Run(mod, func(t *testing.T) {
			dir, err := filepath.Abs(filepath.Join("../../testdata", mod))
			if err != nil {
				t.Fatal(err)
			}
			analysistest.Run(t, dir, toolhints.Analyzer, "./hints")
		})
	}
}
