package golangci

import (
	"flag"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"

	"github.com/mcpvet/mcpvet/analyzer"
	"github.com/mcpvet/mcpvet/passes/config"
)

// reset restores the mcpvet_config flags and forgets applied settings.
func reset(t *testing.T) {
	t.Helper()
	config.Analyzer.Flags.VisitAll(func(f *flag.Flag) {
		if err := f.Value.Set(f.DefValue); err != nil {
			t.Fatal(err)
		}
	})
	mu.Lock()
	applied = map[string]applied1{}
	mu.Unlock()
}

func TestPlugins(t *testing.T) {
	defer reset(t)
	for _, name := range Names() {
		newPlugin, err := register.GetPlugin(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		p, err := newPlugin(nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		as, err := p.BuildAnalyzers()
		if err != nil {
			t.Fatal(err)
		}
		if p.GetLoadMode() != register.LoadModeTypesInfo {
			t.Errorf("%s: load mode %q", name, p.GetLoadMode())
		}
		want := analyzer.Suite
		if name != SuiteName {
			want = nil
			for _, a := range analyzer.Suite {
				if a.Name == name {
					want = append(want, a)
				}
			}
		}
		if !reflect.DeepEqual(as, want) {
			t.Errorf("%s: analyzers %v, want %v", name, as, want)
		}
	}
	if got, want := len(Names()), len(analyzer.Suite)+1; got != want {
		t.Errorf("%d plugins, want %d", got, want)
	}
}

// TestSettingsCoverFlags checks that every mcpvet_config flag is a setting
// and every setting a flag.
func TestSettingsCoverFlags(t *testing.T) {
	fields := make(map[string]bool)
	typ := reflect.TypeFor[Settings]()
	for i := range typ.NumField() {
		name := flagName(typ.Field(i))
		fields[name] = true
		if config.Analyzer.Flags.Lookup(name) == nil {
			t.Errorf("setting %q is no mcpvet_config flag", name)
		}
	}
	config.Analyzer.Flags.VisitAll(func(f *flag.Flag) {
		if !fields[f.Name] {
			t.Errorf("mcpvet_config flag -%s has no golangci-lint setting; add it to Settings", f.Name)
		}
	})
}

func TestSettings(t *testing.T) {
	defer reset(t)
	get := func(name string) string { return config.Analyzer.Flags.Lookup(name).Value.String() }

	newFreshkey, _ := register.GetPlugin("freshkey")
	newSuite, _ := register.GetPlugin(SuiteName)

	// golangci-lint hands over the YAML settings as decoded maps.
	conf := map[string]any{"keys": []any{"op_nonce", "x_key"}, "readbacks": []any{"example.com/c.Status"}}
	if _, err := newFreshkey(conf); err != nil {
		t.Fatal(err)
	}
	if got := get("keys"); got != "op_nonce,x_key" {
		t.Errorf("keys = %q", got)
	}
	if got := get("readbacks"); got != "example.com/c.Status" {
		t.Errorf("readbacks = %q", got)
	}

	// The same setting again, or none, is fine; a different value is not.
	if _, err := newSuite(map[string]any{"keys": []any{"op_nonce", "x_key"}}); err != nil {
		t.Errorf("same settings on a second linter: %v", err)
	}
	if _, err := newSuite(nil); err != nil {
		t.Errorf("no settings: %v", err)
	}
	if _, err := newSuite(map[string]any{"keys": []any{"other"}}); err == nil || !strings.Contains(err.Error(), "conflicts") {
		t.Errorf("conflicting settings: err = %v, want a conflict", err)
	}

	// Unknown settings and wrong types are rejected.
	for _, bad := range []map[string]any{
		{"key": []any{"x"}},
		{"keys": "x"},
		{"sinks": []any{1}},
	} {
		if _, err := newSuite(bad); err == nil {
			t.Errorf("settings %v accepted", bad)
		}
	}
}

// TestExampleConfig checks that the repository's .golangci.yml configures
// a linter for every check.
func TestExampleConfig(t *testing.T) {
	b, err := os.ReadFile("../../.golangci.yml")
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range analyzer.Suite {
		if !strings.Contains(string(b), "\n    - "+a.Name+"\n") || !strings.Contains(string(b), "\n      "+a.Name+":\n        type: module\n") {
			t.Errorf(".golangci.yml does not enable and configure %s", a.Name)
		}
	}
}
