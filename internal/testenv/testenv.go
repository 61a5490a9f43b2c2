// Package testenv lets the tests load the fixture modules on a fresh
// machine. analysistest (and the tests that call packages.Load with
// GOPROXY=off) find a fixture module's requirements only in the module
// cache; Module downloads them first, once per test process and module,
// through the go command with the user's own settings (GOPROXY, GOFLAGS,
// GONOSUMDB...), so that "go test ./..." works from a fresh clone with
// only Go and the module proxy. With a warm cache it costs one go command
// (about 25 ms).
package testenv

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

var (
	mu     sync.Mutex
	primed = make(map[string]*prime)
)

type prime struct {
	once sync.Once
	err  error
}

// Module returns the absolute path of the module directory rel (relative
// to the test's package directory, e.g. "../../testdata/dedupekey"),
// after downloading its requirements into the module cache. It fails the
// test when they cannot be downloaded.
func Module(t testing.TB, rel string) string {
	t.Helper()
	dir, err := filepath.Abs(rel)
	if err != nil {
		t.Fatal(err)
	}
	if err := Prime(dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

// Prime downloads the requirements of the module in dir (go mod download),
// once per process.
func Prime(dir string) error {
	mu.Lock()
	p := primed[dir]
	if p == nil {
		p = new(prime)
		primed[dir] = p
	}
	mu.Unlock()
	p.once.Do(func() {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
			p.err = fmt.Errorf("testenv: %s is not a module: %v", dir, err)
			return
		}
		cmd := exec.Command("go", "mod", "download")
		cmd.Dir = dir
		// The fixture is a module of its own: no workspace of the
		// checkout around it applies (analysistest sets GOWORK likewise).
		cmd.Env = append(os.Environ(), "GOWORK=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			p.err = fmt.Errorf("testenv: downloading the requirements of the fixture module %s (go mod download, with GOPROXY=%s): %v\n%s",
				dir, goenv("GOPROXY"), err, strings.TrimSpace(string(out)))
		}
	})
	return p.err
}

func goenv(name string) string {
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		return "?"
	}
	return strings.TrimSpace(string(out))
}
