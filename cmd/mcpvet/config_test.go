package main_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// copyDemo copies the demo module into a temporary directory.
func copyDemo(t *testing.T, demo string) string {
	t.Helper()
	dst := t.TempDir()
	if out, err := exec.Command("cp", "-r", demo+"/.", dst).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v\n%s", err, out)
	}
	return dst
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o666); err != nil {
		t.Fatal(err)
	}
}

// runJSON runs mcpvet -json (standalone) or go vet -vettool -json in dir
// and returns its findings and standard error.
func runJSON(t *testing.T, bin, dir string, vet bool, args ...string) ([]finding, string) {
	t.Helper()
	var cmd *exec.Cmd
	if vet {
		cmd = exec.Command("go", append([]string{"vet", "-vettool=" + bin, "-json"}, append(args, "./...")...)...)
	} else {
		cmd = exec.Command(bin, append(append([]string{"-json"}, args...), "./...")...)
	}
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v: %v\n%s", cmd.Args, err, stderr.Bytes())
	}
	out := stdout.Bytes()
	if vet {
		out = append(stderr.Bytes(), out...) // go vet -json writes to standard error
	}
	return dedupeFindings(jsonFindings(t, dir, out)), stderr.String()
}

// dedupeFindings drops the repeats of a package's test variant.
func dedupeFindings(fs []finding) []finding {
	seen := make(map[finding]bool)
	var out []finding
	for _, f := range fs {
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	return out
}

func without(fs []finding, drop func(finding) bool) []finding {
	var out []finding
	for _, f := range fs {
		if !drop(f) {
			out = append(out, f)
		}
	}
	return out
}

// TestConfigFile: .mcpvet.yaml at the module root is read standalone and
// under go vet; flags override it; excludes drop findings per check.
func TestConfigFile(t *testing.T) {
	t.Parallel()
	bin, demo := demoSetup(t)
	want := dedupeFindings(expectations(t, demo))
	noDedupe := without(want, func(f finding) bool { return f.Analyzer == "dedupekey" })
	if len(noDedupe) == len(want) {
		t.Fatal("the demo has no dedupekey expectation")
	}
	for _, vet := range []bool{false, true} {
		name := map[bool]string{false: "standalone", true: "govet"}[vet]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := copyDemo(t, demo)
			cfg := filepath.Join(dir, ".mcpvet.yaml")

			writeFile(t, cfg, "# the ledger only caches\nnonsinks: [\"(*github.com/mcpvet/mcpvet/demo/ledger.Ledger).Append\"]\n")
			got, _ := runJSON(t, bin, dir, vet)
			compare(t, name+" with nonsinks in .mcpvet.yaml", got, noDedupe)

			// A flag overrides the file's setting.
			got, _ = runJSON(t, bin, dir, vet, "-mcpvet_config.nonsinks=example.com/x.Y")
			compare(t, name+" with nonsinks overridden by the flag", got, want)

			writeFile(t, cfg, "exclude:\n  dedupekey: [gosdk/]\n  all: [client/mcpgo.go]\n")
			got, _ = runJSON(t, bin, dir, vet)
			compare(t, name+" with excludes", got, without(want, func(f finding) bool {
				return f.Analyzer == "dedupekey" && strings.HasPrefix(f.File, "gosdk/") || f.File == "client/mcpgo.go"
			}))
		})
	}
}

