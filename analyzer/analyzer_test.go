package analyzer_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcpvet/mcpvet/analyzer"
	"github.com/mcpvet/mcpvet/internal/testenv"
)

func TestValidate(t *testing.T) {
	if err := analysis.Validate(analyzer.All()); err != nil {
		t.Fatal(err)
	}
	for _, a := range analyzer.Suite {
		title, _, _ := strings.Cut(a.Doc, "\n")
		if title == "" || len(title) > 70 || strings.HasSuffix(title, ".") || strings.ToLower(title[:1]) != title[:1] {
			t.Errorf("%s: title %q should be short, lowercase and without a final period", a.Name, title)
		}
		if !strings.HasPrefix(a.URL, "https://") {
			t.Errorf("%s: URL %q", a.Name, a.URL)
		}
		if !strings.Contains(a.Doc, "WRONG") || !strings.Contains(a.Doc, "RIGHT") {
			t.Errorf("%s: Doc lacks a WRONG and a RIGHT example", a.Name)
		}
	}
}

// TestSDKExamples runs the whole suite over the SDKs' own examples, which
// are real servers and clients at the pinned versions, and fails on any
// analyzer error or panic. The examples are correct code: the suite must
// report nothing wrong there (see docs/precision.md for each finding).
func TestSDKExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("loads and type-checks the SDK examples")
	}
	dir := testenv.Module(t, "../testdata/smoke")
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax | packages.NeedModule,
		Dir:  dir,
		Env:  append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=readonly"),
	}
	pkgs, err := packages.Load(cfg,
		"github.com/modelcontextprotocol/go-sdk/examples/...",
		"github.com/mark3labs/mcp-go/examples/...")
	if err != nil {
		t.Fatal(err)
	}
	if n := packages.PrintErrors(pkgs); n > 0 {
		t.Fatalf("%d errors loading the SDK examples", n)
	}
	if len(pkgs) < 20 {
		t.Fatalf("loaded only %d example packages", len(pkgs))
	}
	g, err := checker.Analyze(analyzer.All(), pkgs, &checker.Options{SanityCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	for act := range g.All() {
		if act.Err != nil {
			t.Errorf("%s on %s: %v", act.Analyzer.Name, act.Package.PkgPath, act.Err)
		}
		if act.IsRoot {
			for _, d := range act.Diagnostics {
				buf.WriteString(act.Package.Fset.Position(d.Pos).String() + ": " + act.Analyzer.Name + ": " + d.Message + "\n")
			}
		}
	}
	t.Logf("%d example packages; findings:\n%s", len(pkgs), buf.String())
}
