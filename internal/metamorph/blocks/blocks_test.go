// Package blocks runs the metamorphic suite over the fixture modules of
// the building blocks (effects, mcpmodel, retry), on which no check
// reports anything: they must stay silent under every rewrite.
package blocks

import (
	"testing"

	"github.com/mcpvet/mcpvet/internal/metamorph"
)

func TestMetamorphic(t *testing.T) {
	s := &metamorph.Suite{
		// effects replaces k8s.io/client-go with a stub, retry requires
		// the real one: two groups.
		Groups:   [][]string{{"effects"}, {"mcpmodel", "retry"}},
		Gaps:     gaps,
		GapsFile: "gaps_test.go",
		Package:  "blocks",
	}
	s.Check(t)
}
