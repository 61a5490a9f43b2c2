package metamorph

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/mcpvet/mcpvet/analyzer"
	"github.com/mcpvet/mcpvet/internal/testenv"
)

var updateGaps = flag.Bool("update-gaps", false, "rewrite the table of known gaps (gaps_test.go) with the gaps found")

// A Gap is a known change of the findings under a rewrite: a finding a
// semantics-preserving rewrite makes mcpvet lose (Delta < 0) or gain
// (Delta > 0), with the reason. The suites keep a table of them; the
// table can only shrink as the engine improves.
type Gap struct {
	Module  string // fixture module
	Variant string // rewrite, and class of site
	Finding string // "fixturepkg analyzer/category subject"
	Delta   int
	Why     string
}

func (g Gap) key() string { return fmt.Sprintf("%s|%s|%s|%d", g.Module, g.Variant, g.Finding, g.Delta) }

// A MutationWant is a change a mutation must make.
type MutationWant struct {
	Module, Variant, Finding string
	Delta                    int
}

// Suite describes one test package of the metamorphic suite.
type Suite struct {
	// Groups of fixture modules (names under testdata/), each run in one
	// temporary module.
	Groups [][]string
	// Gaps is the package's table of known gaps.
	Gaps []Gap
	// Mutations lists changes the mutations must make (beyond "some").
	Mutations []MutationWant
	// NoMutationChange lists "module variant" pairs where a mutation
	// rewrites sites yet may leave the findings alone, with the reason.
	NoMutationChange map[string]string
	// GapsFile, when set, is rewritten with the gaps found (-update-gaps).
	GapsFile string
	// Package is the Go package name of GapsFile.
	Package string
	// Rewrites names the rewrites and mutations the suite runs (Rewrite.
	// Name); all when empty. A package's tests finish sooner when its
	// modules' rewrites are shared out among several suites, each with
	// the gaps of its own.
	Rewrites []string
}

// ServerSuite is the suite of the server checks' fixture modules that
// package pkg runs: the rewrites named (and the mutations among them),
// with the package's gaps in gaps_test.go. The packages servers and
// serverlayout share the rewrites out between them.
func ServerSuite(pkg string, gaps []Gap, rewrites ...string) *Suite {
	return &Suite{
		Groups:   [][]string{{"dedupekey", "reinvoke", "tools", "toolhints"}, {"memstore"}, {"jsonrpc"}},
		Gaps:     gaps,
		GapsFile: "gaps_test.go",
		Package:  pkg,
		Rewrites: rewrites,
	}
}

// selected returns the rewrites among rws the suite runs.
func (s *Suite) selected(rws []*Rewrite) []*Rewrite {
	if len(s.Rewrites) == 0 {
		return rws
	}
	var out []*Rewrite
	for _, rw := range rws {
		if slices.Contains(s.Rewrites, rw.Name) {
			out = append(out, rw)
		}
	}
	return out
}

