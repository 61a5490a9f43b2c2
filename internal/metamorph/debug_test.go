package metamorph

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpvet/mcpvet/analyzer"
	"github.com/mcpvet/mcpvet/internal/testenv"
)

// TestDebug runs the rewrites named in $MM_REWRITES (all when empty) over
// the fixture module $MM_MODULE and prints the changes; the temporary
// module is kept in $MM_KEEP when set.
func TestDebug(t *testing.T) {
	mods := os.Getenv("MM_MODULE")
	if mods == "" {
		t.Skip("set MM_MODULE")
	}
	var dirs []string
	for _, mod := range strings.Split(mods, ",") {
		dirs = append(dirs, testenv.Module(t, filepath.Join("../../testdata", mod)))
	}
	var rws []*Rewrite
	want := os.Getenv("MM_REWRITES")
	for _, rw := range append(Rewrites(), Mutations()...) {
		if want == "" || strings.Contains(","+want+",", ","+rw.Name+",") {
			rws = append(rws, rw)
		}
	}
	tmp := os.Getenv("MM_KEEP")
	if tmp == "" {
		tmp = t.TempDir()
	} else {
		os.RemoveAll(tmp)
		os.MkdirAll(tmp, 0o755)
	}
	results, err := RunGroup(dirs, tmp, rws, analyzer.All())
	if err != nil {
		t.Fatal(err)
	}
	for _, res := range results {
		for name, n := range res.Sites {
			t.Logf("%s %s: %d sites, skipped %v", res.Module, name, n, res.Skipped[name])
		}
		t.Logf("%s orig: %d findings; times %v", res.Module, len(res.Findings["orig"]), res.Times)
		if os.Getenv("MM_ORIG") != "" {
			for k, n := range res.Findings["orig"] {
				t.Logf("ORIG %s %s x%d", res.Module, k, n)
			}
		}
		for _, c := range res.Changes() {
			t.Log(c)
		}
	}
}
