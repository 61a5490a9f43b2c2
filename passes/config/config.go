// Package config defines the mcpvet_config pseudo-analyzer, which holds the
// flags shared by every mcpvet pass and hands them over as its Result.
//
// Flags live here, on an analyzer that every pass Requires, and not on the
// checks themselves: a flag on a check is read too late to change the fact
// passes that feed it (the nilaway_config pattern). Drivers must list this
// analyzer so that its flags are registered; analyzer.All does.
//
// Flags (all comma-separated lists, default empty, since v0.1.0):
//
//	-mcpvet_config.keys      extra dedupe-key names (argument keys, fields, headers)
//	-mcpvet_config.sinks     extra side-effect functions, as types.Func full names,
//	                         e.g. "example.com/store.Save" or "(*example.com/store.DB).Put"
//	-mcpvet_config.nonsinks  functions that are never side effects although the
//	                         catalogue says so (a POST used only to query)
//	-mcpvet_config.readbacks functions that read back the outcome of a tool call
//	-mcpvet_config.module    the module path of the code under analysis, for
//	                         drivers that do not say (Bazel nogo); default:
//	                         the driver's module, else a guess from the import
//	                         path (host/org/repo)
//	-mcpvet_config.baseline  a baseline file (mcpvet -write-baseline) whose
//	                         findings are dropped; "none" turns off the
//	                         configuration file's baseline (since v0.2.0)
//
// The configuration file .mcpvet.yaml holds the same settings, read by
// every driver (see FileDoc and the Analyzer's Doc, which "mcpvet help
// mcpvet_config" prints).
package config

import (
	"flag"
	"path/filepath"
	"reflect"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpvet/mcpvet/internal/baseline"
	"github.com/mcpvet/mcpvet/internal/names"
)

// Name is the name of the configuration pseudo-analyzer.
const Name = "mcpvet_config"

// Config is the parsed configuration.
type Config struct {
	Keys      *names.Matcher
	Sinks     map[string]bool // full names of extra sinks
	NonSinks  map[string]bool // full names of functions that are never sinks
	ReadBacks map[string]bool // full names of read-back functions
	Module    string          // module path override, "" when unset

	// File is the configuration file that applies to the package, or nil.
	File *File
	// Baseline holds the findings to drop, or nil.
	Baseline *baseline.Set
	// Err is the error in the configuration file or baseline, if any
	// ("FILE:LINE: what"). The fact passes then run with the flags alone,
	// and the checks fail with Err, so that every driver shows it (go vet
	// shows one error per package, and a failed prerequisite hides why).
	Err error
}

// Err returns the configuration error of the pass's package, if any. The
// checks return it from their Run.
func Err(pass *analysis.Pass) error {
	if c, ok := pass.ResultOf[Analyzer].(*Config); ok {
		return c.Err
	}
	return nil
}

// Excluded reports whether the configuration file excludes the file
// named filename for check.
func (c *Config) Excluded(check, filename string) bool {
	return c != nil && c.File.Excluded(check, filename)
}

// listFlag is a comma-separated list.
type listFlag struct{ vals []string }

func (l *listFlag) String() string { return strings.Join(l.vals, ",") }
func (l *listFlag) Set(s string) error {
	l.vals = nil
	for _, v := range strings.Split(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			l.vals = append(l.vals, v)
		}
	}
	sort.Strings(l.vals)
	return nil
}

var (
	keys, sinks, nonsinks, readbacks listFlag
	module, baselineFlag             string
)

// FileDoc documents the configuration file.
const FileDoc = `The configuration file .mcpvet.yaml

Put .mcpvet.yaml at the module root (beside go.mod). For each package,
mcpvet walks up from the directory of the package's files to the directory
holding go.mod and uses the first .mcpvet.yaml it finds, under every
driver: mcpvet, go vet -vettool, golangci-lint, gopls and nogo (when the
file is visible in the sandbox). Packages of dependency modules use none.
A long-running driver (gopls) sees a file created nearer to a package
within 3 seconds; edits to the file it uses, at once.

    # .mcpvet.yaml
    keys: [op_nonce]                                # extra dedupe-key names
    sinks: ["example.com/store.Save"]               # extra side effects
    nonsinks: ["(*example.com/store.Cache).Put"]    # never side effects
    readbacks: ["example.com/client.Status"]        # read back a tool call's outcome
    module: example.com/shop                        # for nogo, which does not say
    baseline: ci/mcpvet-baseline.json               # relative to this file
    exclude:                                        # per check, or all
      dedupekey: [internal/legacy/]
      all: ["*_gen.go", third_party/]

A flag (-mcpvet_config.keys=...) or a golangci-lint setting overrides the
file's value of the same name. Exclude patterns are relative to the
directory of .mcpvet.yaml and use path.Match syntax per element: "dir/"
excludes everything below dir; a pattern with a slash inside is anchored
at that directory ("cmd/*/main.go"); one without matches a file or
directory name at any depth ("*_gen.go"). An unknown key, a bad value or a
bad pattern is a one-line error, ".mcpvet.yaml:3: unknown key "kyes"".

The baseline (mcpvet -write-baseline FILE ./...) records today's findings
by fingerprint: the check, the kind of finding, the package, the
enclosing function and the tool, so that it survives moved lines,
unrelated edits and reworded messages. Findings it records are dropped; standalone mcpvet lists
on standard error the recorded findings that no longer occur.`

