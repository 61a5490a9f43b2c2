package analyzer_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/checker"

	"github.com/mcpvet/mcpvet/internal/testenv"
)

// TestPartialCode runs the whole suite, with what every check requires,
// over testdata/partial: packages that do not type-check (a vendored
// package with a file missing, imports of a module that cannot be
// downloaded). Every analyzer runs despite the errors (RunDespiteErrors
// all the way down the graph, the building blocks included), none fails
// or panics (with the checker's sanity checks), and the findings are
// those of the functions that type-checked: the fixture's "// expect:
// NAME" comments, none in the functions that did not.
func TestPartialCode(t *testing.T) {
	if testing.Short() {
		t.Skip("loads and type-checks a fixture module")
	}
	dir, pkgs := loadFixture(t, "../testdata/partial")
	illTyped := 0
	for _, p := range pkgs {
		if p.IllTyped {
			illTyped++
		}
	}
	if illTyped != 3 {
		t.Fatalf("%d packages of testdata/partial do not type-check, want 3 (client, server, store)", illTyped)
	}
	got := suiteFindings(t, dir, pkgs, &checker.Options{SanityCheck: true}, false)
	var want []string
	for _, e := range testenv.Expects(t, dir) {
		want = append(want, fmt.Sprintf("%s:%d %s", e.File, e.Line, e.Check))
	}
	sort.Strings(want)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings on partial code:\n%s\nwant (// expect: comments):\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
