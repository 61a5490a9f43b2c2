package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"log"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/passes/config"
	"github.com/mcpvet/mcpvet/passes/effects"
	"github.com/mcpvet/mcpvet/passes/mcpmodel"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// driverEnv, set to "multichecker", makes the child run
// multichecker.Main even where runStandalone could run.
const driverEnv = "MCPVET_DRIVER"

// catalogueEnv, set to "off", makes runStandalone read no tools from the
// embedded data files (mcpmodel.EmbeddedCatalogue), as multichecker.Main
// cannot: TestStandaloneDriver compares the two drivers' machinery with
// it.
const catalogueEnv = "MCPVET_CATALOGUE"

// runStandalone is the child's driver for the runs the parent starts
// (-json, with -test and the analyzers' flags): multichecker.Main's
// load, analysis and JSON output, with one step between the load and
// the analysis that multichecker cannot take. Knowing every package of
// the build, it tells the effects block on which ones a check can ask
// for effects (mcpmodel.Needed, effects.SetNeeded), so that the rest of
// the build, typically most of it, skips that walk. ok is false when the
// arguments hold anything else (-fix, -diff, text output, -debug, help,
// an unknown flag): the caller runs multichecker.Main then, which
// handles them as it always does (and reports the errors).
func runStandalone(args []string, analyzers []*analysis.Analyzer) (code int, ok bool) {
	if os.Getenv(driverEnv) == "multichecker" {
		return 0, false
	}
	// First with stand-in values, to decide without setting the
	// analyzers' flags; then for real.
	if patterns, _, _, ok := parseStandalone(args, analyzers, true); !ok || len(patterns) == 0 || patterns[0] == "help" {
		return 0, false
	}
	patterns, test, enabled, ok := parseStandalone(args, analyzers, false)
	if !ok {
		return 2, true // the flag package printed the error
	}
	analyzers = selectAnalyzers(analyzers, enabled)

	log.SetFlags(0)
	log.SetPrefix(filepath.Base(os.Args[0]) + ": ") // as multichecker.Main
	if err := configFirst(patterns); err != nil {
		log.Print(err)
		return 1, true
	}
	cfg := &packages.Config{Mode: loadMode, Tests: test, ParseFile: parseFile}
	initial, err := packages.Load(cfg, patterns...)
	if err == nil && len(initial) == 0 {
		err = fmt.Errorf("%s matched no packages", strings.Join(patterns, " "))
	}
	if err != nil {
		log.Print(err)
		return 1, true
	}
	if packages.PrintErrors(initial) > 0 {
		code = 1
	}
	effects.SetNeeded(mcpmodel.Needed(initial))
	analysisutil.SetLocalModules(analysisutil.LocalModules(initial))
	defer analysisutil.SetLocalModules(nil)
	defer effects.SetNeeded(nil)
	valueflow.SetSummarized(valueflow.Summarized(initial))
	defer valueflow.SetSummarized(nil)
	if os.Getenv(catalogueEnv) != "off" {
		mcpmodel.SetCatalogue(mcpmodel.EmbeddedCatalogue(initial))
		defer mcpmodel.SetCatalogue(nil)
	}
	graph, err := checker.Analyze(analyzers, initial, nil)
	if err != nil {
		log.Print(err)
		return 1, true
	}
	if err := graph.PrintJSON(os.Stdout); err != nil {
		return 1, true
	}
	for _, line := range partial(initial) {
		log.Print(line)
	}
	return code, true // with -json, 0 but for errors, as multichecker
}

// configFirst reads the configuration file that applies to the
// directory of each relative pattern (./..., ./cmd/x) before the
// packages are loaded: a bad .mcpvet.yaml is the one error of every
// package under it, said at once rather than after the load.
func configFirst(patterns []string) error {
	for _, p := range patterns {
		if p != "." && !strings.HasPrefix(p, "./") {
			continue // an import path: its directory is the go command's
		}
		dir := strings.TrimSuffix(strings.TrimSuffix(p, "..."), "/")
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			continue
		}
		if _, err := config.Find(dir); err != nil {
			return err
		}
	}
	return nil
}

// loadMode is what the command loads: the packages' syntax and types,
// their modules (valueflow.Summarized) and the files they embed
// (mcpmodel.EmbeddedCatalogue).
const loadMode = packages.LoadAllSyntax | packages.NeedModule | packages.NeedEmbedFiles

