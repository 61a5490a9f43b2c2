package dedupekey_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcpvet/mcpvet/internal/testenv"
	"github.com/mcpvet/mcpvet/passes/dedupekey"
	"github.com/mcpvet/mcpvet/passes/mcpmodel"
)

// The fixtures are a module that requires the real go-sdk v1.8.0 and
// mcp-go v1.2.1; testenv.Module downloads them first.
// It checks the FreshFallback facts too (testdata/dedupekey/keys).
func TestDedupekey(t *testing.T) {
	dir := testenv.Module(t, "../../testdata/dedupekey")
	// The tools catalogue/tooldef embeds, as the standalone driver reads
	// them (mcpmodel.SetCatalogue).
	mcpmodel.SetCatalogue(mcpmodel.ReadCatalogue([]string{filepath.Join(dir, "catalogue/tooldef/tools.yaml")}))
	defer mcpmodel.SetCatalogue(nil)
	results := analysistest.Run(t, dir, dedupekey.AnalyzerWithFacts, "./...")
	// The effect trails, as related positions (testdata/dedupekey/trail).
	testenv.Related(t, dir, results)
}

// TestOtherSDKs runs over one fixture module per SDK beside go-sdk and
// mcp-go, each requiring the real module at a pinned version.
func TestOtherSDKs(t *testing.T) {
	for _, mod := range []string{"sdk-gomcp", "sdk-trpc", "sdk-mcpgolang", "sdk-cortex", "sdk-foxy", "sdk-viant"} {
		t.Run(mod, func(t *testing.T) {
			dir := testenv.Module(t, "../../testdata/"+mod)
			analysistest.Run(t, dir, dedupekey.Analyzer, "./server")
		})
	}
}

// mcp-go as real code pins it: each version is its own fixture module
// (testdata/mcpgo-<version>), so the model's tables are proven against
// the old APIs too.
func TestDedupekeyMCPGoVersions(t *testing.T) {
	for _, v := range []string{"v0.20", "v0.25", "v0.44"} {
		t.Run(v, func(t *testing.T) {
			dir := testenv.Module(t, "../../testdata/mcpgo-"+v)
			// ./client (v0.20) holds readback's fixtures.
			analysistest.Run(t, dir, dedupekey.Analyzer, "./tools/...")
		})
	}
}

// go-sdk before v1 as real code pins it: v0.1.0's NewServerTool and
// AddTools, v0.2.0's handlers given the session and CallToolParamsFor.
func TestDedupekeyGoSDKVersions(t *testing.T) {
	for _, v := range []string{"v0.1", "v0.2"} {
		t.Run(v, func(t *testing.T) {
			dir := testenv.Module(t, "../../testdata/gosdk-"+v)
			analysistest.Run(t, dir, dedupekey.Analyzer, "./tools/...")
		})
	}
}

// TestDotlessModule: a module whose path has no dot (module memstore)
// is not the standard library: the interface its server calls resolves
// to the implementation beside it.
func TestDotlessModule(t *testing.T) {
	dir := testenv.Module(t, "../../testdata/memstore")
	analysistest.Run(t, dir, dedupekey.Analyzer, "./...")
}

// TestIdem: servers with and without the idem middleware (the runtime
// module of this repository, required by the fixture through a replace
// of its directory) in front of their tools.
func TestIdem(t *testing.T) {
	dir := testenv.Module(t, "../../testdata/idem")
	analysistest.Run(t, dir, dedupekey.Analyzer, "./gosdkserver", "./mcpgoserver")
}

// TestJSONRPC: servers that answer tools/call themselves, with no SDK
// (testdata/jsonrpc): a RegisterTool of their own, a map of tool values
// with an Execute method, a package-level map literal of functions; and
// a CLI's command map, which is no server.
func TestJSONRPC(t *testing.T) {
	dir := testenv.Module(t, "../../testdata/jsonrpc")
	analysistest.Run(t, dir, dedupekey.Analyzer, "./...")
}
