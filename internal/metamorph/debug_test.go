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
	mod := os.Getenv("MM_MODULE")
	if mod == "" {
		t.Skip("set MM_MODULE")
	}
	dir := testenv.Module(t, filepath.Join("../../testdata", mod))
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
	res, err := Run(dir, tmp, rws, analyzer.All())
	if err != nil {
		t.Fatal(err)
	}
	for name, n := range res.Sites {
		t.Logf("%s: %d sites, skipped %v", name, n, res.Skipped[name])
	}
	t.Logf("orig: %d findings", len(res.Findings["orig"]))
	for _, c := range res.Changes() {
		t.Log(c)
	}
}