// TestConfigFileErrors: a bad configuration file is one line naming the
// file and line, standalone and under go vet, never a panic. The first
// case runs on every package of the demo (one line for all packages and
// checks); the others on the demo's package without an SDK (./ledger),
// which loads in a fraction of the time: the error is the same for every
// package.
func TestConfigFileErrors(t *testing.T) {
	t.Parallel()
	bin, demo := demoSetup(t)
	dir := copyDemo(t, demo)
	for i, tc := range []struct{ content, want string }{
		{"keys: [op_nonce]\nkyes: [x]\n", `.mcpvet.yaml:2: unknown key "kyes"`},
		{"keys: op_nonce\n", `.mcpvet.yaml:1: keys: want a list of strings`},
		{"sinks:\n  - not a name\n", `.mcpvet.yaml:2: sinks: "not a name" is not a function's full name`},
		{"exclude:\n  dedupkey: [x/]\n", `.mcpvet.yaml:2: exclude: unknown check "dedupkey"`},
		{"exclude:\n  dedupekey:\n    - \"[x\"\n", `.mcpvet.yaml:3: exclude: dedupekey: bad path pattern "[x"`},
		{"exclude: {readback: [../x]}\n", `.mcpvet.yaml:1: exclude: readback: bad path pattern "../x"`},
		{"keys: [a\n", `.mcpvet.yaml:`},
		{"baseline: missing.json\n", `missing.json`},
	} {
		writeFile(t, filepath.Join(dir, ".mcpvet.yaml"), tc.content)
		pattern := "./ledger"
		if i == 0 {
			pattern = "./..."
		}
		cmd := exec.Command(bin, pattern)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err == nil || bytes.Contains(out, []byte("panic")) {
			t.Errorf("%q: err = %v, want exit 1 without a panic\n%s", tc.content, err, out)
		}
		if lines := strings.Split(strings.TrimSpace(string(out)), "\n"); len(lines) != 1 || !strings.Contains(lines[0], tc.want) {
			t.Errorf("%q: want one line containing %q, got:\n%s", tc.content, tc.want, out)
		}

		if i > 1 {
			continue // under go vet: the first two
		}
		// A new .mcpvet.yaml is a new tool ID for go vet, which then runs
		// the tool again on every dependency: ./ledger has only the
		// standard library's.
		cmd = exec.Command("go", "vet", "-vettool="+bin, "./ledger")
		cmd.Dir = dir
		out, err = cmd.CombinedOutput()
		if err == nil || !bytes.Contains(out, []byte(tc.want)) || bytes.Contains(out, []byte("panic")) {
			t.Errorf("go vet, %q: err = %v, want an error containing %q\n%s", tc.content, err, tc.want, out)
		}
	}
}

type baselineFile struct {
	Version  int
	Findings []struct {
		Fingerprint, Check, Package, Func, Tool, Message string
		Count                                            int
	}
}

func readBaseline(t *testing.T, path string) baselineFile {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var b baselineFile
	if err := json.Unmarshal(data, &b); err != nil {
		t.Fatalf("%s: %v\n%s", path, err, data)
	}
	return b
}

