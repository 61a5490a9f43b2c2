package main_test

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
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
	bin, demo := demoSetup(t)
	cmd := exec.Command(bin, "./...")
	cmd.Dir = demo
	out, err := cmd.CombinedOutput()
	if exit, ok := err.(*exec.ExitError); !ok || exit.ExitCode() != 3 {
		t.Fatalf("mcpvet ./...: %v, want exit 3\n%s", err, out)
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
		if len(m[4]) > 300 {
			t.Errorf("message of %d characters (want about 200): %q", len(m[4]), m[4])
		}
		got = append(got, finding{m[1], n, m[5]})
	}
	compare(t, "mcpvet ./... (text)", got, expectations(t, demo))
}

// TestTextContext checks that -c N prints N lines of source around each
// position, as the driver's -c flag does.
func TestTextContext(t *testing.T) {
	bin, demo := demoSetup(t)
	cmd := exec.Command(bin, "-c", "0", "./client")
	cmd.Dir = demo
	out, _ := cmd.CombinedOutput()
	if !regexp.MustCompile(`(?m)^client/client\.go:\d+:\d+: .*\(readback\)\n\d+\t.*// expect: readback$`).Match(out) {
		t.Errorf("mcpvet -c 0: no source line after a finding:\n%s", out)
	}
}
