package analyzer_test

import (
	"slices"
	"testing"

	"github.com/mcpvet/mcpvet/analyzer"
	"github.com/mcpvet/mcpvet/passes/config"
)

// TestConfigChecks: the check names .mcpvet.yaml's exclude accepts are
// the suite's.
func TestConfigChecks(t *testing.T) {
	var names []string
	for _, a := range analyzer.Suite {
		names = append(names, a.Name)
	}
	got := slices.Sorted(slices.Values(config.Checks))
	slices.Sort(names)
	if !slices.Equal(got, names) {
		t.Errorf("config.Checks = %v, want the suite's checks %v", got, names)
	}
}
