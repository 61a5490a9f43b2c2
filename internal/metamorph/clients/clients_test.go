// Package clients runs the metamorphic suite over the fixture modules of
// the client checks (freshkey, readback).
package clients

import (
	"testing"

	"github.com/mcpvet/mcpvet/internal/metamorph"
)

func TestMetamorphic(t *testing.T) {
	s := &metamorph.Suite{
		Groups:   [][]string{{"freshkey", "readback"}, {"readback-dotless"}},
		Gaps:     gaps,
		GapsFile: "gaps_test.go",
		Package:  "clients",
		Mutations: []metamorph.MutationWant{
			// No key name any more: no fresh key to report.
			{Module: "freshkey", Variant: "mut-nokey", Finding: `gosdk freshkey/fresh-key "idempotency_key" in KeyInLoop`, Delta: -1},
		},
	}
	s.Check(t)
}
