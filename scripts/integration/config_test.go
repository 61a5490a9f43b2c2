package integration

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// runGolangciFresh is runGolangci with an empty golangci-lint cache:
// golangci-lint caches results by the package's sources and its own
// configuration, not by .mcpvet.yaml.
func runGolangciFresh(t *testing.T, dir, config string) []finding {
	t.Helper()
	return runGolangciEnv(t, dir, config, []string{"GOLANGCI_LINT_CACHE=" + t.TempDir()})
}

// shop is cmd/mcpvet's testdata/shop: a module of the standard library
// only, with findings of dedupekey (its own tool types, an effect in
// another package) and freshkey. The configuration-file tests analyze it
// afresh for every setting; on the demo each run would type-check the
// SDKs and some 270 packages.
var shop = filepath.Join(root, "cmd", "mcpvet", "testdata", "shop")

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o666); err != nil {
		t.Fatal(err)
	}
}

func filter(fs []finding, drop func(finding) bool) []finding {
	var out []finding
	for _, f := range fs {
		if !drop(f) {
			out = append(out, f)
		}
	}
	return out
}

// writeBaseline records the findings of the module in dir with mcpvet
// -write-baseline and returns the baseline's path.
func writeBaseline(t *testing.T, dir string) string {
	t.Helper()
	bl := filepath.Join(dir, "mcpvet-baseline.json")
	cmd := exec.Command(buildMCPVet(t), "-write-baseline", bl, "./...")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("mcpvet -write-baseline: %v\n%s", err, out)
	}
	return bl
}

// TestGolangciConfigFile: golangci-lint's mcpvet linters read
// .mcpvet.yaml (settings, excludes, baseline), and golangci settings
// override it.
func TestGolangciConfigFile(t *testing.T) {
	t.Parallel()
	golangciBin(t)
	mod := copyDir(t, shop)
	want := expectations(t, mod)
	noDedupe := filter(want, func(f finding) bool { return f.Linter == "dedupekey" })
	cfgFile := filepath.Join(mod, ".mcpvet.yaml")
	all := golangciConfig(t, suiteNames(), "")

	writeFile(t, cfgFile, "nonsinks: [\"(*example.com/shop/ledger.Ledger).Append\"]\n")
	if got := runGolangciFresh(t, mod, all); set(got) != set(noDedupe) {
		t.Errorf("with nonsinks in .mcpvet.yaml:\ngot:\n  %s\nwant:\n  %s", set(got), set(noDedupe))
	}
	// A golangci setting overrides the file.
	override := golangciConfig(t, suiteNames(), `nonsinks: ["example.com/x.Y"]`)
	if got := runGolangciFresh(t, mod, override); set(got) != set(want) {
		t.Errorf("with nonsinks overridden in .golangci.yml:\ngot:\n  %s\nwant:\n  %s", set(got), set(want))
	}

	writeFile(t, cfgFile, "exclude:\n  dedupekey: [admin/]\n  freshkey: [client/refund.go]\n")
	wantEx := filter(want, func(f finding) bool {
		return f.Linter == "dedupekey" && strings.HasPrefix(f.File, "admin/") || f.Linter == "freshkey" && f.File == "client/refund.go"
	})
	if len(wantEx) == len(want) || len(wantEx) == 0 {
		t.Fatal("the excludes should drop some findings and keep others")
	}
	if got := runGolangciFresh(t, mod, all); set(got) != set(wantEx) {
		t.Errorf("with excludes in .mcpvet.yaml:\ngot:\n  %s\nwant:\n  %s", set(got), set(wantEx))
	}

	os.Remove(cfgFile)
	bl := writeBaseline(t, mod)
	writeFile(t, cfgFile, "baseline: mcpvet-baseline.json\n")
	if got := runGolangciFresh(t, mod, all); len(got) != 0 {
		t.Errorf("with the baseline in .mcpvet.yaml, golangci-lint still reports:\n  %s", set(got))
	}
	os.Remove(cfgFile)
	withSetting := golangciConfig(t, suiteNames(), fmt.Sprintf("baseline: %q", bl))
	if got := runGolangciFresh(t, mod, withSetting); len(got) != 0 {
		t.Errorf("with the baseline setting, golangci-lint still reports:\n  %s", set(got))
	}

	// A bad file is an error naming it.
	writeFile(t, cfgFile, "keys: [x]\nkyes: [y]\n")
	cmd := exec.Command(golangciBin(t), "run", "--allow-parallel-runners", "--config", all, "./...")
	cmd.Dir = mod
	cmd.Env = append(os.Environ(), "GOLANGCI_LINT_CACHE="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if err == nil || !bytes.Contains(out, []byte(`.mcpvet.yaml:2: unknown key`)) || bytes.Contains(out, []byte("panic")) {
		t.Errorf("bad .mcpvet.yaml: err = %v, want an error naming .mcpvet.yaml:2\n%s", err, out)
	}
}

// goplsCheck runs gopls check on file with an empty gopls cache (gopls
// caches analysis results by the package's sources, not by .mcpvet.yaml)
// and returns the lines of the mcpvet diagnostics at the expected
// positions.
func goplsCheck(t *testing.T, gopls, dir, file string, want []finding) []finding {
	t.Helper()
	cmd := exec.Command(gopls, "check", file)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOPLSCACHE="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("gopls check: %v\n%s", err, out)
	}
	var got []finding
	for _, w := range want {
		prefix := fmt.Sprintf("%s:%d:", file, w.Line)
		for _, line := range strings.Split(string(out), "\n") {
			if strings.HasPrefix(line, prefix) && !strings.Contains(line, ": - ") {
				got = append(got, w)
				break
			}
		}
	}
	return got
}

// TestGoplsConfigFile: gopls with mcpvet's suite reads .mcpvet.yaml
// (excludes, baseline).
func TestGoplsConfigFile(t *testing.T) {
	t.Parallel()
	gopls := goplsBin(t)
	mod := copyDir(t, shop)
	file := filepath.Join(mod, "client", "client.go")
	var want []finding
	for _, w := range expectations(t, mod) {
		if w.File == filepath.Join("client", "client.go") {
			want = append(want, w)
		}
	}
	if got := goplsCheck(t, gopls, mod, file, want); set(got) != set(want) {
		t.Fatalf("gopls check without .mcpvet.yaml:\ngot:\n  %s\nwant:\n  %s", set(got), set(want))
	}

	cfgFile := filepath.Join(mod, ".mcpvet.yaml")
	writeFile(t, cfgFile, "exclude:\n  freshkey: [client/]\n")
	wantEx := filter(want, func(f finding) bool { return f.Linter == "freshkey" })
	if len(wantEx) == len(want) {
		t.Fatal("client.go has no freshkey expectation")
	}
	if got := goplsCheck(t, gopls, mod, file, want); set(got) != set(wantEx) {
		t.Errorf("gopls check with freshkey excluded:\ngot:\n  %s\nwant:\n  %s", set(got), set(wantEx))
	}

	os.Remove(cfgFile)
	writeBaseline(t, mod)
	writeFile(t, cfgFile, "baseline: mcpvet-baseline.json\n")
	if got := goplsCheck(t, gopls, mod, file, want); len(got) != 0 {
		t.Errorf("gopls check with the baseline still reports:\n  %s", set(got))
	}
	// The baseline file is JSON.
	data, _ := os.ReadFile(filepath.Join(mod, "mcpvet-baseline.json"))
	if !json.Valid(data) {
		t.Errorf("baseline is not JSON:\n%s", data)
	}
}
