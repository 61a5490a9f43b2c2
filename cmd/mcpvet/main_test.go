package main_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/mcpvet/mcpvet/analyzer"
	"github.com/mcpvet/mcpvet/internal/testenv"
)

// buildMCPVet builds the command into a temporary directory.
func buildMCPVet(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the command")
	}
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "mcpvet-test")
		if err != nil {
			buildErr = err
			return
		}
		builtBin = filepath.Join(dir, "mcpvet")
		if out, err := exec.Command("go", "build", "-o", builtBin, ".").CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return builtBin
}

// The command is built once for all tests of the package.
var (
	buildOnce sync.Once
	builtBin  string
	buildErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if builtBin != "" {
		os.RemoveAll(filepath.Dir(builtBin))
	}
	os.Exit(code)
}

// demoSetup skips under -short, builds the command and returns it with
// the demo module's directory.
func demoSetup(t *testing.T) (bin, demo string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the command and type-checks the demo module")
	}
	demo = testenv.Module(t, "../../demo")
	return buildMCPVet(t), demo
}

// finding is one diagnostic as file:line analyzer.
type finding struct {
	File     string
	Line     int
	Analyzer string
}

func (f finding) String() string { return f.File + ":" + strconv.Itoa(f.Line) + " " + f.Analyzer }

var expectRE = regexp.MustCompile(`// expect: ([a-z]+)`)

// expectations reads the demo's "// expect: NAME" comments, for the
// analyzers the suite has.
func expectations(t *testing.T, dir string) []finding {
	t.Helper()
	inSuite := make(map[string]bool)
	for _, a := range analyzer.Suite {
		inSuite[a.Name] = true
	}
	var want []finding
	err := filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		rel, _ := filepath.Rel(dir, path)
		sc := bufio.NewScanner(f)
		for line := 1; sc.Scan(); line++ {
			for _, m := range expectRE.FindAllStringSubmatch(sc.Text(), -1) {
				if inSuite[m[1]] {
					want = append(want, finding{rel, line, m[1]})
				}
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	return want
}

// jsonFindings parses the -json output of the standalone driver and of go
// vet: a stream of {"pkg": {"analyzer": [{"posn": ...}]}} objects.
func jsonFindings(t *testing.T, dir string, out []byte) []finding {
	t.Helper()
	var got []finding
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); err != nil {
			if err.Error() == "EOF" {
				break
			}
			// go vet interleaves "# pkg" lines: skip to the next object.
			rest := out[dec.InputOffset():]
			i := bytes.IndexByte(rest, '{')
			if i < 0 {
				break
			}
			dec = json.NewDecoder(bytes.NewReader(rest[i:]))
			out = rest[i:]
			continue
		}
		for _, byAnalyzer := range tree {
			for name, raw := range byAnalyzer {
				var diags []struct {
					Posn string `json:"posn"`
				}
				if err := json.Unmarshal(raw, &diags); err != nil {
					t.Fatalf("analyzer %s failed: %s", name, raw)
				}
				for _, d := range diags {
					// posn is file:line:col
					parts := strings.Split(d.Posn, ":")
					if len(parts) < 3 {
						t.Fatalf("bad posn %q", d.Posn)
					}
					file := strings.Join(parts[:len(parts)-2], ":")
					rel, err := filepath.Rel(dir, file)
					if err != nil {
						rel = file
					}
					line, err := strconv.Atoi(parts[len(parts)-2])
					if err != nil {
						t.Fatalf("bad posn %q", d.Posn)
					}
					got = append(got, finding{rel, line, name})
				}
			}
		}
	}
	return got
}

func sortedStrings(fs []finding) []string {
	var ss []string
	for _, f := range fs {
		ss = append(ss, f.String())
	}
	sort.Strings(ss)
	return ss
}

func compare(t *testing.T, what string, got, want []finding) {
	t.Helper()
	g, w := sortedStrings(got), sortedStrings(want)
	if strings.Join(g, "\n") != strings.Join(w, "\n") {
		t.Errorf("%s: diagnostics differ from the demo's // expect: comments\ngot:\n  %s\nwant:\n  %s",
			what, strings.Join(g, "\n  "), strings.Join(w, "\n  "))
	}
}

