package effects

import "testing"

// TestCachePackage checks which packages are caches by their path: a
// cache package of any name within its module, a module whose root is a
// cache, but not a server module whose name merely contains "cache".
func TestCachePackage(t *testing.T) {
	for _, c := range []struct {
		path, mod string
		want      bool
	}{
		{"golang.org/x/tools/gopls/internal/cache", "golang.org/x/tools/gopls", true},
		{"golang.org/x/tools/gopls/internal/filecache", "golang.org/x/tools/gopls", true},
		{"github.com/kagent-dev/tools/internal/cache", "github.com/kagent-dev/tools", true},
		{"example.com/srv/internal/cacheutil/disk", "example.com/srv", true},
		{"github.com/patrickmn/go-cache", "github.com/patrickmn/go-cache", true},
		{"github.com/acme/mcp-cachet", "github.com/acme/mcp-cachet", false},
		{"github.com/acme/mcp-cachet/tools", "github.com/acme/mcp-cachet", false},
		{"example.com/srv/store", "example.com/srv", false},
	} {
		if got := isCachePackage(c.path, c.mod); got != c.want {
			t.Errorf("isCachePackage(%q, %q) = %v, want %v", c.path, c.mod, got, c.want)
		}
	}
	for path, want := range map[string]bool{"example.com/srv/internal/logging": true, "example.com/srv/logger": true, "example.com/srv/catalog": false} {
		if got := isLogPath(path); got != want {
			t.Errorf("isLogPath(%q) = %v, want %v", path, got, want)
		}
	}
}
