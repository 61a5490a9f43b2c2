package analysisutil

import (
	"os/exec"
	"strings"
	"testing"
)

func TestPaths(t *testing.T) {
	for _, c := range []struct {
		path string
		std  bool
	}{
		{"fmt", true}, {"net/http", true}, {"readbackapp/client", false}, {"memory-mcp-server-go/storage", false},
		{"github.com/a/b", false}, {"example.com", false},
	} {
		if got := StdPath(c.path); got != c.std {
			t.Errorf("StdPath(%q) = %v, want %v", c.path, got, c.std)
		}
	}
	for _, c := range []struct {
		mod, path string
		in        bool
	}{
		{"example.com/m", "example.com/m", true},
		{"example.com/m", "example.com/m/x/y", true},
		{"example.com/m", "example.com/mx", false},
		{"example.com/m", "example.com", false},
		{"readbackapp", "readbackapp/retrying", true},
	} {
		if got := InModule(c.mod, c.path); got != c.in {
			t.Errorf("InModule(%q, %q) = %v, want %v", c.mod, c.path, got, c.in)
		}
	}
}

// TestStdRoots checks stdRoots against the standard library of the Go
// release that runs the tests.
func TestStdRoots(t *testing.T) {
	out, err := exec.Command("go", "list", "std").Output()
	if err != nil {
		t.Fatalf("go list std: %v", err)
	}
	for _, p := range strings.Fields(string(out)) {
		if !StdPath(p) {
			t.Errorf("StdPath(%q) = false; add %q to stdRoots", p, strings.SplitN(p, "/", 2)[0])
		}
	}
}
