// Package integration checks the custom golangci-lint and gopls builds
// (scripts/build-golangci.sh, scripts/build-gopls.sh) end to end on the
// demo and the fixtures. The tests run when the binaries exist under
// .cache/ (or MCPVET_GOLANGCI / MCPVET_GOPLS name them) and are skipped
// otherwise and under -short; with MCPVET_INTEGRATION=1 (CI) a missing
// binary is an error.
package integration

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpvet/mcpvet/analyzer"
	"github.com/mcpvet/mcpvet/internal/testenv"
)

// root is the repository root.
var root = func() string {
	d, err := filepath.Abs("../..")
	if err != nil {
		panic(err)
	}
	return d
}()

// binary returns the path of a built tool, or skips the test.
func binary(t *testing.T, env, rel, script string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("integration test")
	}
	p := os.Getenv(env)
	if p == "" {
		p = filepath.Join(root, rel)
	}
	if _, err := os.Stat(p); err != nil {
		if os.Getenv("MCPVET_INTEGRATION") != "" {
			t.Fatalf("%s missing: run %s first", p, script)
		}
		t.Skipf("%s missing: run %s to build it", p, script)
	}
	// The tests run the binary on the demo (and on fixture modules, which
	// they prime themselves): download its requirements first.
	if err := testenv.Prime(filepath.Join(root, "demo")); err != nil {
		t.Fatal(err)
	}
	return p
}

func golangciBin(t *testing.T) string {
	return binary(t, "MCPVET_GOLANGCI", ".cache/golangci/custom-gcl", "scripts/build-golangci.sh")
}

func goplsBin(t *testing.T) string {
	return binary(t, "MCPVET_GOPLS", ".cache/gopls/gopls", "scripts/build-gopls.sh")
}

// finding is file:line linter, file relative to the module root.
type finding struct {
	File   string
	Line   int
	Linter string
}

func (f finding) String() string { return fmt.Sprintf("%s:%d %s", f.File, f.Line, f.Linter) }

// set renders the findings as a sorted set: two findings of one check on
// one line (two tools reported at main's call of their server) are one.
func set(fs []finding) string {
	var ss []string
	for _, f := range fs {
		ss = append(ss, f.String())
	}
	sort.Strings(ss)
	return strings.Join(slices.Compact(ss), "\n  ")
}

var expectRE = regexp.MustCompile(`// expect: ([a-z]+)`)

// expectations reads the demo's "// expect: NAME" comments.
func expectations(t *testing.T, dir string) []finding {
	t.Helper()
	var want []finding
	err := filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		sc := bufio.NewScanner(bytes.NewReader(b))
		for line := 1; sc.Scan(); line++ {
			for _, m := range expectRE.FindAllStringSubmatch(sc.Text(), -1) {
				want = append(want, finding{rel, line, m[1]})
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return want
}

// copyDir copies the module in src to a new temporary directory.
func copyDir(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	if out, err := exec.Command("cp", "-r", src+"/.", dst).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v\n%s", err, out)
	}
	return dst
}

// golangciConfig writes a .golangci.yml enabling the given mcpvet linters,
// with settings (YAML, indented under "settings:") on the first.
func golangciConfig(t *testing.T, linters []string, settings string) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("version: \"2\"\nrun:\n  relative-path-mode: gomod\nlinters:\n  default: none\n  enable:\n")
	for _, l := range linters {
		fmt.Fprintf(&b, "    - %s\n", l)
	}
	b.WriteString("  settings:\n    custom:\n")
	for i, l := range linters {
		fmt.Fprintf(&b, "      %s:\n        type: module\n        description: mcpvet %s\n", l, l)
		if i == 0 && settings != "" {
			b.WriteString("        settings:\n")
			for _, line := range strings.Split(strings.TrimSpace(settings), "\n") {
				b.WriteString("          " + line + "\n")
			}
		}
	}
	b.WriteString("issues:\n  max-issues-per-linter: 0\n  max-same-issues: 0\n  uniq-by-line: false\n")
	p := filepath.Join(t.TempDir(), "golangci.yml")
	if err := os.WriteFile(p, []byte(b.String()), 0o666); err != nil {
		t.Fatal(err)
	}
	return p
}

