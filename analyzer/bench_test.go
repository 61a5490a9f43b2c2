package analyzer_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcpvet/mcpvet/analyzer"
	"github.com/mcpvet/mcpvet/passes/effects"
	"github.com/mcpvet/mcpvet/passes/mcpmodel"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// BenchmarkSuite measures the suite's analysis alone, on the corpus of
// scripts/bench.sh (testdata/bench): the packages are loaded and
// type-checked once, then every iteration runs all passes on every
// package, dependencies included (facts). The "floor" sub-benchmarks
// run, instead, an analyzer that only declares a fact type (the driver's
// own cost: one action per package, facts passed along); "standalone"
// runs the suite as the standalone command does, with the effects of
// functions computed only where a check can ask for them
// (effects.SetNeeded). Suite minus
// floor is what the passes cost beyond type checking, with less noise
// than the end-to-end script; and pprof gets a clean profile:
//
//	go test -run '^$' -bench Suite/suite/large -cpuprofile cpu.out ./analyzer
func BenchmarkSuite(b *testing.B) {
	for _, run := range []struct {
		name      string
		analyzers []*analysis.Analyzer
		needed    bool // effects and summaries only where a check can ask, as in the standalone command
	}{
		{"suite", analyzer.All(), false},
		{"standalone", analyzer.All(), true},
		{"floor", []*analysis.Analyzer{noop}, false},
	} {
		b.Run(run.name, func(b *testing.B) { benchmarkSets(b, run.analyzers, run.needed) })
	}
}

// noop declares a fact type, so that it runs on every dependency as the
// suite's fact-bearing passes do, and does nothing (internal/noopvet).
var noop = &analysis.Analyzer{
	Name:      "noop",
	Doc:       "does nothing; declares a fact type so that it runs on every package",
	Run:       func(*analysis.Pass) (any, error) { return nil, nil },
	FactTypes: []analysis.Fact{new(nothing)},
}

type nothing struct{}

func (*nothing) AFact() {}

func benchmarkSets(b *testing.B, analyzers []*analysis.Analyzer, needed bool) {
	for _, set := range []struct {
		name     string
		patterns []string
	}{
		{"small", []string{"github.com/modelcontextprotocol/go-sdk/...", "github.com/mark3labs/mcp-go/...", "github.com/mark3labs/mcp-filesystem-server/..."}},
		{"large", []string{"golang.org/x/tools/..."}},
	} {
		b.Run(set.name, func(b *testing.B) {
			dir, err := filepath.Abs("../testdata/bench")
			if err != nil {
				b.Fatal(err)
			}
			cfg := &packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule, Dir: dir, Tests: true}
			pkgs, err := packages.Load(cfg, set.patterns...)
			if err != nil {
				b.Fatal(err)
			}
			if n := packages.PrintErrors(pkgs); n > 0 {
				b.Fatalf("%d errors loading %v", n, set.patterns)
			}
			if needed {
				effects.SetNeeded(mcpmodel.Needed(pkgs))
				defer effects.SetNeeded(nil)
				valueflow.SetSummarized(valueflow.Summarized(pkgs))
				defer valueflow.SetSummarized(nil)
			}
			cpu0 := cpuTime()
			b.ResetTimer()
			for b.Loop() {
				graph, err := checker.Analyze(analyzers, pkgs, nil)
				if err != nil {
					b.Fatal(err)
				}
				for act := range graph.All() {
					if act.Err != nil {
						b.Fatalf("%s: %v", act, act.Err)
					}
				}
			}
			// CPU time varies less than wall time on a shared machine.
			if cpu := cpuTime() - cpu0; cpu > 0 {
				b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
			}
		})
	}
}
