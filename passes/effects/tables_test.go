package effects

import (
	"go/importer"
	"go/types"
	"strings"
	"testing"
)

// TestPkgOfFullName checks the parse that lets callEffect skip building
// full names: on the catalogue's keys, and on the full names go/types
// gives to the functions and methods (generic ones too) of real packages.
func TestPkgOfFullName(t *testing.T) {
	for _, table := range []map[string]bool{keysOf(stdSinks), knownReads} {
		for full := range table {
			if p := pkgOfFullName(full); p == "" || strings.ContainsAny(p, "()*[] ") {
				t.Errorf("pkgOfFullName(%q) = %q", full, p)
			}
		}
	}
	// Every function the tables name passes callEffect's gate, including
	// the entries init functions add (after package variables are set).
	for _, table := range []map[string]bool{keysOf(stdSinks), knownReads} {
		for full := range table {
			if !tablePkgs()[pkgOfFullName(full)] {
				t.Errorf("callEffect would not look up %q: its package is not in tablePkgs", full)
			}
		}
	}
	imp := importer.Default()
	for _, path := range []string{"net/http", "os", "database/sql", "sync/atomic", "slices", "os/exec"} {
		pkg, err := imp.Import(path)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		check := func(fn *types.Func) {
			n++
			if got := pkgOfFullName(fn.FullName()); got != path {
				t.Errorf("pkgOfFullName(%q) = %q, want %q", fn.FullName(), got, path)
			}
		}
		scope := pkg.Scope()
		for _, name := range scope.Names() {
			switch obj := scope.Lookup(name).(type) {
			case *types.Func:
				check(obj)
			case *types.TypeName:
				if named, ok := obj.Type().(*types.Named); ok {
					for i := 0; i < named.NumMethods(); i++ {
						check(named.Method(i))
					}
				}
			}
		}
		if n == 0 {
			t.Errorf("%s: no functions checked", path)
		}
	}
}

func keysOf[V any](m map[string]V) map[string]bool {
	out := make(map[string]bool, len(m))
	for k := range m {
		out[k] = true
	}
	return out
}