// TestDemo runs the built command on the demo module, standalone and under
// go vet, and compares its findings with the demo's // expect: comments.
// The demo's handlers reach their side effect through the ledger package,
// so this also shows that effect facts cross packages under go vet.
func TestDemo(t *testing.T) {
	bin, demo := demoSetup(t)
	want := expectations(t, demo)
	if len(want) == 0 {
		t.Fatal("the demo has no // expect: comments for the suite's analyzers")
	}

	t.Run("standalone", func(t *testing.T) {
		cmd := exec.Command(bin, "-json", "./...")
		cmd.Dir = demo
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("mcpvet -json: %v\n%s", err, out)
		}
		compare(t, "mcpvet -json ./...", jsonFindings(t, demo, out), want)
	})

	t.Run("govet", func(t *testing.T) {
		cmd := exec.Command("go", "vet", "-vettool="+bin, "-json", "./...")
		cmd.Dir = demo
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go vet -vettool: %v\n%s", err, out)
		}
		compare(t, "go vet -vettool", jsonFindings(t, demo, out), want)
	})
}

// TestErrors checks that bad input gives a one-line error and a non-zero
// exit, never a panic or a usage text.
func TestErrors(t *testing.T) {
	bin, demo := demoSetup(t)
	for _, tc := range []struct {
		dir  string // "" for a directory outside any module
		args []string
		want string
	}{
		{"", []string{"-no-such-flag", "./..."}, "flag provided but not defined: -no-such-flag"},
		{"", []string{"-c=abc", "./..."}, `invalid value "abc" for flag -c`},
		{"", []string{"example.com/does/not/exist"}, "example.com/does/not/exist"},
		{"", []string{"./..."}, "does not contain main module"},
		{demo, []string{"example.com/does/not/exist"}, "no required module provides package example.com/does/not/exist"},
		{demo, []string{"./no/such/dir"}, "no/such/dir"},
		{demo, []string{"-sarif"}, "-sarif needs a file name"},
		{demo, []string{"-sarif", "x.sarif", "-fix", "./..."}, "cannot be combined"},
	} {
		cmd := exec.Command(bin, tc.args...)
		cmd.Dir = tc.dir
		if cmd.Dir == "" {
			cmd.Dir = t.TempDir()
		}
		out, err := cmd.CombinedOutput()
		if err == nil {
			t.Errorf("mcpvet %v: exit 0, want an error\n%s", tc.args, out)
		}
		if bytes.Contains(out, []byte("panic")) || bytes.Contains(out, []byte("goroutine ")) {
			t.Errorf("mcpvet %v panicked:\n%s", tc.args, out)
		}
		if lines := strings.Split(strings.TrimSpace(string(out)), "\n"); len(lines) != 1 || !strings.Contains(lines[0], tc.want) {
			t.Errorf("mcpvet %v: want one line containing %q, got:\n%s", tc.args, tc.want, out)
		}
	}
}

// TestHelpListsSARIF checks that -h lists -sarif, which the parent
// process handles, beside the driver's flags.
func TestHelpListsSARIF(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := buildMCPVet(t)
	out, _ := exec.Command(bin, "-h").CombinedOutput()
	for _, want := range []string{"-sarif FILE", "-json", "-dedupekey"} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("mcpvet -h does not list %s:\n%s", want, out)
		}
	}
}

// TestExitCodes checks the exit codes README.md documents.
func TestExitCodes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and type-checks the demo module")
	}
	bin := buildMCPVet(t)
	for _, tc := range []struct {
		dir  string
		args []string
		want int
	}{
		{"../../demo", []string{"./..."}, 3},
		{"../../demo", []string{"-json", "./..."}, 0},
		{"../../demo", []string{"./ledger"}, 0},
		{"../../demo", []string{"-sarif", "-", "./..."}, 0},
		{"../../demo", []string{"help", "freshkey"}, 0},
	} {
		cmd := exec.Command(bin, tc.args...)
		cmd.Dir = tc.dir
		out, err := cmd.CombinedOutput()
		code := 0
		if exit, ok := err.(*exec.ExitError); ok {
			code = exit.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if code != tc.want {
			t.Errorf("mcpvet %v: exit %d, want %d\n%s", tc.args, code, tc.want, out)
		}
	}
}

// TestDeterministic checks that the same input gives the same output, in
// the same order, across runs and GOMAXPROCS values.
func TestDeterministic(t *testing.T) {
	bin, demo := demoSetup(t)
	var first []byte
	for i, procs := range []string{"1", "4", "1", "8"} {
		cmd := exec.Command(bin, "./...")
		cmd.Dir = demo
		cmd.Env = append(os.Environ(), "GOMAXPROCS="+procs)
		out, _ := cmd.CombinedOutput() // exit 3: findings
		if len(out) == 0 {
			t.Fatal("no output")
		}
		if i == 0 {
			first = out
			continue
		}
		if !bytes.Equal(out, first) {
			t.Fatalf("run %d (GOMAXPROCS=%s) differs from the first:\n%s\n--- first:\n%s", i, procs, out, first)
		}
	}
}
