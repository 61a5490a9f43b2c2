package integration

import (
	"go/types"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcpvet/mcpvet/analyzer"
	"github.com/mcpvet/mcpvet/internal/testenv"
)

// TestNogoPass runs the suite on the demo the way Bazel's nogo does:
// Pass.ReadFile, Module, OtherFiles, IgnoredFiles and TypeErrors nil, and
// no facts for the standard library (nogo analyzes only packages in its
// scope). Every expected finding must still be reported, without errors.
// SuggestedFixes may be missing (freshkey needs ReadFile for its fix).
func TestNogoPass(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("type-checks the demo module")
	}
	// Wrap the Run of every analyzer in the graph, once.
	seen := make(map[*analysis.Analyzer]bool)
	var wrap func(a *analysis.Analyzer)
	wrap = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, r := range a.Requires {
			wrap(r)
		}
		run := a.Run
		a.Run = func(pass *analysis.Pass) (any, error) {
			p := *pass
			p.ReadFile, p.Module, p.OtherFiles, p.IgnoredFiles, p.TypeErrors = nil, nil, nil, nil, nil
			// No facts about packages outside nogo's scope (here: the
			// demo module), the standard library included.
			importObj, importPkg, allObj, allPkg := p.ImportObjectFact, p.ImportPackageFact, p.AllObjectFacts, p.AllPackageFacts
			p.ImportObjectFact = func(obj types.Object, f analysis.Fact) bool {
				return obj.Pkg() != nil && inModule(obj.Pkg().Path()) && importObj(obj, f)
			}
			p.ImportPackageFact = func(pkg *types.Package, f analysis.Fact) bool {
				return inModule(pkg.Path()) && importPkg(pkg, f)
			}
			p.AllObjectFacts = func() (out []analysis.ObjectFact) {
				for _, f := range allObj() {
					if f.Object.Pkg() != nil && inModule(f.Object.Pkg().Path()) {
						out = append(out, f)
					}
				}
				return out
			}
			p.AllPackageFacts = func() (out []analysis.PackageFact) {
				for _, f := range allPkg() {
					if inModule(f.Package.Path()) {
						out = append(out, f)
					}
				}
				return out
			}
			return run(&p)
		}
	}
	for _, a := range analyzer.All() {
		wrap(a)
	}

	demo := filepath.Join(root, "demo")
	if err := testenv.Prime(demo); err != nil {
		t.Fatal(err)
	}
	if got, want := nogoFindings(t, demo), expectations(t, demo); set(got) != set(want) {
		t.Errorf("nogo-like passes on the demo:\ngot:\n  %s\nwant:\n  %s", set(got), set(want))
	}

	// .mcpvet.yaml is read without Pass.Module too (walking up from the
	// package's files), when the file is visible to the action.
	cp := copyDir(t, demo)
	writeFile(t, filepath.Join(cp, ".mcpvet.yaml"),
		"nonsinks: [\"(*github.com/mcpvet/mcpvet/demo/ledger.Ledger).Append\"]\nexclude: {readback: [client/mcpgo.go]}\n")
	want := filter(expectations(t, cp), func(f finding) bool {
		return f.Linter == "dedupekey" || f.Linter == "readback" && f.File == filepath.Join("client", "mcpgo.go")
	})
	if got := nogoFindings(t, cp); set(got) != set(want) {
		t.Errorf("nogo-like passes with .mcpvet.yaml:\ngot:\n  %s\nwant:\n  %s", set(got), set(want))
	}
}

// nogoFindings runs the (wrapped) suite over the module in dir.
func nogoFindings(t *testing.T, demo string) []finding {
	t.Helper()
	pkgs, err := packages.Load(&packages.Config{
		Mode: packages.LoadAllSyntax | packages.NeedModule,
		Dir:  demo,
		Env:  append(os.Environ(), "GOPROXY=off"),
	}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	if n := packages.PrintErrors(pkgs); n > 0 {
		t.Fatalf("%d errors loading the demo", n)
	}
	graph, err := checker.Analyze(analyzer.Suite, pkgs, &checker.Options{})
	if err != nil {
		t.Fatal(err)
	}
	seenF := make(map[finding]bool)
	var got []finding
	for act := range graph.All() {
		if act.Err != nil {
			t.Errorf("%s: %v", act, act.Err)
		}
		if !act.IsRoot {
			continue
		}
		for _, d := range act.Diagnostics {
			posn := act.Package.Fset.Position(d.Pos)
			rel, _ := filepath.Rel(demo, posn.Filename)
			f := finding{rel, posn.Line, act.Analyzer.Name}
			if !seenF[f] {
				seenF[f] = true
				got = append(got, f)
			}
		}
	}
	return got
}

func inModule(path string) bool {
	const mod = "github.com/mcpvet/mcpvet/demo"
	return path == mod || len(path) > len(mod) && path[:len(mod)+1] == mod+"/"
}