// parseFile parses a file as go/packages does by default, but without the
// deprecated ast.Object resolution, which go/packages keeps only for
// compatibility: no pass reads ast.Ident.Obj or ast.File.Scope (they use
// go/types), and resolving every file of the build costs about a tenth of
// its parsing.
func parseFile(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
	const mode = parser.AllErrors | parser.ParseComments | parser.SkipObjectResolution
	return parser.ParseFile(fset, filename, src, mode)
}

// partial returns, once per package of pkgs that does not type-check or
// imports one that does not, a line saying that the checks ran on it
// anyway and what they leave out (analysisutil/partial.go).
func partial(pkgs []*packages.Package) []string {
	var lines []string
	seen := make(map[string]bool) // a package and its test variants
	for _, p := range pkgs {
		if !p.IllTyped || len(p.CompiledGoFiles) == 0 || seen[p.PkgPath] {
			continue // type-checked, or nothing loaded to check (its error says why)
		}
		seen[p.PkgPath] = true
		why := "does not type-check"
		if len(p.Errors) == 0 && len(p.TypeErrors) == 0 {
			why = "imports a package that does not type-check"
		}
		lines = append(lines, fmt.Sprintf("%s %s (see above): checked partially, without findings in the functions that did not type-check", p.PkgPath, why))
	}
	return lines
}

// parseStandalone parses args as multichecker.Main would, for the flags
// runStandalone handles: -json (required), -test, each analyzer's -NAME
// and -NAME.FLAG. With dryRun it sets stand-ins instead of the
// analyzers' flags and prints nothing; ok is then false for anything
// else. Otherwise ok is false when a value is bad, which the flag
// package has printed.
func parseStandalone(args []string, analyzers []*analysis.Analyzer, dryRun bool) (patterns []string, test bool, enabled map[*analysis.Analyzer]*enableFlag, ok bool) {
	fs := flag.NewFlagSet("mcpvet", flag.ContinueOnError)
	fs.Usage = func() {}
	if dryRun {
		fs.SetOutput(io.Discard)
	}
	json := fs.Bool("json", false, "")
	fs.BoolVar(&test, "test", true, "")
	enabled = make(map[*analysis.Analyzer]*enableFlag)
	for _, a := range analyzers {
		enabled[a] = new(enableFlag)
		fs.Var(enabled[a], a.Name, "")
		a.Flags.VisitAll(func(f *flag.Flag) {
			v := f.Value
			if dryRun {
				v = standIn{isBool(v)}
			}
			fs.Var(v, a.Name+"."+f.Name, "")
		})
	}
	if err := fs.Parse(args); err != nil || !*json {
		return nil, false, nil, false
	}
	return fs.Args(), test, enabled, true
}

// selectAnalyzers applies the -NAME flags as multichecker does: if any is
// true, only those analyzers run; otherwise, all but those set false.
func selectAnalyzers(analyzers []*analysis.Analyzer, enabled map[*analysis.Analyzer]*enableFlag) []*analysis.Analyzer {
	var hasTrue, hasFalse bool
	for _, e := range enabled {
		hasTrue = hasTrue || *e == enableTrue
		hasFalse = hasFalse || *e == enableFalse
	}
	if !hasTrue && !hasFalse {
		return analyzers
	}
	var keep []*analysis.Analyzer
	for _, a := range analyzers {
		if hasTrue && *enabled[a] == enableTrue || !hasTrue && *enabled[a] != enableFalse {
			keep = append(keep, a)
		}
	}
	return keep
}

// enableFlag is an analyzer's -NAME flag: unset, true or false.
type enableFlag int

const (
	enableUnset enableFlag = iota
	enableTrue
	enableFalse
)

func (e *enableFlag) IsBoolFlag() bool { return true }

func (e *enableFlag) String() string {
	switch *e {
	case enableTrue:
		return "true"
	case enableFalse:
		return "false"
	}
	return "unset"
}

func (e *enableFlag) Set(s string) error {
	b, err := strconv.ParseBool(s)
	if err != nil {
		return fmt.Errorf("want true or false")
	}
	*e = enableFalse
	if b {
		*e = enableTrue
	}
	return nil
}

// standIn takes any value for a flag, bool or not, in the dry run.
type standIn struct{ bool bool }

func (s standIn) IsBoolFlag() bool   { return s.bool }
func (s standIn) String() string     { return "" }
func (s standIn) Set(v string) error { return nil }

func isBool(v flag.Value) bool {
	b, ok := v.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}
