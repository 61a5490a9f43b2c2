package dedupekey_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcpvet/mcpvet/passes/dedupekey"
)

// The fixtures are a module that requires the real go-sdk v1.8.0 and
// mcp-go v1.2.1; .ci/run primes the module cache.
func TestDedupekey(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/dedupekey")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, dedupekey.Analyzer, "./...")
}

// TestOtherSDKs runs over one fixture module per SDK beside go-sdk and
// mcp-go, each requiring the real module at a pinned version.
func TestOtherSDKs(t *testing.T) {
	for _, mod := range []string{"sdk-gomcp", "sdk-trpc", "sdk-mcpgolang", "sdk-cortex", "sdk-foxy", "sdk-viant"} {
		t.Run(mod, func(t *testing.T) {
			dir, err := filepath.Abs(filepath.Join("../../testdata", mod))
			if err != nil {
				t.Fatal(err)
			}
			analysistest.Run(t, dir, dedupekey.Analyzer, "./server")
		})
	}
}
