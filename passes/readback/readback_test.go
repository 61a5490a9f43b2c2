package readback_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcpvet/mcpvet/passes/readback"
	"github.com/mcpvet/mcpvet/passes/retry"
	"github.com/mcpvet/mcpvet/passes/toolcalls"
)

// The fixtures are a module that requires the real go-sdk v1.8.0, mcp-go
// v1.2.1 and the retry libraries at pinned versions; .ci/run primes the
// module cache.
func TestReadback(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/readback")
	if err != nil {
		t.Fatal(err)
	}
	// wrapper and framework hold facts of the building blocks, checked
	// below; their diagnostics would be none anyway.
	analysistest.Run(t, dir, readback.Analyzer, "./gosdk", "./mcpgo", "./libs", "./downstream", "./seed")
}

// TestToolcallsFacts checks the wrapper and read-back facts.
func TestToolcallsFacts(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/readback")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, toolcalls.Analyzer, "./wrapper", "./ownclient")
}

// TestRetryFacts checks the helper fact of the framework's runner.
func TestRetryFacts(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/readback")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, retry.Analyzer, "./framework")
}

// TestOtherSDKs runs over the fixture modules of the SDKs beside go-sdk
// and mcp-go that have a client: their CallTool in retry loops, and
// trpc-mcp-go's own retry options.
func TestOtherSDKs(t *testing.T) {
	for _, mod := range []string{"sdk-gomcp", "sdk-trpc", "sdk-mcpgolang", "sdk-viant"} {
		t.Run(mod, func(t *testing.T) {
			dir, err := filepath.Abs(filepath.Join("../../testdata", mod))
			if err != nil {
				t.Fatal(err)
			}
			analysistest.Run(t, dir, readback.Analyzer, "./client")
		})
	}
}
