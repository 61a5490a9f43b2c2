package analysisutil_test

import (
	"os"
	"slices"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/internal/testenv"
)

// TestLocalModules loads a fixture module that replaces two modules by
// directories: they and the main module are the program's own; the SDK,
// a required module, is not.
func TestLocalModules(t *testing.T) {
	dir := testenv.Module(t, "../../testdata/toolhints")
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedModule | packages.NeedImports | packages.NeedDeps, Dir: dir, Env: append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off")}
	pkgs, err := packages.Load(cfg, "./rest/...")
	if err != nil {
		t.Fatal(err)
	}
	got := analysisutil.LocalModules(pkgs)
	for _, want := range []string{"example.com/toolhints", "example.com/restsdk"} {
		if !slices.Contains(got, want) {
			t.Errorf("LocalModules = %v, want %s among them", got, want)
		}
	}
	if slices.Contains(got, "github.com/modelcontextprotocol/go-sdk") {
		t.Errorf("LocalModules = %v: a required module counted as local", got)
	}
	analysisutil.SetLocalModules(got)
	defer analysisutil.SetLocalModules(nil)
	if !analysisutil.InLocalModule("example.com/restsdk/rest") || analysisutil.InLocalModule("github.com/modelcontextprotocol/go-sdk/mcp") {
		t.Errorf("InLocalModule disagrees with LocalModules %v", got)
	}
}
