package main_test

import (
	"testing"

	"github.com/mcpvet/mcpvet/internal/testenv"
)

// TestVetLayers runs mcpvet standalone and under go vet on the tool
// layer of testdata/dedupekey that registers through two packages of
// its own (toolkit, toolgroups) before toolserver instantiates it. Under
// go vet, toolserver sees only what its imports' export data mention, so
// the templates' facts name mcp.NewTool and its options, which it does
// not import: a stand-in keeps them (valueflow's absentFunc). Both
// drivers must give the same findings, three of them.
func TestVetLayers(t *testing.T) {
	t.Parallel()
	bin, _ := demoSetup(t) // the command; skipped under -short
	dir := testenv.Module(t, "../../testdata/dedupekey")
	pkgs := []string{"./toolkit", "./toolgroups", "./toolserver"}
	sa := sharedRun(t, dir, nil, bin, append([]string{"-json"}, pkgs...)...)
	vet := sharedRun(t, dir, nil, "go", append([]string{"vet", "-vettool=" + bin, "-json"}, pkgs...)...)
	if vet.err != nil {
		t.Fatalf("go vet -vettool: %v\n%s", vet.err, vet.combined())
	}
	want := jsonFindings(t, dir, sa.stdout)
	if len(want) != 3 {
		t.Fatalf("standalone: %d findings, want 3\n%s", len(want), sa.combined())
	}
	g, w := sortedStrings(jsonFindings(t, dir, vet.combined())), sortedStrings(want)
	if len(g) != len(w) {
		t.Fatalf("go vet: %d findings, standalone %d\ngo vet:\n  %v\nstandalone:\n  %v", len(g), len(w), g, w)
	}
	for i := range g {
		if g[i] != w[i] {
			t.Errorf("go vet %s, standalone %s", g[i], w[i])
		}
	}
}
