package main_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpvet/mcpvet/internal/testenv"
)

// findingLine is a finding of the text output, "file:line:col: message
// (check)"; related positions follow on lines whose message starts with a
// tab.
var findingLine = regexp.MustCompile(`^(.+\.go):(\d+):(\d+): ([^\t].*) \(([a-z]+)\)$`)

// TestTextOutput checks the standalone text output on the demo: every
// finding names its check, paths are relative to the working directory,
// the findings are in file and line order across packages and checks, and
// they are the ones the demo's // expect: comments name.
func TestTextOutput(t *testing.T) {
	t.Parallel()
	bin, demo := demoSetup(t)
	r := demoText(t, bin, demo) // shared with TestExitCodes and TestDeterministic
	out := r.combined()
	if r.code != 3 {
		t.Fatalf("mcpvet ./...: %v, want exit 3\n%s", r.err, out)
	}
	var got []finding
	var prevFile string
	prevLine := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if m := regexp.MustCompile(`^[^\t]+:\d+:\d+: \t`).FindString(line); m != "" {
			continue // a related position
		}
		m := findingLine.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("not a finding line (file:line:col: message (check)): %q", line)
		}
		if filepath.IsAbs(m[1]) {
			t.Errorf("absolute path in %q, want one relative to the working directory", line)
		}
		n, _ := strconv.Atoi(m[2])
		if m[1] < prevFile || m[1] == prevFile && n < prevLine {
			t.Errorf("finding out of file and line order: %q after %s:%d", line, prevFile, prevLine)
		}
		prevFile, prevLine = m[1], n
		// One clause of about 120 characters (internal/wording): what an
		// editor's hover or a CI log shows.
		if len(m[4]) > 140 {
			t.Errorf("message of %d characters (want about 120): %q", len(m[4]), m[4])
		}
		got = append(got, finding{m[1], n, m[5]})
	}
	compare(t, "mcpvet ./... (text)", got, expectations(t, demo))
}

// TestTextContext checks that -c N prints N lines of source around each
// position, as the driver's -c flag does.
func TestTextContext(t *testing.T) {
	t.Parallel()
	bin, shop := shopSetup(t)
	cmd := exec.Command(bin, "-c", "0", "./client")
	cmd.Dir = shop
	out, _ := cmd.CombinedOutput()
	if !regexp.MustCompile(`(?m)^client/client\.go:\d+:\d+: .*\(freshkey\)\n\d+\t.*// expect: freshkey$`).Match(out) {
		t.Errorf("mcpvet -c 0: no source line after a finding:\n%s", out)
	}
}

// TestTrail checks, under both drivers, that the demo's dedupekey
// findings carry the effect trail into the ledger package: a related
// position on the line of the os.OpenFile call in (*ledger.Ledger).Append.
// Under go vet the ledger package comes from export data, whose files
// have a line table only (the position is the line's start).
func TestTrail(t *testing.T) {
	t.Parallel()
	bin, demo := demoSetup(t)
	src, err := os.ReadFile(filepath.Join(demo, "ledger", "ledger.go"))
	if err != nil {
		t.Fatal(err)
	}
	line := 0
	for i, l := range strings.Split(string(src), "\n") {
		if strings.Contains(l, "os.OpenFile(") {
			line = i + 1
		}
	}
	if line == 0 {
		t.Fatal("no os.OpenFile call in demo/ledger/ledger.go")
	}
	want := fmt.Sprintf("ledger/ledger.go:%d:", line)
	for _, tc := range []struct {
		name string
		run  func(t *testing.T, bin, demo string) result
	}{
		{"standalone", demoJSON}, // shared with TestDemo
		{"govet", demoVet},
	} {
		r := tc.run(t, bin, demo)
		out := r.combined()
		if r.err != nil {
			t.Fatalf("%s: %v\n%s", tc.name, r.err, out)
		}
		n := 0
		for _, d := range jsonDiagnostics(t, out)["dedupekey"] {
			found := false
			for _, r := range d.Related {
				rel, _ := filepath.Rel(demo, r.Posn)
				if strings.HasPrefix(rel, want) && r.Message == "commits the file write here: os.OpenFile" {
					found = true
				}
			}
			if !found {
				t.Errorf("%s: %s: no related position %s commits the file write here: os.OpenFile: %+v", tc.name, d.Posn, want, d.Related)
			}
			n++
		}
		if n == 0 {
			t.Errorf("%s: no dedupekey findings", tc.name)
		}
	}
}

type jsonDiag struct {
	Posn    string `json:"posn"`
	Message string `json:"message"`
	Related []struct {
		Posn    string `json:"posn"`
		Message string `json:"message"`
	} `json:"related"`
}

