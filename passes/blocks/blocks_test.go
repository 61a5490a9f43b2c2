package blocks_test

import (
	"fmt"
	"os"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcpvet/mcpvet/internal/testenv"
	"github.com/mcpvet/mcpvet/passes/blocks"
	"github.com/mcpvet/mcpvet/passes/config"
)

// TestSameFacts runs the building blocks as separate analyzers and as
// blocks.Analyzer over fixture modules with facts of every block, and
// requires the same facts on every package from both.
func TestSameFacts(t *testing.T) {
	for _, mod := range []string{"effects", "readback", "retry", "mcpmodel", "freshkey"} {
		t.Run(mod, func(t *testing.T) {
			dir := testenv.Module(t, "../../testdata/"+mod)
			cfg := &packages.Config{
				Mode: packages.LoadAllSyntax | packages.NeedModule,
				Dir:  dir,
				Env:  append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=readonly"),
			}
			pkgs, err := packages.Load(cfg, "./...")
			if err != nil {
				t.Fatal(err)
			}
			if n := packages.PrintErrors(pkgs); n > 0 {
				t.Fatalf("%d errors loading %s", n, mod)
			}
			separate := facts(t, blocks.Blocks, pkgs)
			together := facts(t, []*analysis.Analyzer{blocks.Analyzer}, pkgs)
			if len(separate) == 0 {
				t.Fatal("the building blocks exported no facts")
			}
			for _, f := range separate {
				if !slices.Contains(together, f) {
					t.Errorf("blocks.Analyzer lacks %s", f)
				}
			}
			for _, f := range together {
				if !slices.Contains(separate, f) {
					t.Errorf("blocks.Analyzer has %s, the building blocks do not", f)
				}
			}
		})
	}
}

// facts returns the facts the analyzers export on the packages' own
// objects and packages, one line each, sorted.
func facts(t *testing.T, as []*analysis.Analyzer, pkgs []*packages.Package) []string {
	g, err := checker.Analyze(as, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for act := range g.All() {
		if act.Err != nil {
			t.Fatalf("%s: %v", act, act.Err)
		}
		if act.Analyzer == config.Analyzer {
			continue
		}
		for _, f := range act.AllObjectFacts() {
			if f.Object.Pkg() == act.Package.Types {
				out = append(out, fmt.Sprintf("%s: %s: %T %v", act.Package.ID, f.Object, f.Fact, f.Fact))
			}
		}
		for _, f := range act.AllPackageFacts() {
			if f.Package == act.Package.Types {
				out = append(out, fmt.Sprintf("%s: package: %T %v", act.Package.ID, f.Fact, f.Fact))
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestOrder checks that each building block comes after the blocks it
// requires, and that Analyzer declares every block's fact types.
func TestOrder(t *testing.T) {
	seen := map[*analysis.Analyzer]bool{config.Analyzer: true}
	for _, b := range blocks.Blocks {
		for _, req := range b.Requires {
			if !seen[req] {
				t.Errorf("%s requires %s, which comes after it", b, req)
			}
		}
		seen[b] = true
		for _, ft := range b.FactTypes {
			if !slices.Contains(blocks.Analyzer.FactTypes, ft) {
				t.Errorf("Analyzer does not declare %s's fact type %T", b, ft)
			}
		}
	}
	if err := analysis.Validate([]*analysis.Analyzer{blocks.Analyzer}); err != nil {
		t.Fatal(err)
	}
}