// TestBaseline: -write-baseline records the demo's findings, and writes
// the same file again after every line has moved; with the baseline they
// are dropped, standalone and under go vet; a finding left out of the
// baseline comes back; an entry that no longer occurs is listed; SARIF
// carries the same fingerprints.
func TestBaseline(t *testing.T) {
	t.Parallel()
	bin, demo := demoSetup(t)
	want := dedupeFindings(expectations(t, demo))
	dir := copyDemo(t, demo)
	bl := filepath.Join(dir, "mcpvet-baseline.json")

	cmd := exec.Command(bin, "-write-baseline", bl, "./...")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("mcpvet -write-baseline: %v\n%s", err, out)
	}
	first, _ := os.ReadFile(bl)
	b := readBaseline(t, bl)
	if len(b.Findings) != len(want) || b.Version != 1 {
		t.Fatalf("baseline has %d findings (version %d), want %d:\n%s", len(b.Findings), b.Version, len(want), first)
	}

	// Move every line of the demo's server files down and edit elsewhere.
	for _, f := range []string{"gosdk/server/server.go", "mcpgo/server/server.go", "client/client.go"} {
		p := filepath.Join(dir, f)
		src, _ := os.ReadFile(p)
		src = regexp.MustCompile(`(?m)^import`).ReplaceAll(src, []byte("// an unrelated edit\n\n// that moves every line\n\nimport"))
		writeFile(t, p, string(src))
	}
	// Deterministic, and blind to lines: written again after the move,
	// byte for byte the same.
	again := filepath.Join(t.TempDir(), "again.json")
	cmd = exec.Command(bin, "-write-baseline", again, "./...")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("mcpvet -write-baseline: %v\n%s", err, out)
	}
	if data, _ := os.ReadFile(again); !bytes.Equal(first, data) {
		t.Errorf("the baseline differs when written again after the lines moved:\n%s\n---\n%s", first, data)
	}

	for _, vet := range []bool{false, true} {
		got, stderr := runJSON(t, bin, dir, vet, "-mcpvet_config.baseline="+bl)
		if len(got) != 0 {
			t.Errorf("vet=%v: with the baseline, after moving lines, findings remain:\n  %s", vet, strings.Join(sortedStrings(got), "\n  "))
		}
		if strings.Contains(stderr, "no longer occur") {
			t.Errorf("vet=%v: stale entries reported although all still occur:\n%s", vet, stderr)
		}
	}

	// The baseline named in .mcpvet.yaml, relative to it.
	writeFile(t, filepath.Join(dir, ".mcpvet.yaml"), "baseline: mcpvet-baseline.json\n")
	if got, _ := runJSON(t, bin, dir, false); len(got) != 0 {
		t.Errorf("with baseline: in .mcpvet.yaml, findings remain:\n  %s", strings.Join(sortedStrings(got), "\n  "))
	}
	// none turns it off.
	if got, _ := runJSON(t, bin, dir, false, "-mcpvet_config.baseline=none"); len(got) != len(want) {
		t.Errorf("with -mcpvet_config.baseline=none: %d findings, want %d", len(got), len(want))
	}

	// Leave one entry out, and add one that no longer occurs.
	var raw map[string]any
	data, _ := os.ReadFile(bl)
	json.Unmarshal(data, &raw)
	entries := raw["findings"].([]any)
	dropped := entries[0].(map[string]any)
	entries[0] = map[string]any{"fingerprint": "00000000deadbeef", "check": dropped["check"], "package": dropped["package"],
		"func": "Gone", "message": "a finding fixed since", "count": 1}
	data, _ = json.Marshal(raw)
	writeFile(t, bl, string(data))
	got, stderr := runJSON(t, bin, dir, false)
	if len(got) != 1 || got[0].Analyzer != dropped["check"] {
		t.Errorf("with one entry left out of the baseline: got\n  %s\nwant the one %s finding of %s", strings.Join(sortedStrings(got), "\n  "), dropped["check"], dropped["func"])
	}
	if !strings.Contains(stderr, "mcpvet: baseline mcpvet-baseline.json: 1 recorded findings no longer occur") ||
		!strings.Contains(stderr, "00000000deadbeef") || strings.Count(stderr, "\n") != 2 {
		t.Errorf("stale entry not listed as it should be; stderr:\n%s", stderr)
	}

	// SARIF lists the stale entry as a notification.
	cmd = exec.Command(bin, "-sarif", "-", "./...")
	cmd.Dir = dir
	if out, err := cmd.Output(); err != nil || !bytes.Contains(out, []byte(`"level": "note"`)) || !bytes.Contains(out, []byte("00000000deadbeef")) {
		t.Errorf("mcpvet -sarif with a stale baseline entry: err = %v, no note naming it:\n%s", err, out)
	}

	// SARIF: partialFingerprints are the baseline's fingerprints (the
	// SARIF log TestSARIF checks, of the demo before its lines moved).
	r, file := demoSARIF(t, bin, demo)
	out, err := os.ReadFile(file)
	if r.err != nil || err != nil {
		t.Fatalf("mcpvet -sarif: %v, %v", r.err, err)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				PartialFingerprints map[string]string
			}
		}
	}
	if err := json.Unmarshal(out, &log); err != nil {
		t.Fatal(err)
	}
	var fromSARIF, fromBaseline []string
	for _, r := range log.Runs[0].Results {
		fromSARIF = append(fromSARIF, r.PartialFingerprints["mcpvetFingerprint/v1"])
	}
	for _, e := range b.Findings {
		fromBaseline = append(fromBaseline, e.Fingerprint)
	}
	sort.Strings(fromSARIF)
	sort.Strings(fromBaseline)
	if strings.Join(fromSARIF, " ") != strings.Join(fromBaseline, " ") {
		t.Errorf("SARIF partialFingerprints %v, baseline fingerprints %v", fromSARIF, fromBaseline)
	}
}