// jsonDiagnostics parses -json output (of mcpvet or go vet) into the
// diagnostics of each analyzer.
func jsonDiagnostics(t *testing.T, out []byte) map[string][]jsonDiag {
	t.Helper()
	byName := make(map[string][]jsonDiag)
	for len(out) > 0 {
		i := bytes.IndexByte(out, '{')
		if i < 0 {
			break
		}
		dec := json.NewDecoder(bytes.NewReader(out[i:]))
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); err != nil {
			out = out[i+1:]
			continue
		}
		out = out[i+int(dec.InputOffset()):]
		for _, byAnalyzer := range tree {
			for name, raw := range byAnalyzer {
				var diags []jsonDiag
				if json.Unmarshal(raw, &diags) == nil {
					byName[name] = append(byName[name], diags...)
				}
			}
		}
	}
	return byName
}

// TestPartial runs mcpvet and mcpvet tools on testdata/partial, whose
// packages do not type-check: the findings are those of the functions
// that did (the fixture's // expect: comments), each package that was
// checked partially is named once, and the tool inventory lists the tools
// of what loaded and names what did not.
func TestPartial(t *testing.T) {
	t.Parallel()
	bin := buildMCPVet(t)
	dir := testenv.Module(t, "../../testdata/partial")
	r := sharedRun(t, dir, nil, bin, "./...")
	out := string(r.combined())
	if r.code != 3 {
		t.Errorf("mcpvet ./...: exit %d (%v), want 3 (findings)\n%s", r.code, r.err, out)
	}
	var got []finding
	for _, line := range strings.Split(out, "\n") {
		if m := findingLine.FindStringSubmatch(line); m != nil {
			n, _ := strconv.Atoi(m[2])
			got = append(got, finding{m[1], n, m[5]})
		}
	}
	compare(t, "mcpvet ./... on partial code", got, expectations(t, dir))
	for _, pkg := range []string{"client", "server", "store"} {
		line := "example.com/partial/" + pkg + " does not type-check (see above): checked partially"
		if n := strings.Count(out, line); n != 1 {
			t.Errorf("%d lines %q, want 1:\n%s", n, line, out)
		}
	}
	for _, bad := range []string{"panic", "analysis skipped", "failed prerequisites"} {
		if strings.Contains(out, bad) {
			t.Errorf("output holds %q:\n%s", bad, out)
		}
	}

	r = sharedRun(t, dir, nil, bin, "tools", "./...")
	if r.code != 1 {
		t.Errorf("mcpvet tools ./...: exit %d, want 1 (packages that do not type-check)\n%s%s", r.code, r.stdout, r.stderr)
	}
	for _, tool := range []string{"charge", "charge_keyed", "refund", "balance"} {
		if !regexp.MustCompile(`(?m)^` + tool + ` +go-sdk`).Match(r.stdout) {
			t.Errorf("mcpvet tools does not list %s:\n%s", tool, r.stdout)
		}
	}
	// refund's handler did not type-check: its checks are not known.
	if !regexp.MustCompile(`(?m)^refund +go-sdk .* \?$`).Match(r.stdout) {
		t.Errorf("mcpvet tools does not mark refund's checks unknown:\n%s", r.stdout)
	}
	for _, want := range []string{"undefined: Record", "example.invalid/gone/audit", "example.com/partial/store does not type-check"} {
		if !bytes.Contains(r.stderr, []byte(want)) {
			t.Errorf("mcpvet tools does not name %q on standard error:\n%s", want, r.stderr)
		}
	}
}

// TestREADMEDemo checks that the demo output README.md shows (the
// unlabeled code block of "## Try it") is what mcpvet prints on the demo:
// every line of it, findings and related positions, in the same order.
func TestREADMEDemo(t *testing.T) {
	t.Parallel()
	bin, demo := demoSetup(t)
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, try, _ := strings.Cut(string(readme), "\n## Try it\n")
	try, _, _ = strings.Cut(try, "\n## ")
	var block []string
	fence, found := "", false
	for _, line := range strings.Split(try, "\n") {
		switch {
		case fence == "" && strings.HasPrefix(line, "```"):
			fence = line
		case fence != "" && line == "```":
			found = found || fence == "```"
			fence = ""
		case fence == "```" && !found:
			block = append(block, line)
		}
	}
	if !found || len(block) == 0 {
		t.Fatal("README.md: no output block under ## Try it")
	}
	out := string(demoText(t, bin, demo).combined())
	at := 0
	for _, line := range block {
		i := strings.Index(out[at:], line+"\n")
		if i < 0 {
			t.Errorf("README.md shows a line mcpvet does not print on the demo (or not in this order):\n%s\nmcpvet prints:\n%s", line, out)
			return
		}
		at += i + len(line)
	}
}