// Check runs the suite: every rewrite on every fixture module, and
// compares the changes of the findings with the table of known gaps.
func (s *Suite) Check(t *testing.T) {
	start := time.Now()
	rewrites := s.selected(append(Rewrites(), Mutations()...))
	if len(rewrites) == 0 {
		t.Fatalf("no rewrite named %v", s.Rewrites)
	}
	mutation := make(map[string]bool)
	for _, rw := range Mutations() {
		for _, n := range rw.VariantNames() {
			mutation[n] = true
		}
	}
	ran := make(map[string]bool)
	for _, rw := range rewrites {
		for _, n := range rw.VariantNames() {
			ran[n] = true
		}
	}
	var results []*Result
	for _, group := range s.Groups {
		var dirs []string
		for _, m := range group {
			dirs = append(dirs, testenv.Module(t, filepath.Join("../../../testdata", m)))
		}
		t0 := time.Now()
		rs, err := RunBatched(dirs, t.TempDir, rewrites, analyzer.All())
		if err != nil {
			t.Fatal(err)
		}
		tm := rs[0].Times
		t.Logf("group %v: %v (planning load %v, rewriting %v, analysis load %v, analysis %v)",
			group, time.Since(t0).Round(time.Millisecond), tm[0].Round(time.Millisecond), tm[1].Round(time.Millisecond),
			tm[2].Round(time.Millisecond), tm[3].Round(time.Millisecond))
		results = append(results, rs...)
	}

	// Sites per rewrite.
	var b strings.Builder
	for _, r := range results {
		names := make([]string, 0, len(r.Sites))
		for n := range r.Sites {
			if n != "orig" {
				names = append(names, n)
			}
		}
		sort.Strings(names)
		fmt.Fprintf(&b, "%s (%d findings):", r.Module, total(r.Findings["orig"]))
		for _, n := range names {
			fmt.Fprintf(&b, " %s=%d", n, r.Sites[n])
		}
		b.WriteString("\n")
	}
	t.Logf("sites rewritten:\n%s", b.String())

	// Mutations must change the findings.
	var changes []Change
	for _, r := range results {
		changed := make(map[string]bool)
		for _, c := range r.Changes() {
			changed[c.Variant] = true
			if !mutation[c.Variant] {
				changes = append(changes, c)
			}
		}
		for _, rw := range s.selected(Mutations()) {
			for _, n := range rw.VariantNames() {
				why, exempt := s.NoMutationChange[r.Module+" "+n]
				switch {
				case r.Sites[n] > 0 && !changed[n] && !exempt && total(r.Findings["orig"]) > 0:
					// (A module without findings, a building block's
					// fixture, may stay silent under a mutation too.)
					t.Errorf("%s: the mutation %s rewrote %d sites but changed no finding: the harness does not see a change", r.Module, n, r.Sites[n])
				case exempt && changed[n]:
					t.Errorf("%s: the mutation %s changes the findings now; remove it from NoMutationChange (%s)", r.Module, n, why)
				}
			}
		}
		for _, w := range s.Mutations {
			if w.Module != r.Module || !ran[w.Variant] {
				continue
			}
			got := r.Findings[w.Variant][Finding(w.Finding)] - r.Findings["orig"][Finding(w.Finding)]
			if got != w.Delta {
				t.Errorf("%s %s: %s changed by %d, want %d", w.Module, w.Variant, w.Finding, got, w.Delta)
			}
		}
	}

	// Changes against the table of known gaps.
	known := make(map[string]Gap)
	for _, g := range s.Gaps {
		if _, dup := known[g.key()]; dup {
			t.Errorf("gap listed twice: %+v", g)
		}
		if !ran[g.Variant] {
			t.Errorf("gap of a variant this suite does not run: %+v", g)
		}
		known[g.key()] = g
	}
	got := make(map[string]bool)
	var unexpected []string
	for _, c := range changes {
		g := Gap{Module: c.Module, Variant: c.Variant, Finding: string(c.Finding), Delta: c.Delta}
		got[g.key()] = true
		if _, ok := known[g.key()]; !ok {
			unexpected = append(unexpected, c.String())
		}
	}
	var fixed []string
	for _, g := range s.Gaps {
		if !got[g.key()] {
			fixed = append(fixed, fmt.Sprintf("%s %s: %s %+d (%s)", g.Module, g.Variant, g.Finding, g.Delta, g.Why))
		}
	}
	if s.GapsFile != "" && *updateGaps {
		roleChanges := s.attribute(t)
		if err := s.writeGaps(changes, known, roleChanges); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s: %d gaps", s.GapsFile, len(changes))
		return
	}
	if len(unexpected) > 0 {
		t.Errorf("%d findings changed under a semantics-preserving rewrite and are not in the table of known gaps (fix the engine, or add them with a reason; go test -run %s -update-gaps rewrites the table):\n%s",
			len(unexpected), t.Name(), strings.Join(unexpected, "\n"))
	}
	if len(fixed) > 0 {
		t.Errorf("%d known gaps no longer occur: remove them from the table (go test -run %s -update-gaps):\n%s",
			len(fixed), t.Name(), strings.Join(fixed, "\n"))
	}
	t.Logf("%d modules, %d changes under rewrites, all known; %v", len(results), len(changes), time.Since(start).Round(time.Millisecond))
}

