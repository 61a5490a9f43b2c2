package readback_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcpvet/mcpvet/internal/testenv"
	"github.com/mcpvet/mcpvet/passes/readback"
	"github.com/mcpvet/mcpvet/passes/retry"
	"github.com/mcpvet/mcpvet/passes/toolcalls"
)

// The fixtures are a module that requires the real go-sdk v1.8.0, mcp-go
// v1.2.1 and the retry libraries at pinned versions; testenv.Module downloads them first.
func TestReadback(t *testing.T) {
	dir := testenv.Module(t, "../../testdata/readback")
	// wrapper and framework hold facts of the building blocks, checked
	// below; their diagnostics would be none anyway.
	results := analysistest.Run(t, dir, readback.Analyzer, "./gosdk", "./mcpgo", "./libs", "./downstream", "./seed", "./reconnect", "./agentloop", "./runner", "./harness", "./agentlocal", "./trail")
	// The failure, the retry construct and the first call, as related
	// positions (testdata/readback/trail).
	testenv.Related(t, dir, results)
}

// TestToolcallsFacts checks the wrapper and read-back facts.
func TestToolcallsFacts(t *testing.T) {
	dir := testenv.Module(t, "../../testdata/readback")
	analysistest.Run(t, dir, toolcalls.Analyzer, "./wrapper", "./ownclient", "./mcptool", "./agentwrap", "./srv")
}

// TestRetryFacts checks the helper fact of the framework's runner.
func TestRetryFacts(t *testing.T) {
	dir := testenv.Module(t, "../../testdata/readback")
	analysistest.Run(t, dir, retry.Analyzer, "./framework")
}
