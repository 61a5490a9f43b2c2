// Command noopvet is the floor mcpvet's speed is measured against: the
// same driver (multichecker, so also a go vet tool) running one analyzer
// that does nothing but declare a fact type, so that it loads and
// type-checks the same packages and, under go vet, runs on every
// dependency as mcpvet does. See scripts/bench.sh.
package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"
)

type nothing struct{}

func (*nothing) AFact() {}

var noop = &analysis.Analyzer{
	Name:      "noop",
	Doc:       "does nothing; declares a fact type so that it runs on every package",
	Run:       func(*analysis.Pass) (any, error) { return nil, nil },
	FactTypes: []analysis.Fact{new(nothing)},
}

func main() { multichecker.Main(noop) }