func total(m map[Finding]int) int {
	n := 0
	for _, c := range m {
		n += c
	}
	return n
}

// attribute runs the rewrites with classes once per role of site (with
// -update-gaps only) and returns, for each module, variant and finding,
// the change, so that a gap's reason can say which value mcpvet stopped
// following.
func (s *Suite) attribute(t *testing.T) map[string]int {
	var rws []*Rewrite
	for _, rw := range s.selected(Rewrites()) {
		if r := rw.byRole(); r != nil {
			rws = append(rws, r)
		}
	}
	out := make(map[string]int)
	for _, group := range s.Groups {
		var dirs []string
		for _, m := range group {
			dirs = append(dirs, testenv.Module(t, filepath.Join("../../../testdata", m)))
		}
		rs, err := RunBatched(dirs, t.TempDir, rws, analyzer.All())
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rs {
			for _, c := range r.Changes() {
				out[c.Module+"|"+c.Variant+"|"+string(c.Finding)] = c.Delta
			}
		}
	}
	return out
}

// roleWhy returns the reason of a change under a rewrite with classes
// from the roles whose variant makes the same change, or "".
func roleWhy(c Change, roleChanges map[string]int) string {
	rw, _, _ := strings.Cut(c.Variant, "/")
	class := strings.TrimPrefix(c.Variant, rw+"/")
	var words []string
	for _, role := range roles[class] {
		d := roleChanges[c.Module+"|"+c.Variant+":"+role+"|"+string(c.Finding)]
		if d != 0 && (d > 0) == (c.Delta > 0) {
			words = append(words, roleWords[class+":"+role])
		}
	}
	if len(words) == 0 {
		return ""
	}
	tmpl := map[string]string{
		"extract-local": "%s is read from a local variable",
		"field":         "%s is read back from a struct field",
		"options":       "%s comes through an options struct set by a functional option",
		"ctor":          "%s is a constructor function's result",
	}[rw]
	why := fmt.Sprintf(tmpl, strings.Join(words, "; or "))
	if c.Delta > 0 {
		why = "gained: " + why
	}
	return why
}

// writeGaps rewrites the gaps file with the changes found, keeping the
// reasons of the gaps it knew.
func (s *Suite) writeGaps(changes []Change, known map[string]Gap, roleChanges map[string]int) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by go test -update-gaps; the reasons are edited by hand. DO NOT regenerate in CI.\n\n")
	fmt.Fprintf(&b, "package %s\n\nimport \"github.com/mcpvet/mcpvet/internal/metamorph\"\n\n", s.Package)
	b.WriteString("// gaps are the known changes of the findings under semantics-preserving\n")
	b.WriteString("// rewrites: Delta -1 a finding lost, +1 a finding gained (a false\n")
	b.WriteString("// positive), with what mcpvet stopped following.\n")
	b.WriteString("var gaps = []metamorph.Gap{\n")
	for _, c := range changes {
		g := Gap{Module: c.Module, Variant: c.Variant, Finding: string(c.Finding), Delta: c.Delta}
		why := roleWhy(c, roleChanges)
		if why == "" {
			why = DefaultWhy(c.Variant, c.Delta)
			if strings.Contains(c.Variant, "/") && !strings.HasPrefix(c.Variant, "extract-func") && !strings.HasPrefix(c.Variant, "run-") {
				why += " (several values together: no single role of site makes the change)"
			}
		}
		// A reason written by hand stays; generated ones are made anew.
		for _, old := range known {
			if old.Module == g.Module && old.Variant == g.Variant && old.Finding == g.Finding && handWritten(old) {
				why = old.Why
			}
		}
		fmt.Fprintf(&b, "\t{Module: %q, Variant: %q, Finding: %q, Delta: %d, Why: %q},\n", c.Module, c.Variant, c.Finding, c.Delta, why)
	}
	b.WriteString("}\n")
	src, err := format.Source(b.Bytes())
	if err != nil {
		return err
	}
	return os.WriteFile(s.GapsFile, src, 0o644)
}

