package effects_test

import (
	"fmt"
	"go/types"
	"sort"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcpvet/mcpvet/internal/testenv"
	"github.com/mcpvet/mcpvet/passes/effects"
)

// TestSetNeeded checks what SetNeeded leaves out, on the effects
// fixtures: with every package needed, the facts and key vocabularies are
// those of the default run; with none, the packages that name no key lose
// their Effect and HTTP facts (and some do), while every package keeps
// its key vocabulary and its KeyRead and Vocab facts.
func TestSetNeeded(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the fixture module")
	}
	dir := testenv.Module(t, "../../testdata/effects")
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: dir, Tests: true}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("the fixtures do not load")
	}
	all := make(map[*types.Package]bool)
	packages.Visit(pkgs, nil, func(p *packages.Package) { all[p.Types] = true })

	full := runEffects(t, pkgs, nil)
	if got := runEffects(t, pkgs, all); !equalRuns(got, full) {
		t.Errorf("with every package needed:\n%v\nwant:\n%v", got, full)
	}
	none := runEffects(t, pkgs, map[*types.Package]bool{})
	skipped := 0
	for path, want := range full {
		got := none[path]
		if got.vocab != want.vocab {
			t.Errorf("%s: KeyVocabulary %v with no package needed, want %v", path, got.vocab, want.vocab)
		}
		if fmt.Sprint(got.keys) != fmt.Sprint(want.keys) {
			t.Errorf("%s: key facts %v with no package needed, want %v", path, got.keys, want.keys)
		}
		switch {
		case fmt.Sprint(got.effects) == fmt.Sprint(want.effects):
		case !want.vocab && len(got.effects) == 0:
			skipped++
		default:
			t.Errorf("%s: effect facts %v with no package needed, want none or %v", path, got.effects, want.effects)
		}
	}
	if skipped == 0 {
		t.Error("with no package needed, no package lost its effect facts")
	}
}

// effectsRun is what one package's effects pass gave: its key
// vocabulary, and its own facts as text, sorted.
type effectsRun struct {
	vocab         bool
	keys, effects []string // KeyRead and Vocab facts; Effect and HTTP facts
}

func runEffects(t *testing.T, pkgs []*packages.Package, needed map[*types.Package]bool) map[string]effectsRun {
	t.Helper()
	effects.SetNeeded(needed)
	defer effects.SetNeeded(nil)
	graph, err := checker.Analyze([]*analysis.Analyzer{effects.Analyzer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	runs := make(map[string]effectsRun)
	for act := range graph.All() {
		if act.Analyzer != effects.Analyzer || !act.IsRoot {
			continue // the checker drops the results of dependencies
		}
		if act.Err != nil {
			t.Fatalf("%s: %v", act, act.Err)
		}
		r := effectsRun{vocab: act.Result.(*effects.Result).KeyVocabulary()}
		for _, f := range act.AllObjectFacts() {
			if f.Object.Pkg() != act.Package.Types {
				continue // inherited
			}
			s := f.Object.Name() + ": " + fmt.Sprint(f.Fact)
			if _, ok := f.Fact.(*effects.KeyRead); ok {
				r.keys = append(r.keys, s)
			} else {
				r.effects = append(r.effects, s)
			}
		}
		for _, f := range act.AllPackageFacts() {
			if f.Package != act.Package.Types {
				continue
			}
			if _, ok := f.Fact.(*effects.Hidden); ok {
				// The unexported types' effects: computed where the
				// package's effects are.
				r.effects = append(r.effects, fmt.Sprint(f.Fact))
			} else {
				r.keys = append(r.keys, fmt.Sprint(f.Fact))
			}
		}
		sort.Strings(r.keys)
		sort.Strings(r.effects)
		runs[act.Package.ID] = r
	}
	return runs
}

func equalRuns(a, b map[string]effectsRun) bool { return fmt.Sprint(a) == fmt.Sprint(b) }
