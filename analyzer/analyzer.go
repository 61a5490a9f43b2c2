// Package analyzer is the mcpvet suite: the checks users run, for drivers
// that import analyzers (multichecker, golangci-lint, gopls, nogo).
package analyzer

import (
	"golang.org/x/tools/go/analysis"

	"github.com/mcpvet/mcpvet/passes/config"
	"github.com/mcpvet/mcpvet/passes/dedupekey"
	"github.com/mcpvet/mcpvet/passes/freshkey"
	"github.com/mcpvet/mcpvet/passes/readback"
	"github.com/mcpvet/mcpvet/passes/reinvoke"
	"github.com/mcpvet/mcpvet/passes/toolhints"
)

// Suite lists mcpvet's checks.
var Suite = []*analysis.Analyzer{
	dedupekey.Analyzer,
	readback.Analyzer,
	freshkey.Analyzer,
	reinvoke.Analyzer,
	toolhints.Analyzer,
}

// All returns the configuration pseudo-analyzer followed by the Suite.
// Drivers that register flags only for the analyzers they are given
// (multichecker, go vet) need the configuration analyzer listed so that
// its -mcpvet_config.* flags exist; it reports nothing.
func All() []*analysis.Analyzer {
	return append([]*analysis.Analyzer{config.Analyzer}, Suite...)
}
