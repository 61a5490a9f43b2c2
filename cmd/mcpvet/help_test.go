package main_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/mcpvet/mcpvet/analyzer"
)

// TestHelpOverview checks that "mcpvet help" prints mcpvet's own
// overview (drivers and the checks with their titles), not the driver's
// boilerplate, and that "mcpvet help NAME" still prints a check's doc.
func TestHelpOverview(t *testing.T) {
	t.Parallel()
	bin := buildMCPVet(t)
	out, err := exec.Command(bin, "help").CombinedOutput()
	if err != nil {
		t.Fatalf("mcpvet help: %v\n%s", err, out)
	}
	help := string(out)
	for _, want := range []string{"retry-safety", "go vet -vettool=", "golangci-lint", "gopls", "nogo", "-sarif", "//mcpvet:ignore",
		"mcpvet tools", "-write-baseline", ".mcpvet.yaml", "exclude:"} {
		if !strings.Contains(help, want) {
			t.Errorf("mcpvet help does not mention %q:\n%s", want, help)
		}
	}
	for _, a := range analyzer.Suite {
		title, _, _ := strings.Cut(a.Doc, "\n")
		if !strings.Contains(help, a.Name) || !strings.Contains(help, title) {
			t.Errorf("mcpvet help does not list %s: %s", a.Name, title)
		}
	}
	for _, boiler := range []string{"Printf", "SplitSeq", "static analysis of Go programs"} {
		if strings.Contains(help, boiler) {
			t.Errorf("mcpvet help prints the driver's boilerplate (%q):\n%s", boiler, help)
		}
	}

	for _, a := range analyzer.Suite {
		out, err := exec.Command(bin, "help", a.Name).CombinedOutput()
		if title, _, _ := strings.Cut(a.Doc, "\n"); err != nil || !strings.Contains(string(out), "WRONG") || !strings.Contains(string(out), title) {
			t.Errorf("mcpvet help %s: %v\n%s", a.Name, err, out)
		}
	}

	// The configuration file's documentation.
	out, err = exec.Command(bin, "help", "mcpvet_config").CombinedOutput()
	for _, want := range []string{".mcpvet.yaml", "exclude:", "baseline", "-mcpvet_config.baseline"} {
		if err != nil || !strings.Contains(string(out), want) {
			t.Errorf("mcpvet help mcpvet_config: %v, does not mention %q\n%s", err, want, out)
		}
	}

	// The topics moved out of README.md (docs/*.md).
	for _, topic := range []struct{ name, want string }{
		{"effects", "What counts as a side effect"},
		{"keys", "What counts as reading a dedupe key"},
		{"sdks", "mcp.AddTool"},
	} {
		out, err := exec.Command(bin, "help", topic.name).CombinedOutput()
		if err != nil || !strings.Contains(string(out), topic.want) || strings.Contains(string(out), "<!--") {
			t.Errorf("mcpvet help %s: %v\n%s", topic.name, err, out)
		}
		if !strings.Contains(help, "  "+topic.name+"  ") {
			t.Errorf("mcpvet help does not list the topic %s", topic.name)
		}
	}
	out, err = exec.Command(bin).CombinedOutput()
	if exit, ok := err.(*exec.ExitError); !ok || exit.ExitCode() != 1 || !strings.Contains(string(out), "mcpvet help") {
		t.Errorf("mcpvet without arguments: %v, want exit 1 and a pointer to mcpvet help\n%s", err, out)
	}
}
