package testenv_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/packages"

	"github.com/mcpvet/mcpvet/internal/testenv"
)

// TestFreshModuleCache shows the fresh-clone path with an empty module
// cache: a fixture module cannot be loaded with GOPROXY=off (as
// analysistest loads it) until Module has downloaded its requirements
// through the proxy; then analysistest loads it. It needs the module
// proxy, and is skipped with -short or GOPROXY=off.
func TestFreshModuleCache(t *testing.T) {
	if testing.Short() {
		t.Skip("downloads a module through the proxy")
	}
	if out, err := exec.Command("go", "env", "GOPROXY").Output(); err != nil || strings.TrimSpace(string(out)) == "off" {
		t.Skip("GOPROXY=off")
	}
	t.Setenv("GOMODCACHE", filepath.Join(t.TempDir(), "modcache"))
	// -modcacherw, so that the temporary directory can be removed.
	t.Setenv("GOFLAGS", strings.TrimSpace(os.Getenv("GOFLAGS")+" -modcacherw"))
	dir, err := filepath.Abs("testdata/uuidmod")
	if err != nil {
		t.Fatal(err)
	}

	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadTypes, Dir: dir, Env: append(os.Environ(), "GOPROXY=off")}, "./...")
	failed := err != nil
	packages.Visit(pkgs, nil, func(p *packages.Package) { failed = failed || len(p.Errors) > 0 })
	if !failed {
		t.Fatal("the fixture loads from an empty module cache with GOPROXY=off; the test shows nothing")
	}

	if got := testenv.Module(t, "testdata/uuidmod"); got != dir {
		t.Errorf("Module returned %s, want %s", got, dir)
	}
	loaded := false
	a := &analysis.Analyzer{
		Name: "loads",
		Doc:  "records that the fixture was loaded and type-checked",
		Run: func(pass *analysis.Pass) (any, error) {
			loaded = loaded || pass.Pkg.Scope().Lookup("Key") != nil && pass.TypesInfo != nil
			return nil, nil
		},
	}
	analysistest.Run(t, dir, a, "./...")
	if !loaded {
		t.Error("analysistest did not run on the fixture")
	}
}

// TestPrimeOnce checks that a module is primed once per process and that
// a directory without go.mod is an error.
func TestPrimeOnce(t *testing.T) {
	dir := t.TempDir()
	if err := testenv.Prime(dir); err == nil || !strings.Contains(err.Error(), "not a module") {
		t.Errorf("Prime(%s) = %v, want a not-a-module error", dir, err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/x\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	if err := testenv.Prime(dir); err == nil {
		t.Error("the first answer was not kept")
	}
}
