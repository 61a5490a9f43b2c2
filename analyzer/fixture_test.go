package analyzer_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcpvet/mcpvet/analyzer"
	"github.com/mcpvet/mcpvet/internal/testenv"
)

// loadFixture loads every package of the fixture module at rel (relative
// to this package), offline, with module information; dir is its copy.
func loadFixture(t *testing.T, rel string) (dir string, pkgs []*packages.Package) {
	t.Helper()
	dir = testenv.Module(t, rel)
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax | packages.NeedModule,
		Dir:  dir,
		Env:  append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=readonly"),
	}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	return dir, pkgs
}

// suiteFindings runs the whole suite over pkgs and returns its findings
// on them, sorted, as "file:line analyzer" (with ": message" when
// messages is set), file relative to dir. An analyzer's error fails t.
func suiteFindings(t *testing.T, dir string, pkgs []*packages.Package, opts *checker.Options, messages bool) []string {
	t.Helper()
	g, err := checker.Analyze(analyzer.All(), pkgs, opts)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for act := range g.All() {
		if act.Err != nil {
			t.Errorf("%s on %s: %v", act.Analyzer.Name, act.Package.PkgPath, act.Err)
		}
		if !act.IsRoot {
			continue
		}
		for _, d := range act.Diagnostics {
			p := act.Package.Fset.Position(d.Pos)
			rel, _ := filepath.Rel(dir, p.Filename)
			s := fmt.Sprintf("%s:%d %s", rel, p.Line, act.Analyzer.Name)
			if messages {
				s += ": " + d.Message
			}
			got = append(got, s)
		}
	}
	sort.Strings(got)
	return got
}
