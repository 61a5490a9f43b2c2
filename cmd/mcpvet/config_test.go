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

// copyModule copies a module into a temporary directory.
func copyModule(t *testing.T, dir string) string {
	t.Helper()
	dst := t.TempDir()
	if out, err := exec.Command("cp", "-r", dir+"/.", dst).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v\n%s", err, out)
	}
	return dst
}

// shopSetup skips under -short, builds the command and returns it with
// the directory of testdata/shop: a module that imports only the
// standard library and has findings of dedupekey (its own tool types,
// an effect in another package) and freshkey. The tests of the
// configuration file and the baseline run mcpvet on it some twenty
// times, each time with other settings, and under go vet each new
// setting is a new tool ID, so go vet runs mcpvet again on every
// dependency: on the demo (the SDKs and some 270 packages) that took 4
// to 6 CPU-seconds standalone and 17 under go vet, here 2 and 4.5.
func shopSetup(t *testing.T) (bin, shop string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the command")
	}
	shop, err := filepath.Abs("testdata/shop")
	if err != nil {
		t.Fatal(err)
	}
	return buildMCPVet(t), shop
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
	bin, shop := shopSetup(t)
	want := dedupeFindings(expectations(t, shop))
	noDedupe := without(want, func(f finding) bool { return f.Analyzer == "dedupekey" })
	if len(noDedupe) == len(want) || len(noDedupe) == 0 {
		t.Fatal("the shop needs dedupekey and other expectations")
	}
	for _, vet := range []bool{false, true} {
		name := map[bool]string{false: "standalone", true: "govet"}[vet]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := copyModule(t, shop)
			cfg := filepath.Join(dir, ".mcpvet.yaml")

			writeFile(t, cfg, "# the ledger only caches\nnonsinks: [\"(*example.com/shop/ledger.Ledger).Append\"]\n")
			got, _ := runJSON(t, bin, dir, vet)
			compare(t, name+" with nonsinks in .mcpvet.yaml", got, noDedupe)

			// A flag overrides the file's setting.
			got, _ = runJSON(t, bin, dir, vet, "-mcpvet_config.nonsinks=example.com/x.Y")
			compare(t, name+" with nonsinks overridden by the flag", got, want)

			writeFile(t, cfg, "exclude:\n  dedupekey: [admin/]\n  all: [client/refund.go]\n")
			got, _ = runJSON(t, bin, dir, vet)
			wantEx := without(want, func(f finding) bool {
				return f.Analyzer == "dedupekey" && strings.HasPrefix(f.File, "admin/") || f.File == "client/refund.go"
			})
			if len(wantEx) == len(want) || len(wantEx) == 0 {
				t.Fatal("the excludes should drop some findings and keep others")
			}
			compare(t, name+" with excludes", got, wantEx)
		})
	}
}

// TestConfigFileErrors: a bad configuration file is one line naming the
// file and line, standalone and under go vet, never a panic. The first
// case runs on every package of the module (one line for all packages
// and checks), the others on the package that imports only context
// (./mcptool): the error is the same for every package, and under go vet
// each new file is a new tool ID, which runs mcpvet again on every
// dependency.
func TestConfigFileErrors(t *testing.T) {
	t.Parallel()
	bin, shop := shopSetup(t)
	dir := copyModule(t, shop)
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
		pattern := "./mcptool"
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
		cmd = exec.Command("go", "vet", "-vettool="+bin, "./mcptool")
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

// TestBaseline: -write-baseline records the shop's findings, and writes
// the same file again after every line has moved; with the baseline they
// are dropped, standalone and under go vet; a finding left out of the
// baseline comes back; an entry that no longer occurs is listed; SARIF
// carries the same fingerprints.
func TestBaseline(t *testing.T) {
	t.Parallel()
	bin, shop := shopSetup(t)
	want := dedupeFindings(expectations(t, shop))
	dir := copyModule(t, shop)
	bl := filepath.Join(dir, "mcpvet-baseline.json")

	cmd := exec.Command(bin, "-write-baseline", bl, "./...")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("mcpvet -write-baseline: %v\n%s", err, out)
	}
	first, _ := os.ReadFile(bl)
	b := readBaseline(t, bl)
	if len(b.Findings) != len(want) || b.Version != 2 {
		t.Fatalf("baseline has %d findings (version %d), want %d:\n%s", len(b.Findings), b.Version, len(want), first)
	}

	if got, _ := runJSON(t, bin, dir, false, "-mcpvet_config.baseline="+bl); len(got) != 0 {
		t.Errorf("with the baseline, findings remain:\n  %s", strings.Join(sortedStrings(got), "\n  "))
	}

	// Move every line of the files with findings down and edit elsewhere.
	for _, f := range []string{"server/server.go", "admin/admin.go", "client/client.go", "client/refund.go"} {
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

	// SARIF: partialFingerprints are the baseline's fingerprints (of the
	// module before its lines moved).
	cmd = exec.Command(bin, "-sarif", "-", "./...")
	cmd.Dir = shop
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("mcpvet -sarif: %v", err)
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
		fromSARIF = append(fromSARIF, r.PartialFingerprints["mcpvetFingerprint/v2"])
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

// TestBaselineV1 checks that a baseline file written by an earlier
// mcpvet, whose messages were worded otherwise (testdata/baseline-v1.json,
// written on testdata/shop before the findings were reworded), still
// drops every finding it recorded, standalone and under go vet.
func TestBaselineV1(t *testing.T) {
	t.Parallel()
	bin, shop := shopSetup(t)
	if len(expectations(t, shop)) == 0 {
		t.Fatal("no expectations")
	}
	bl, err := filepath.Abs("testdata/baseline-v1.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, vet := range []bool{false, true} {
		got, stderr := runJSON(t, bin, shop, vet, "-mcpvet_config.baseline="+bl)
		if len(got) != 0 {
			t.Errorf("vet=%v: with the baseline of the earlier wording, findings remain:\n  %s", vet, strings.Join(sortedStrings(got), "\n  "))
		}
		if strings.Contains(stderr, "no longer occur") {
			t.Errorf("vet=%v: entries of the earlier wording reported stale:\n%s", vet, stderr)
		}
	}
}

// TestWired runs mcpvet on testdata/wired standalone and under go vet,
// where an imported package is its export data, and compares both with
// the module's expectations. Its package cmd wires the file store into
// the stock tools of another package and has a test with a fake store:
// go vet reports only from a package's test variant, and the finding at
// the wiring must come from there too, with the fake (declared in the
// test file) and the packages only the tests import left out. Its
// package alerts calls interfaces whose implementations are unexported
// types of package notify that the export data leaves out: they are
// judged from notify's Hidden fact, so send_alert is reported and
// archive_alert, which may run an implementation that commits nothing,
// is not.
func TestWired(t *testing.T) {
	t.Parallel()
	bin, _ := shopSetup(t)
	dir, err := filepath.Abs("testdata/wired")
	if err != nil {
		t.Fatal(err)
	}
	want := expectations(t, dir)
	if len(want) == 0 {
		t.Fatal("no expectations")
	}
	for _, vet := range []bool{false, true} {
		got, _ := runJSON(t, bin, dir, vet)
		compare(t, map[bool]string{false: "standalone", true: "go vet -vettool"}[vet], got, want)
	}
}