// DefaultWhy is the reason a new gap gets in the table until someone
// writes a better one: what the rewrite did to the value.
func DefaultWhy(variant string, delta int) string {
	what := map[string]string{
		"rename":            "an identifier's name is read as data",
		"extract-func/sdk":  "a call of the MCP SDK (a registration, a CallTool) is made by a new helper function of the same package, its values passed as parameters",
		"extract-func/dep":  "a call of a dependency (the effect, the key's source) is made by a new helper function of the same package",
		"extract-func/mod":  "a call of the module's own function is made by a new helper function of the same package",
		"inline-local":      "a local's value is written at its use",
		"extract-local/sdk": "a value given to the MCP SDK (tool, name, hint, schema, handler, CallTool params) is read from a local",
		"extract-local/dep": "an argument of a dependency's function (HTTP method, URL, header, key name, command, SQL) is read from a local",
		"extract-local/mod": "an argument of the module's own function is read from a local",
		"field/sdk":         "a value given to the MCP SDK is read back from a struct field",
		"field/dep":         "an argument of a dependency's function is read back from a struct field",
		"field/mod":         "an argument of the module's own function is read back from a struct field",
		"options/sdk":       "a value given to the MCP SDK comes through an options struct set by a functional option",
		"options/dep":       "an argument of a dependency's function comes through an options struct",
		"options/mod":       "an argument of the module's own function comes through an options struct",
		"ctor/sdk":          "a value given to the MCP SDK is a constructor function's result",
		"ctor/dep":          "an argument of a dependency's function is a constructor function's result",
		"ctor/mod":          "an argument of the module's own function is a constructor function's result",
		"table-local":       "the registration is made by a range loop over a local table of {tool, handler}",
		"table-pkg":         "the registration is made by a range loop over a package-level table",
		"run-closure/sdk":   "a call of the MCP SDK is made by a function literal the function runs in its place",
		"run-closure/dep":   "a call of a dependency (the effect, the key's source) is made by a function literal the function runs in its place",
		"run-closure/mod":   "a call of the module's own function is made by a function literal the function runs in its place",
		"run-helper/sdk":    "a call of the MCP SDK is made by a function literal handed to a helper that runs it once",
		"run-helper/dep":    "a call of a dependency (the effect, the key's source) is made by a function literal handed to a helper that runs it once",
		"run-helper/mod":    "a call of the module's own function is made by a function literal handed to a helper that runs it once",
		"wrap-generic":      "the handler passes through a generic identity function",
		"wrap-middleware":   "the handler is wrapped by a middleware",
		"move-pkg":          "a handler, helper or constructor is declared in another package of the module",
		"move-module":       "a handler, helper or constructor is declared in another module",
	}[variant]
	if what == "" {
		what = variant
	}
	if delta > 0 {
		return "gained: " + what
	}
	return what
}

// generatedWhy marks the reasons writeGaps makes; the others are kept.
var generatedWhy = regexp.MustCompile(` is read from a local variable$| is read back from a struct field$| comes through an options struct set by a functional option$| is a constructor function's result$|\(several values together`)

func handWritten(g Gap) bool {
	if g.Why == DefaultWhy(g.Variant, -1) || g.Why == DefaultWhy(g.Variant, 1) {
		return false
	}
	return !generatedWhy.MatchString(g.Why)
}
