package freshkey_test

import (
	"bytes"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcpvet/mcpvet/internal/testenv"
	"github.com/mcpvet/mcpvet/passes/freshkey"
)

// The fixtures are a module that requires the real SDKs and libraries
// (go-sdk, mcp-go, uuid, ulid, xid, stripe-go, aws-sdk-go-v2,
// cenkalti/backoff, avast/retry-go) at pinned versions; testenv.Module downloads them first.
func fixtures(t *testing.T) string {
	dir := testenv.Module(t, "../../testdata/freshkey")
	return dir
}

// TestFreshkey checks the diagnostics, the facts and the fixes (the
// x.go.golden files hold each file with all its fixes applied). It then
// applies the raw edits without the formatting that drivers add, and
// checks that they alone give a gofmt-clean file: editors apply edits as
// they are, so each must carry its own indentation.
func TestFreshkey(t *testing.T) {
	// keygen's facts are the fresh analyzer's (passes/fresh tests them);
	// the packages that use keygen are here.
	pkgs := []string{"./awssdk", "./fix", "./gosdk", "./helpers", "./httpkeys", "./libs", "./mcpgo", "./sources", "./stripe", "./usehelpers", "./usekeygen", "./usewrap", "./wrap", "./sendkey", "./usesendkey", "./flow"}
	results := analysistest.RunWithSuggestedFixes(t, fixtures(t), freshkey.AnalyzerWithFacts, pkgs...)

	perFile := make(map[string][]analysis.TextEdit)
	fixes := 0
	for _, r := range results {
		fset := r.Pass.Fset
		for _, d := range r.Diagnostics {
			for _, fix := range d.SuggestedFixes {
				fixes++
				if fix.Message != "Create the key once before the retry loop" {
					t.Errorf("%v: fix message %q", fset.Position(d.Pos), fix.Message)
				}
				name := fset.File(fix.TextEdits[0].Pos).Name()
				src, err := os.ReadFile(name)
				if err != nil {
					t.Fatal(err)
				}
				var edits []edit
				for _, e := range fix.TextEdits {
					tf := fset.File(e.Pos)
					if tf.Name() != name {
						t.Fatalf("%v: fix edits two files", fset.Position(d.Pos))
					}
					edits = append(edits, edit{tf.Offset(e.Pos), tf.Offset(e.End), e.NewText})
					perFile[name] = append(perFile[name], e)
				}
				out := applyEdits(t, src, edits)
				if formatted, err := format.Source(out); err != nil {
					t.Errorf("%v: the fix alone does not parse: %v", fset.Position(d.Pos), err)
				} else if !bytes.Equal(formatted, out) {
					t.Errorf("%v: the fix alone is not gofmt-clean:\n%s", fset.Position(d.Pos), out)
				}
			}
		}
		// All fixes of a file, applied raw, give the golden file exactly.
		for name, es := range perFile {
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			golden, err := os.ReadFile(name + ".golden")
			if err != nil {
				t.Fatal(err)
			}
			var edits []edit
			for _, e := range es {
				tf := fset.File(e.Pos)
				edits = append(edits, edit{tf.Offset(e.Pos), tf.Offset(e.End), e.NewText})
			}
			if out := applyEdits(t, src, edits); !bytes.Equal(out, golden) {
				t.Errorf("%s: raw edits differ from the golden file:\n%s", name, out)
			}
		}
		clear(perFile)
	}
	if fixes < 20 {
		t.Errorf("only %d fixes offered; the fixtures have more", fixes)
	}
}

type edit struct {
	start, end int
	text       []byte
}

func applyEdits(t *testing.T, src []byte, edits []edit) []byte {
	t.Helper()
	slices.SortStableFunc(edits, func(a, b edit) int { return a.start - b.start })
	var out []byte
	last := 0
	for _, e := range edits {
		if e.start < last {
			t.Fatalf("overlapping edits at offset %d", e.start)
		}
		out = append(out, src[last:e.start]...)
		out = append(out, e.text...)
		last = e.end
	}
	return append(out, src[last:]...)
}

// TestCommandLineFix builds mcpvet and applies the fixes from the command
// line, standalone (mcpvet -fix) and under go vet (go vet -vettool=mcpvet
// -fix), to a copy of the fixture module; every file must then equal its
// golden file, and files without one must be unchanged.
func TestCommandLineFix(t *testing.T) {
	if testing.Short() {
		t.Skip("builds mcpvet and type-checks the fixture module twice")
	}
	root := testenv.Module(t, "../..") // built with GOPROXY=off
	bin := filepath.Join(t.TempDir(), "mcpvet")
	build := exec.Command("go", "build", "-o", bin, "./cmd/mcpvet")
	build.Dir = root
	build.Env = env()
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}

	for _, tc := range []struct {
		name string
		args []string
	}{
		{"mcpvet", []string{bin, "-freshkey", "-fix", "./..."}},
		{"go vet", []string{"go", "vet", "-vettool=" + bin, "-freshkey", "-fix", "./..."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.CopyFS(dir, os.DirFS(fixtures(t))); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(tc.args[0], tc.args[1:]...)
			cmd.Dir = dir
			cmd.Env = env()
			if out, err := cmd.CombinedOutput(); err != nil {
				// mcpvet exits 1 when diagnostics remain without a fix
				// (those with no safe fix).
				if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() > 1 {
					t.Fatalf("%s: %v\n%s", strings.Join(tc.args, " "), err, out)
				}
			}
			changed := 0
			err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
				if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
					return err
				}
				rel, _ := filepath.Rel(dir, path)
				got, err := os.ReadFile(path)
				if err != nil {
					return err
				}
				orig := filepath.Join(fixtures(t), rel)
				want, err := os.ReadFile(orig + ".golden")
				if os.IsNotExist(err) {
					want, err = os.ReadFile(orig)
				} else {
					changed++
				}
				if err != nil {
					return err
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%s: after %s -fix:\n%s", rel, tc.name, got)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if changed == 0 {
				t.Error("no golden files")
			}
		})
	}
}

// env is the environment for the go command: the module cache only
// (GOPROXY=off), no workspace, and no -mod=mod, which would let the go
// command rewrite the fixture's go.mod.
func env() []string {
	var e []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GOFLAGS=") && !strings.HasPrefix(kv, "GOPROXY=") && !strings.HasPrefix(kv, "GOWORK=") {
			e = append(e, kv)
		}
	}
	return append(e, "GOFLAGS=-buildvcs=false", "GOPROXY=off", "GOWORK=off")
}

// TestIdem: retries around the idem helper (the runtime module of this
// repository, required by the fixture through a replace of its
// directory), which makes one key per logical call, beside a key made per
// attempt.
func TestIdem(t *testing.T) {
	dir := testenv.Module(t, "../../testdata/idem")
	analysistest.Run(t, dir, freshkey.Analyzer, "./clientkeys")
}
