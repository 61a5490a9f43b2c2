package analyzer_test

import (
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/mcpvet/mcpvet/passes/effects"
	"github.com/mcpvet/mcpvet/passes/mcpmodel"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// TestSummarized checks the standalone driver's skip of the value-flow
// summaries no importer can use (valueflow.Summarized): on a fixture
// module with many dependency modules, the set leaves some of their
// leaf packages out, keeps every package of the module and every one
// that builds requests, leaves out what only an SDK's packages import
// (as mcpmodel.Needed does for the effects), and the suite's findings
// are the same with both sets as without them.
func TestSummarized(t *testing.T) {
	if testing.Short() {
		t.Skip("loads and type-checks a fixture module")
	}
	dir, pkgs := loadFixture(t, "../testdata/dedupekey")
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("the fixtures do not load")
	}
	set := valueflow.Summarized(pkgs)
	left := 0
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if set[p.Types] {
			return
		}
		left++
		if p.Module == nil || p.Module.Main {
			t.Errorf("%s: a package of the analyzed module is not summarized", p.PkgPath)
		}
		if imports(p, "net/http") {
			t.Errorf("%s: a package that imports net/http is not summarized", p.PkgPath)
		}
	})
	if left == 0 {
		t.Error("every package is summarized: the set leaves nothing out")
	}
	// An SDK's packages run no value flow: what only they import (the
	// go-sdk's JWT and JSON libraries) is left out.
	sdkOnly := 0
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if p.Name == "main" || !strings.HasPrefix(p.PkgPath, "github.com/modelcontextprotocol/go-sdk/") {
			return
		}
		for _, imp := range p.Imports {
			if !set[imp.Types] && !strings.Contains(imp.PkgPath, "go-sdk") {
				sdkOnly++
			}
		}
	})
	if sdkOnly == 0 {
		t.Error("every import of the go-sdk's packages is summarized")
	}

	// Nor are their effects needed (mcpmodel.Needed).
	needed := mcpmodel.Needed(pkgs)
	notNeeded := 0
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if !needed[p.Types] && strings.HasPrefix(p.PkgPath, "github.com/segmentio/") {
			notNeeded++
		}
	})
	if notNeeded == 0 {
		t.Error("the go-sdk's JSON library is needed")
	}

	run := func(set, needed map[*types.Package]bool) string {
		valueflow.SetSummarized(set)
		defer valueflow.SetSummarized(nil)
		effects.SetNeeded(needed)
		defer effects.SetNeeded(nil)
		return strings.Join(suiteFindings(t, dir, pkgs, nil, true), "\n")
	}
	full := run(nil, nil)
	if full == "" {
		t.Fatal("no findings on the fixture module")
	}
	if got := run(set, needed); got != full {
		t.Errorf("findings with the summarized and needed sets differ:\n%s\nwant:\n%s", got, full)
	}
	t.Logf("%d packages left unsummarized", left)
}

// imports reports whether p imports path, directly or not.
func imports(p *packages.Package, path string) bool {
	found := false
	packages.Visit([]*packages.Package{p}, func(q *packages.Package) bool {
		found = found || q.PkgPath == path
		return !found
	}, nil)
	return found
}
