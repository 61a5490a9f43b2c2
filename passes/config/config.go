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
package config

import (
	"flag"
	"reflect"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

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
	module                           string
)

// Analyzer holds mcpvet's flags. It reports nothing.
var Analyzer = &analysis.Analyzer{
	Name:       Name,
	Doc:        "holds the configuration shared by mcpvet's passes; it reports nothing",
	URL:        "https://pkg.go.dev/github.com/mcpvet/mcpvet/passes/config",
	Run:        run,
	Flags:      newFlagSet(),
	ResultType: reflect.TypeFor[*Config](),
}

func newFlagSet() flag.FlagSet {
	var fs flag.FlagSet
	fs.Var(&keys, "keys", "comma-separated extra dedupe-key names (argument keys, struct fields, JSON tags, header names)")
	fs.Var(&sinks, "sinks", "comma-separated extra side-effect functions, as full names such as example.com/store.Save or (*example.com/store.DB).Put")
	fs.Var(&nonsinks, "nonsinks", "comma-separated functions that are not side effects although the catalogue says so (for example a POST that only queries)")
	fs.Var(&readbacks, "readbacks", "comma-separated functions that read back the outcome of a tool call (for readback)")
	fs.StringVar(&module, "module", "", "module path of the analyzed code, for drivers that do not report it (Bazel nogo); default: the driver's, else a guess from the import path")
	return fs
}

func set(l listFlag) map[string]bool {
	m := make(map[string]bool, len(l.vals))
	for _, v := range l.vals {
		m[v] = true
	}
	return m
}

func run(*analysis.Pass) (any, error) {
	return &Config{
		Keys:      names.NewMatcher(keys.vals),
		Sinks:     set(sinks),
		NonSinks:  set(nonsinks),
		ReadBacks: set(readbacks),
		Module:    module,
	}, nil
}
