// Package blocks runs the suite's fact-bearing building blocks (effects,
// fresh, retry, mcpmodel, toolcalls, wiring) on a package as one analyzer.
//
// A driver's cost grows with the number of analyzers that carry facts,
// not only with the work they do: each runs on every package of the
// build, and checker-based drivers start a goroutine for every import
// edge of every such analyzer. On golang.org/x/tools, five building
// blocks run as separate analyzers cost about 120 ms of CPU time and
// 40 MB of peak memory more than the same five run here, one after the
// other (scripts/bench.sh, BenchmarkBlocks). The checks therefore
// require this analyzer, not the building blocks, and read their
// results through Of.
//
// Each building block keeps its own Analyzer, with its own fact types,
// for its own tests and for suites that want one block alone; Analyzer
// declares the union of their fact types and calls their Run functions
// with a pass whose ResultOf holds the results computed before. A graph
// must not hold both Analyzer and one of the blocks it runs: they would
// declare the same fact types.
package blocks

import (
	"fmt"
	"reflect"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpvet/mcpvet/passes/config"
	"github.com/mcpvet/mcpvet/passes/effects"
	"github.com/mcpvet/mcpvet/passes/fresh"
	"github.com/mcpvet/mcpvet/passes/mcpmodel"
	"github.com/mcpvet/mcpvet/passes/retry"
	"github.com/mcpvet/mcpvet/passes/toolcalls"
	"github.com/mcpvet/mcpvet/passes/valueflow"
	"github.com/mcpvet/mcpvet/passes/wiring"
)

// Blocks lists the building blocks Analyzer runs, in an order in which
// each one's Requires (other than config.Analyzer) come before it.
var Blocks = []*analysis.Analyzer{
	valueflow.Analyzer,
	fresh.Analyzer,
	effects.Analyzer,
	retry.Analyzer,
	mcpmodel.Analyzer,
	toolcalls.Analyzer,
	wiring.Analyzer,
}

// Analyzer runs the Blocks on each package. It reports nothing.
var Analyzer = &analysis.Analyzer{
	Name:       "mcpvet_blocks",
	Doc:        "runs mcpvet's building blocks (valueflow, fresh, effects, retry, mcpmodel, toolcalls, wiring) in one pass; it reports nothing",
	URL:        "https://pkg.go.dev/github.com/mcpvet/mcpvet/passes/blocks",
	Run:        run,
	Requires:   []*analysis.Analyzer{config.Analyzer},
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  factTypes(Blocks),
	// The checks run on packages with type errors, and need the blocks'
	// results and facts there. The blocks tolerate missing types
	// (analyzer.FuzzSuite, analyzer.TestPartialCode).
	RunDespiteErrors: true,
}

// Result holds the building blocks' results for a package.
type Result struct {
	Flow    *valueflow.Result
	Model   *mcpmodel.Model
	Effects *effects.Result
	Fresh   *fresh.Result
	Retry   *retry.Result
	Calls   *toolcalls.Result
	Wiring  *wiring.Result

	registered map[*analysis.Analyzer]any
}

// Registered returns the result of a pass given to Register.
func (r *Result) Registered(a *analysis.Analyzer) any { return r.registered[a] }

// registered lists the passes given to Register, in order.
var registered []*analysis.Analyzer

// Register adds a pass to Analyzer, to run after the Blocks: a check
// whose own facts must be computed on every package of the build
// registers the pass that computes them, instead of declaring FactTypes
// itself, so that the driver carries one fact-bearing analyzer. The
// pass's Requires must be config.Analyzer or Blocks; its result is
// Result.Registered's. Call Register from an init function of the
// check's package, before any analysis runs.
func Register(a *analysis.Analyzer) {
	registered = append(registered, a)
	Analyzer.FactTypes = append(Analyzer.FactTypes, a.FactTypes...)
}

// Of returns the building blocks' results for the pass's package; the
// pass's analyzer must require Analyzer.
func Of(pass *analysis.Pass) *Result { return pass.ResultOf[Analyzer].(*Result) }

func factTypes(blocks []*analysis.Analyzer) []analysis.Fact {
	var fts []analysis.Fact
	for _, b := range blocks {
		fts = append(fts, b.FactTypes...)
	}
	return fts
}

func run(pass *analysis.Pass) (any, error) {
	results := map[*analysis.Analyzer]any{config.Analyzer: pass.ResultOf[config.Analyzer]}
	for _, b := range slices.Concat(Blocks, registered) {
		for _, req := range b.Requires {
			if _, ok := results[req]; !ok {
				return nil, fmt.Errorf("internal error: building block %s requires %s, which runs after it", b, req)
			}
		}
		p := *pass
		p.Analyzer = b
		p.ResultOf = results
		r, err := b.Run(&p)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", b, err)
		}
		results[b] = r
	}
	return &Result{
		Flow:    results[valueflow.Analyzer].(*valueflow.Result),
		Model:   results[mcpmodel.Analyzer].(*mcpmodel.Model),
		Effects: results[effects.Analyzer].(*effects.Result),
		Fresh:   results[fresh.Analyzer].(*fresh.Result),
		Retry:   results[retry.Analyzer].(*retry.Result),
		Calls:   results[toolcalls.Analyzer].(*toolcalls.Result),
		Wiring:  results[wiring.Analyzer].(*wiring.Result),

		registered: results,
	}, nil
}
