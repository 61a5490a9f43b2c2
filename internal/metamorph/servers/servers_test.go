// Package servers runs the metamorphic suite over the fixture modules of
// the server checks: the rewrites of values (rename, extract, inline,
// fields, options, constructors) and the mutations on every fixture, and
// the findings compared with those of the unrewritten fixture. The
// rewrites of the code's layout run in package serverlayout.
package servers

import (
	"testing"

	"github.com/mcpvet/mcpvet/internal/metamorph"
)

func TestMetamorphic(t *testing.T) {
	s := metamorph.ServerSuite("servers", gaps, "rename", "extract-func", "inline-local", "extract-local", "field", "options", "options-pkg", "ctor", "mut-hints", "mut-nokey")
	s.Mutations = []metamorph.MutationWant{
		// IdempotentHint: true flipped: set_limit writes a file.
		{Module: "dedupekey", Variant: "mut-hints", Finding: `gosdk dedupekey/unkeyed-effect "set_limit"`, Delta: 1},
		// The key renamed away: charge_keyed writes without one.
		{Module: "dedupekey", Variant: "mut-nokey", Finding: `gosdk dedupekey/unkeyed-effect "charge_keyed"`, Delta: 1},
	}
	s.Check(t)
}