type gclIssue struct {
	FromLinter string
	Text       string
	Pos        struct {
		Filename string
		Line     int
	}
}

// runGolangci runs the custom golangci-lint in dir and returns its
// findings (related information left out).
func runGolangci(t *testing.T, dir, config string, extra ...string) []finding {
	t.Helper()
	return runGolangciEnv(t, dir, config, nil, extra...)
}

// runGolangciEnv is runGolangci with env added to the environment.
func runGolangciEnv(t *testing.T, dir, config string, env []string, extra ...string) []finding {
	t.Helper()
	// --allow-parallel-runners: the tests run golangci-lint in parallel
	// (t.Parallel), and without it a run that finds another holding the
	// lock fails ("parallel golangci-lint is running").
	args := append([]string{"run", "--allow-parallel-runners", "--config", config, "--issues-exit-code=0", "--output.json.path=stdout", "--show-stats=false"}, extra...)
	cmd := exec.Command(golangciBin(t), append(args, "./...")...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("golangci-lint %v: %v\n%s", args, err, stderr.Bytes())
	}
	var report struct{ Issues []gclIssue }
	if err := json.Unmarshal(out, &report); err != nil {
		t.Fatalf("golangci-lint JSON: %v\n%s", err, out)
	}
	var got []finding
	for _, is := range report.Issues {
		if strings.HasPrefix(is.Text, is.FromLinter+"(related information)") {
			continue
		}
		file := is.Pos.Filename
		if filepath.IsAbs(file) {
			file, _ = filepath.Rel(dir, file)
		}
		got = append(got, finding{filepath.Clean(file), is.Pos.Line, is.FromLinter})
	}
	return got
}

func suiteNames() []string {
	var names []string
	for _, a := range analyzer.Suite {
		names = append(names, a.Name)
	}
	return names
}

// TestGolangciDemo: each per-check linter reports the demo's expected
// findings, and the SARIF output names each check as its rule.
func TestGolangciDemo(t *testing.T) {
	t.Parallel()
	golangciBin(t)
	demo := filepath.Join(root, "demo")
	sarifPath := filepath.Join(t.TempDir(), "gcl.sarif")
	got := runGolangci(t, demo, golangciConfig(t, suiteNames(), ""), "--output.sarif.path="+sarifPath)
	want := expectations(t, demo)
	if set(got) != set(want) {
		t.Errorf("golangci-lint on the demo:\ngot:\n  %s\nwant:\n  %s", set(got), set(want))
	}

	raw, err := os.ReadFile(sarifPath)
	if err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Results []struct{ RuleID string }
		}
	}
	if err := json.Unmarshal(raw, &log); err != nil {
		t.Fatal(err)
	}
	rules := make(map[string]int)
	for _, run := range log.Runs {
		for _, r := range run.Results {
			rules[r.RuleID]++
		}
	}
	for _, w := range want {
		if rules[w.Linter] == 0 {
			t.Errorf("SARIF: no result with ruleId %q (rule ids: %v)", w.Linter, rules)
		}
	}
}

// TestGolangciFixtures: each check that the demo does not exercise
// reports on its fixture module, exactly where the standalone mcpvet does.
func TestGolangciFixtures(t *testing.T) {
	t.Parallel()
	golangciBin(t)
	onDemo := make(map[string]bool)
	for _, w := range expectations(t, filepath.Join(root, "demo")) {
		onDemo[w.Linter] = true
	}
	mcpvet := buildMCPVet(t)
	for _, name := range suiteNames() {
		if onDemo[name] {
			continue
		}
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join(root, "testdata", name)
			if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
				t.Skipf("no demo expectation and no fixture module testdata/%s", name)
			}
			if err := testenv.Prime(dir); err != nil {
				t.Fatal(err)
			}
			got := runGolangci(t, dir, golangciConfig(t, []string{name}, ""))
			if len(got) == 0 {
				t.Fatalf("golangci-lint reports nothing for %s on its fixtures", name)
			}
			cmd := exec.Command(mcpvet, "-json", "-"+name, "./...")
			cmd.Dir = dir
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("mcpvet: %v", err)
			}
			want := jsonFindings(t, dir, out, name)
			if set(got) != set(want) {
				t.Errorf("golangci-lint and mcpvet differ on testdata/%s:\ngolangci-lint:\n  %s\nmcpvet:\n  %s", name, set(got), set(want))
			}
		})
	}
}

