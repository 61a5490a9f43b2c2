package analyzer_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcpvet/mcpvet/analyzer"
)

// BenchmarkSuite measures the suite's analysis alone, on the corpus of
// scripts/bench.sh (testdata/bench): the packages are loaded and
// type-checked once, then every iteration runs all passes on every
// package, dependencies included (facts). It shows what the passes cost
// beyond the type-checking floor with less noise than the end-to-end
// script, and gives pprof a clean profile:
//
//	go test -run '^$' -bench Suite/large -cpuprofile cpu.out ./analyzer
func BenchmarkSuite(b *testing.B) {
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
			cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: dir, Tests: true}
			pkgs, err := packages.Load(cfg, set.patterns...)
			if err != nil {
				b.Fatal(err)
			}
			if n := packages.PrintErrors(pkgs); n > 0 {
				b.Fatalf("%d errors loading %v", n, set.patterns)
			}
			b.ResetTimer()
			for b.Loop() {
				graph, err := checker.Analyze(analyzer.All(), pkgs, nil)
				if err != nil {
					b.Fatal(err)
				}
				for act := range graph.All() {
					if act.Err != nil {
						b.Fatalf("%s: %v", act, act.Err)
					}
				}
			}
		})
	}
}
