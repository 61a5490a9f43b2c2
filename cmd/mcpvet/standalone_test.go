package main_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/mcpvet/mcpvet/internal/testenv"
)

// TestStandaloneDriver checks that the child's own driver (runStandalone),
// which computes the effects of functions only on the packages a check
// can ask about, gives byte for byte the -json output of
// multichecker.Main, which computes them everywhere, on the demo and on
// every fixture module, and with flags.
func TestStandaloneDriver(t *testing.T) {
	bin, demo := demoSetup(t)
	mods := []string{demo}
	gomods, err := filepath.Glob("../../testdata/*/go.mod")
	if err != nil {
		t.Fatal(err)
	}
	for _, gm := range gomods {
		if dir := filepath.Dir(gm); filepath.Base(dir) != "bench" {
			mods = append(mods, testenv.Module(t, dir))
		}
	}
	if len(mods) < 10 {
		t.Fatalf("only %d modules", len(mods))
	}
	run := func(dir, driver string, args ...string) []byte {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "MCPVET_CHILD=1", "MCPVET_DRIVER="+driver)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: mcpvet %v (driver %q): %v\n%s", dir, args, driver, err, stderr.Bytes())
		}
		return out
	}
	for _, dir := range mods {
		for _, args := range [][]string{
			{"-json", "./..."},
			{"-json", "-test=false", "-dedupekey=false", "-mcpvet_config.keys=order_ref", "./..."},
		} {
			got, want := run(dir, "", args...), run(dir, "multichecker", args...)
			if !bytes.Equal(got, want) {
				t.Errorf("%s: mcpvet %v: the standalone driver's output differs from multichecker's:\n%s\nwant:\n%s", dir, args, got, want)
			}
			if len(want) < 3 {
				t.Errorf("%s: mcpvet %v printed no JSON: %q", dir, args, want)
			}
		}
	}
}
