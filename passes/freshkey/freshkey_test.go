package freshkey_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcpvet/mcpvet/passes/freshkey"
)

// The fixtures are a module that requires the real SDKs and libraries
// (go-sdk, mcp-go, uuid, ulid, xid, stripe-go, aws-sdk-go-v2,
// cenkalti/backoff, avast/retry-go) at pinned versions; .ci/run primes
// the module cache.
func TestFreshkey(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/freshkey")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.RunWithSuggestedFixes(t, dir, freshkey.Analyzer, "./...")
}
