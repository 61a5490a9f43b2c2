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

// TestDotlessModule: a transport's client made by a helper package of a
// module named without a dot (readbackapp), which alone imports
// go-retryablehttp; the import search must not take the helper for a
// standard library package.
func TestDotlessModule(t *testing.T) {
	dir := testenv.Module(t, "../../testdata/readback-dotless")
	analysistest.Run(t, dir, readback.Analyzer, "./client")
}

// TestToolcallsFacts checks the wrapper and read-back facts.
func TestToolcallsFacts(t *testing.T) {
	dir := testenv.Module(t, "../../testdata/readback")
	analysistest.Run(t, dir, toolcalls.Analyzer, "./wrapper", "./ownclient", "./mcptool", "./agentwrap", "./srv")
}

// TestClientParamsFacts checks the facts of helpers that build an MCP
// client from the HTTP client or the options their callers give them.
func TestClientParamsFacts(t *testing.T) {
	dir := testenv.Module(t, "../../testdata/readback")
	analysistest.Run(t, dir, readback.AnalyzerWithFacts, "./connect")
	dir = testenv.Module(t, "../../testdata/sdk-trpc")
	analysistest.Run(t, dir, readback.AnalyzerWithFacts, "./dialer")
}

// TestRetryFacts checks the helper fact of the framework's runner.
func TestRetryFacts(t *testing.T) {
	dir := testenv.Module(t, "../../testdata/readback")
	analysistest.Run(t, dir, retry.Analyzer, "./framework")
}

// TestOtherSDKs runs over the fixture modules of the SDKs beside go-sdk
// and mcp-go that have a client: their CallTool in retry loops, and
// trpc-mcp-go's own retry options.
func TestOtherSDKs(t *testing.T) {
	for _, mod := range []string{"sdk-gomcp", "sdk-trpc", "sdk-mcpgolang", "sdk-viant"} {
		t.Run(mod, func(t *testing.T) {
			dir := testenv.Module(t, "../../testdata/"+mod)
			analysistest.Run(t, dir, readback.Analyzer, "./client")
		})
	}
}

// mcp-go before v0.21 had a client type per transport
// (testdata/mcpgo-v0.20/client).
func TestMCPGoV020Clients(t *testing.T) {
	dir := testenv.Module(t, "../../testdata/mcpgo-v0.20")
	analysistest.Run(t, dir, readback.Analyzer, "./client")
}

// TestIdem: clients that send through the idem helper (the runtime
// module of this repository, required by the fixture through a replace
// of its directory), beside plain CallTool re-sends.
func TestIdem(t *testing.T) {
	dir := testenv.Module(t, "../../testdata/idem")
	analysistest.Run(t, dir, readback.Analyzer, "./client")
}
