package main_test

import (
	"bytes"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpvet/mcpvet/internal/testenv"
)

var allModules = flag.Bool("all-modules", false, "TestStandaloneDriver: compare the drivers on every fixture module (.ci/run does, once)")

// driverModules are the fixture modules TestStandaloneDriver compares
// the drivers on by default, besides the demo and testdata/shop. Between
// them they take every branch of mcpmodel.Needed and of the effects
// block's skip (effects.SetNeeded):
//
//   - the demo: every package needed, through an SDK import (both SDKs,
//     effects reached in another package, test variants, freshkey's fix);
//   - shop: needed through its own tool types (declaresToolTypes, no SDK
//     anywhere), beside a package that is not needed but names a key, so
//     that the effects block walks it anyway; the run with flags
//     (-test=false, an analyzer turned off, an analyzer flag) is made
//     there, since flags are parsed alike whatever the module;
//   - effects: no package needed at all, so the walk is skipped
//     everywhere but in the packages that name a key (vocab/...), with
//     facts across three packages (upstream, middle, downstream) and
//     through interfaces.
//
// The other fixture modules add no branch: all but three have every
// package needed (the demo's case); dedupekey declares its own tool types
// too (shop's case); readback and freshkey have unneeded packages beside
// needed ones, some naming a key (shop's case), freshkey with
// key-parameter facts between two of them. -all-modules compares every
// fixture module, with and without flags; .ci/run does that once.
var driverModules = []string{"effects"}

// TestStandaloneDriver checks that the child's own driver (runStandalone),
// which computes the effects of functions only on the packages a check
// can ask about, gives byte for byte the -json output of
// multichecker.Main (MCPVET_DRIVER=multichecker), which computes them
// everywhere, on the demo, testdata/shop and the driverModules, and with
// flags on testdata/shop. The modules run in parallel.
func TestStandaloneDriver(t *testing.T) {
	t.Parallel()
	bin, demo := demoSetup(t)
	type module struct{ name, dir string }
	_, shop := shopSetup(t)
	mods := []module{{"demo", demo}, {"shop", shop}}
	names := driverModules
	if *allModules {
		gomods, err := filepath.Glob("../../testdata/*/go.mod")
		if err != nil {
			t.Fatal(err)
		}
		names = nil
		for _, gm := range gomods {
			if dir := filepath.Dir(gm); filepath.Base(dir) != "bench" {
				names = append(names, filepath.Base(dir))
			}
		}
		if len(names) < 10 {
			t.Fatalf("only %d modules", len(names))
		}
	}
	for _, name := range names {
		mods = append(mods, module{name, testenv.Module(t, "../../testdata/"+name)})
	}
	argSets := [][]string{{"-json", "./..."}}
	flagged := []string{"-json", "-test=false", "-dedupekey=false", "-mcpvet_config.keys=order_ref", "./..."}
	for _, m := range mods {
		t.Run(m.name, func(t *testing.T) {
			t.Parallel()
			sets := argSets
			if m.name == "shop" || *allModules {
				// The flags are parsed alike whatever the module.
				sets = append(sets, flagged)
			}
			for _, args := range sets {
				// Through the parent, as users run it: it runs the child
				// with the same arguments and environment, and its
				// standard output is the child's. The default run of the
				// demo is TestDemo's.
				// The catalogue of embedded data files is the standalone
				// driver's alone (multichecker.Main cannot read it): off
				// where a module embeds one, tested by TestTools and the
				// checks' fixtures.
				var env []string
				if embedsData(t, m.dir) {
					env = []string{"MCPVET_CATALOGUE=off"}
				}
				got := sharedRun(t, m.dir, env, bin, args...)
				want := sharedRun(t, m.dir, []string{"MCPVET_DRIVER=multichecker"}, bin, args...)
				// Exit 1: a package does not type-check (testdata/partial),
				// and both drivers must have checked it alike.
				for _, r := range []result{got, want} {
					if r.err != nil && r.code != 1 {
						t.Fatalf("%s: mcpvet %v: %v\n%s", m.dir, args, r.err, r.stderr)
					}
				}
				if got.code != want.code {
					t.Errorf("%s: mcpvet %v: exit %d, multichecker's %d", m.dir, args, got.code, want.code)
				}
				if !bytes.Equal(got.stdout, want.stdout) {
					t.Errorf("%s: mcpvet %v: the standalone driver's output differs from multichecker's:\n%s\nwant:\n%s", m.dir, args, got.stdout, want.stdout)
				}
				if len(want.stdout) < 3 {
					t.Errorf("%s: mcpvet %v printed no JSON: %q", m.dir, args, want.stdout)
				}
			}
		})
	}
}

// embedsData reports whether a Go file under dir embeds a YAML or JSON
// file (//go:embed), which the standalone driver reads tools from.
func embedsData(t *testing.T, dir string) bool {
	t.Helper()
	found := false
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || found || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, line := range strings.Split(string(src), "\n") {
			if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "//go:embed "); ok &&
				(strings.Contains(rest, ".yaml") || strings.Contains(rest, ".yml") || strings.Contains(rest, ".json")) {
				found = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return found
}
