// Package serverlayout runs the metamorphic suite over the fixture
// modules of the server checks, as package servers does, for the
// rewrites of the code's layout: tables, closures run in place or by a
// helper, wrappers, and moves to another package or module.
package serverlayout

import (
	"testing"

	"github.com/mcpvet/mcpvet/internal/metamorph"
)

func TestMetamorphic(t *testing.T) {
	metamorph.ServerSuite("serverlayout", gaps, "table-local", "table-pkg", "table-row", "run-closure", "run-helper", "wrap-generic", "wrap-middleware", "move-pkg", "move-module").Check(t)
}