// buildMCPVet builds the command into a temporary directory.
func buildMCPVet(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "mcpvet")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/mcpvet")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// jsonFindings parses mcpvet -json output for one analyzer.
func jsonFindings(t *testing.T, dir string, out []byte, name string) []finding {
	t.Helper()
	seen := make(map[finding]bool)
	var got []finding
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); err != nil {
			t.Fatal(err)
		}
		for _, byAnalyzer := range tree {
			var diags []struct{ Posn string }
			if raw, ok := byAnalyzer[name]; !ok || json.Unmarshal(raw, &diags) != nil {
				continue
			}
			for _, d := range diags {
				parts := strings.Split(d.Posn, ":")
				line, _ := strconv.Atoi(parts[len(parts)-2])
				rel, _ := filepath.Rel(dir, strings.Join(parts[:len(parts)-2], ":"))
				f := finding{rel, line, name}
				if !seen[f] { // a package and its test variant
					seen[f] = true
					got = append(got, f)
				}
			}
		}
	}
	return got
}

// TestGolangciNolint: //nolint:NAME suppresses that check only.
func TestGolangciNolint(t *testing.T) {
	t.Parallel()
	golangciBin(t)
	demo := copyDir(t, filepath.Join(root, "demo"))
	file := filepath.Join(demo, "client", "client.go")
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	// //nolint:freshkey on the freshkey line; //nolint:dedupekey (the
	// wrong check) on a readback line.
	lines := strings.Split(string(src), "\n")
	var fresh, read int
	for i, l := range lines {
		switch {
		case strings.Contains(l, "// expect: freshkey") && fresh == 0:
			fresh = i + 1
			lines[i] = strings.Replace(l, "// expect: freshkey", "//nolint:freshkey // test", 1)
		case strings.Contains(l, "// expect: readback") && read == 0:
			read = i + 1
			lines[i] = strings.Replace(l, "// expect: readback", "//nolint:dedupekey // expect: readback", 1)
		}
	}
	if fresh == 0 || read == 0 {
		t.Fatal("demo/client/client.go lacks a freshkey or readback expectation")
	}
	if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")), 0o666); err != nil {
		t.Fatal(err)
	}
	got := runGolangci(t, demo, golangciConfig(t, suiteNames(), ""))
	want := expectations(t, demo) // the freshkey expectation is gone
	if set(got) != set(want) {
		t.Errorf("with //nolint:freshkey at client.go:%d and //nolint:dedupekey at client.go:%d:\ngot:\n  %s\nwant:\n  %s", fresh, read, set(got), set(want))
	}
}

// TestGolangciSettings: settings reach the mcpvet_config flags; unknown
// settings are rejected.
func TestGolangciSettings(t *testing.T) {
	t.Parallel()
	golangciBin(t)
	demo := filepath.Join(root, "demo")
	cfg := golangciConfig(t, []string{"dedupekey"}, `nonsinks: ["(*github.com/mcpvet/mcpvet/demo/ledger.Ledger).Append"]`)
	if got := runGolangci(t, demo, cfg); len(got) != 0 {
		t.Errorf("with nonsinks set to the demo ledger's Append, dedupekey still reports:\n  %s", set(got))
	}

	bad := golangciConfig(t, []string{"dedupekey"}, `nonsink: [x]`)
	cmd := exec.Command(golangciBin(t), "run", "--config", bad, "./...")
	cmd.Dir = demo
	out, err := cmd.CombinedOutput()
	if err == nil || !bytes.Contains(out, []byte("unknown field")) {
		t.Errorf("unknown setting: err = %v, want an unknown-field error\n%s", err, out)
	}
}

