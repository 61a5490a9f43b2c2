// Package golangci registers mcpvet with golangci-lint v2 as module
// plugins. Import it from a custom golangci-lint build (.custom-gcl.yml,
// or scripts/build-golangci.sh offline).
//
// It registers one plugin per check of analyzer.Suite, named after the
// check (dedupekey, readback, freshkey, ...), and one named "mcpvet" for
// the whole suite. golangci-lint treats a plugin as one linter: with a
// plugin per check, //nolint:freshkey, SARIF rule ids and per-linter
// limits work per check, and golangci's uniq-by-line does not drop one
// check's finding because another reported the same line. Enable either
// the per-check linters or "mcpvet", not both, or findings repeat.
//
// Settings are the flags of the mcpvet_config pseudo-analyzer, with list
// flags written as YAML lists:
//
//	linters:
//	  settings:
//	    custom:
//	      freshkey:
//	        type: module
//	        settings:
//	          keys: [op_nonce]
//
// Unknown settings are rejected. The flags are shared by all checks (every
// check requires mcpvet_config), so settings given on several mcpvet
// linters are merged; the same setting with different values is an error.
package golangci

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/mcpvet/mcpvet/analyzer"
	"github.com/mcpvet/mcpvet/passes/config"
)

// SuiteName is the name of the plugin that runs the whole suite.
const SuiteName = "mcpvet"

// Settings are the plugin settings. Each field is a flag of the
// mcpvet_config pseudo-analyzer, named by its json tag; a test checks
// that every flag has a field.
type Settings struct {
	Keys      []string `json:"keys,omitempty"`
	Sinks     []string `json:"sinks,omitempty"`
	NonSinks  []string `json:"nonsinks,omitempty"`
	ReadBacks []string `json:"readbacks,omitempty"`
	Module    string   `json:"module,omitempty"`
	Baseline  string   `json:"baseline,omitempty"`
}

func init() {
	for _, a := range analyzer.Suite {
		register.Plugin(a.Name, newPlugin(a.Name, []*analysis.Analyzer{a}))
	}
	register.Plugin(SuiteName, newPlugin(SuiteName, analyzer.Suite))
}

// plugin is one golangci-lint linter.
type plugin struct{ analyzers []*analysis.Analyzer }

func (p *plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) { return p.analyzers, nil }
func (p *plugin) GetLoadMode() string                           { return register.LoadModeTypesInfo }

func newPlugin(name string, analyzers []*analysis.Analyzer) register.NewPlugin {
	return func(conf any) (register.LinterPlugin, error) {
		s, err := register.DecodeSettings[Settings](conf)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if err := apply(name, s); err != nil {
			return nil, err
		}
		return &plugin{analyzers: analyzers}, nil
	}
}

var (
	mu      sync.Mutex
	applied = map[string]applied1{} // flag name -> value and the linter that set it
)

type applied1 struct{ value, by string }

// apply sets the mcpvet_config flags from s. A setting another linter
// already set to a different value is an error, since the flags are
// shared.
func apply(linter string, s Settings) error {
	mu.Lock()
	defer mu.Unlock()
	v := reflect.ValueOf(s)
	for i := range v.NumField() {
		name := flagName(v.Type().Field(i))
		var joined string
		switch val := v.Field(i).Interface().(type) {
		case []string:
			joined = strings.Join(val, ",")
		case string:
			joined = val
		}
		if joined == "" {
			continue // not set (an empty list, too, leaves the default)
		}
		if prev, ok := applied[name]; ok {
			if prev.value != joined {
				return fmt.Errorf("%s: setting %q conflicts with the one given for %s: mcpvet settings are shared by all mcpvet linters; give them once", linter, name, prev.by)
			}
			continue
		}
		if err := config.Analyzer.Flags.Set(name, joined); err != nil {
			return fmt.Errorf("%s: setting %q: %w", linter, name, err)
		}
		applied[name] = applied1{joined, linter}
	}
	return nil
}

// flagName returns the mcpvet_config flag a Settings field sets.
func flagName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	return name
}

// Names returns the names of the plugins this package registers.
func Names() []string {
	var names []string
	for _, a := range analyzer.Suite {
		names = append(names, a.Name)
	}
	return slices.Concat(names, []string{SuiteName})
}