// Analyzer holds mcpvet's flags. It reports nothing.
var Analyzer = &analysis.Analyzer{
	Name:       Name,
	Doc:        "holds the configuration shared by mcpvet's passes; it reports nothing\n\n" + FileDoc,
	URL:        "https://pkg.go.dev/github.com/mcpvet/mcpvet/passes/config",
	Run:        run,
	Flags:      newFlagSet(),
	ResultType: reflect.TypeFor[*Config](),
	// Every check requires it, and runs on packages with type errors.
	RunDespiteErrors: true,
}

func newFlagSet() flag.FlagSet {
	var fs flag.FlagSet
	fs.Var(&keys, "keys", "comma-separated extra dedupe-key names (argument keys, struct fields, JSON tags, header names)")
	fs.Var(&sinks, "sinks", "comma-separated extra side-effect functions, as full names such as example.com/store.Save or (*example.com/store.DB).Put")
	fs.Var(&nonsinks, "nonsinks", "comma-separated functions that are not side effects although the catalogue says so (for example a POST that only queries)")
	fs.Var(&readbacks, "readbacks", "comma-separated functions that read back the outcome of a tool call (for readback)")
	fs.StringVar(&module, "module", "", "module path of the analyzed code, for drivers that do not report it (Bazel nogo); default: the driver's, else a guess from the import path")
	fs.StringVar(&baselineFlag, "baseline", "", "drop the findings recorded in this baseline `FILE` (written by mcpvet -write-baseline; none: no baseline, not even the configuration file's)")
	return fs
}

func set(vals []string) map[string]bool {
	m := make(map[string]bool, len(vals))
	for _, v := range vals {
		m[v] = true
	}
	return m
}

func run(pass *analysis.Pass) (any, error) {
	c, err := build(pass)
	if err != nil {
		c, _ = build(nil)
		c.Err = err
	}
	return c, nil
}

func build(pass *analysis.Pass) (*Config, error) {
	var f *File
	var err error
	if pass != nil {
		if f, err = fileFor(pass); err != nil {
			return nil, err
		}
	}
	// A flag (or a golangci-lint setting, which sets the flag) overrides
	// the file's setting.
	pick := func(flag listFlag, file []string) []string {
		if len(flag.vals) > 0 || f == nil {
			return flag.vals
		}
		return file
	}
	c := &Config{Module: module, File: f}
	var keyList []string
	if f != nil {
		keyList = pick(keys, f.Keys)
		c.Sinks, c.NonSinks, c.ReadBacks = set(pick(sinks, f.Sinks)), set(pick(nonsinks, f.NonSinks)), set(pick(readbacks, f.ReadBacks))
		if c.Module == "" {
			c.Module = f.Module
		}
	} else {
		keyList = keys.vals
		c.Sinks, c.NonSinks, c.ReadBacks = set(sinks.vals), set(nonsinks.vals), set(readbacks.vals)
	}
	c.Keys = names.NewMatcher(keyList)
	bl := baselineFlag
	if bl == "" && f != nil {
		bl = f.Baseline
	}
	if bl != "" && bl != "none" && pass != nil {
		if c.Baseline, err = baseline.Load(bl); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// fileFor returns the configuration file for the package: found from the
// directory of its first Go file, for packages of the main module (or a
// workspace module); packages of dependency modules use none.
func fileFor(pass *analysis.Pass) (*File, error) {
	if pass.Module != nil && pass.Module.Version != "" || len(pass.Files) == 0 {
		return nil, nil
	}
	tf := pass.Fset.File(pass.Files[0].FileStart)
	if tf == nil || !strings.HasSuffix(tf.Name(), ".go") {
		return nil, nil
	}
	return Find(filepath.Dir(tf.Name()))
}