// TestGolangciFix: --fix applies freshkey's fix as mcpvet -fix does.
func TestGolangciFix(t *testing.T) {
	t.Parallel()
	golangciBin(t)
	viaGCL := copyDir(t, filepath.Join(root, "demo"))
	runGolangci(t, viaGCL, golangciConfig(t, []string{"freshkey"}, ""), "--fix")

	viaMCPVet := copyDir(t, filepath.Join(root, "demo"))
	cmd := exec.Command(buildMCPVet(t), "-freshkey", "-fix", "./...")
	cmd.Dir = viaMCPVet
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("mcpvet -fix: %v\n%s", err, out)
	}

	orig, _ := os.ReadFile(filepath.Join(root, "demo/client/client.go"))
	a, _ := os.ReadFile(filepath.Join(viaGCL, "client/client.go"))
	b, _ := os.ReadFile(filepath.Join(viaMCPVet, "client/client.go"))
	if bytes.Equal(a, orig) {
		t.Fatal("golangci-lint --fix left demo/client/client.go unchanged")
	}
	if !bytes.Equal(a, b) {
		t.Errorf("golangci-lint --fix and mcpvet -fix differ on client/client.go:\n--- golangci-lint\n%s\n--- mcpvet\n%s", a, b)
	}
}

// TestGopls: gopls check prints mcpvet's diagnostics for a demo file and
// gopls codeaction applies freshkey's fix.
func TestGopls(t *testing.T) {
	t.Parallel()
	gopls := goplsBin(t)
	demo := filepath.Join(root, "demo")
	file := filepath.Join(demo, "client", "client.go")

	cmd := exec.Command(gopls, "check", file)
	cmd.Dir = demo
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("gopls check: %v\n%s", err, out)
	}
	var want []finding
	for _, w := range expectations(t, demo) {
		if w.File == filepath.Join("client", "client.go") {
			want = append(want, w)
		}
	}
	for _, w := range want {
		prefix := fmt.Sprintf("%s:%d:", file, w.Line)
		found := false
		for _, line := range strings.Split(string(out), "\n") {
			if strings.HasPrefix(line, prefix) && !strings.Contains(line, ": - ") { // "- msg" is related information
				found = true
			}
		}
		if !found {
			t.Errorf("gopls check: no diagnostic at %s (%s)", prefix, w.Linter)
		}
	}
	if t.Failed() {
		t.Logf("gopls check output:\n%s", out)
	}

	// The fix: the offset of the key's call on the freshkey line.
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(src, []byte("// expect: freshkey"))
	if i < 0 {
		t.Fatal("no freshkey expectation in client.go")
	}
	lineStart := bytes.LastIndexByte(src[:i], '\n') + 1
	j := bytes.Index(src[lineStart:i], []byte("uuid.NewString()"))
	if j < 0 {
		t.Fatalf("freshkey line is not a uuid.NewString() call: %s", src[lineStart:i])
	}
	cmd = exec.Command(gopls, "codeaction", "-kind=quickfix", "-exec", "-diff", fmt.Sprintf("%s:#%d", file, lineStart+j))
	cmd.Dir = demo
	out, err = cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("gopls codeaction: %v\n%s", err, out)
	}
	diff := string(out)
	if !regexp.MustCompile(`(?m)^\+\s*key := uuid\.NewString\(\)`).MatchString(diff) ||
		!regexp.MustCompile(`(?m)^-\s*key := uuid\.NewString\(\)`).MatchString(diff) {
		t.Errorf("gopls codeaction -diff does not hoist the key:\n%s", diff)
	}
	after, _ := os.ReadFile(file)
	if !bytes.Equal(after, src) {
		os.WriteFile(file, src, 0o666)
		t.Errorf("gopls codeaction -diff changed %s", file)
	}
}
