package analysisutil

import "testing"

func TestPaths(t *testing.T) {
	for _, c := range []struct {
		path string
		std  bool
	}{
		{"fmt", true}, {"net/http", true}, {"readbackapp/client", true},
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
