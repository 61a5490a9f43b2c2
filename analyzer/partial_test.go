package analyzer_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcpvet/mcpvet/analyzer"
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
	dir := testenv.Module(t, "../testdata/partial")
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax | packages.NeedModule,
		Dir:  dir,
		Env:  append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=readonly"),
	}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	illTyped := 0
	for _, p := range pkgs {
		if p.IllTyped {
			illTyped++
		}
	}
	if illTyped != 3 {
		t.Fatalf("%d packages of testdata/partial do not type-check, want 3 (client, server, store)", illTyped)
	}
	g, err := checker.Analyze(analyzer.All(), pkgs, &checker.Options{SanityCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for act := range g.All() {
		if act.Err != nil {
			t.Errorf("%s on %s: %v", act.Analyzer.Name, act.Package.PkgPath, act.Err)
		}
		if act.IsRoot {
			for _, d := range act.Diagnostics {
				p := act.Package.Fset.Position(d.Pos)
				rel, _ := filepath.Rel(dir, p.Filename)
				got = append(got, fmt.Sprintf("%s:%d %s", rel, p.Line, act.Analyzer.Name))
			}
		}
	}
	var want []string
	for _, e := range testenv.Expects(t, dir) {
		want = append(want, fmt.Sprintf("%s:%d %s", e.File, e.Line, e.Check))
	}
	sort.Strings(want)
	sort.Strings(got)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings on partial code:\n%s\nwant (// expect: comments):\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
