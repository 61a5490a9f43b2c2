package main_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
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
	if sharedDir != "" {
		os.RemoveAll(sharedDir)
	}
	os.Exit(code)
}

// A result is what one run of a command gave.
type result struct {
	stdout, stderr []byte
	code           int   // the exit code, -1 if it did not start or was killed
	err            error // from exec.Cmd.Run
}

// combined returns standard error and standard output, in that order
// (go vet -json writes its JSON to standard error).
func (r result) combined() []byte { return append(append([]byte(nil), r.stderr...), r.stdout...) }

// sharedRun runs name with args in dir (and env added to the
// environment) once per test process, however many tests ask for it,
// and returns what it gave. It is for the read-only runs on the
// unmodified demo and fixture modules: each run loads and type-checks
// the SDKs and the standard library from source (seconds of CPU), and
// several tests assert on the same output (TestDemo, TestTrail,
// TestExitCodes, TestTextOutput, TestDeterministic, TestSARIF,
// TestStandaloneDriver). Runs that write files use sharedFile.
func sharedRun(t *testing.T, dir string, env []string, name string, args ...string) result {
	t.Helper()
	key := strings.Join(append(append([]string{dir, name}, args...), env...), "\x00")
	v, _ := runs.LoadOrStore(key, new(sharedResult))
	sr := v.(*sharedResult)
	sr.once.Do(func() {
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), env...)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		sr.r.err = cmd.Run()
		sr.r.stdout, sr.r.stderr = stdout.Bytes(), stderr.Bytes()
		sr.r.code = cmd.ProcessState.ExitCode()
	})
	return sr.r
}

type sharedResult struct {
	once sync.Once
	r    result
}

var runs sync.Map // sharedRun's key -> *sharedResult

// sharedFile returns a path named name in a directory shared by the
// tests of the process, for the files that shared runs write (-sarif
// FILE).
func sharedFile(t *testing.T, name string) string {
	t.Helper()
	sharedOnce.Do(func() { sharedDir, sharedErr = os.MkdirTemp("", "mcpvet-shared") })
	if sharedErr != nil {
		t.Fatal(sharedErr)
	}
	return filepath.Join(sharedDir, name)
}

var (
	sharedOnce sync.Once
	sharedDir  string
	sharedErr  error
)

// The runs on the unmodified demo that several tests share.
func demoJSON(t *testing.T, bin, demo string) result {
	return sharedRun(t, demo, nil, bin, "-json", "./...")
}
func demoText(t *testing.T, bin, demo string) result { return sharedRun(t, demo, nil, bin, "./...") }
func demoVet(t *testing.T, bin, demo string) result {
	return sharedRun(t, demo, nil, "go", "vet", "-vettool="+bin, "-json", "./...")
}
func demoSARIF(t *testing.T, bin, demo string) (result, string) {
	file := sharedFile(t, "demo.sarif")
	return sharedRun(t, demo, nil, bin, "-sarif", file, "./..."), file
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

// expectations reads the demo's "// expect: NAME" comments, for the
// analyzers the suite has.
func expectations(t *testing.T, dir string) []finding {
	t.Helper()
	inSuite := make(map[string]bool)
	for _, a := range analyzer.Suite {
		inSuite[a.Name] = true
	}
	var want []finding
	for _, e := range testenv.Expects(t, dir) {
		if inSuite[e.Check] {
			want = append(want, finding{e.File, e.Line, e.Check})
		}
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
	t.Parallel()
	bin, demo := demoSetup(t)
	want := expectations(t, demo)
	if len(want) == 0 {
		t.Fatal("the demo has no // expect: comments for the suite's analyzers")
	}

	t.Run("standalone", func(t *testing.T) {
		t.Parallel()
		r := demoJSON(t, bin, demo)
		if r.err != nil {
			t.Fatalf("mcpvet -json: %v\n%s%s", r.err, r.stderr, r.stdout)
		}
		compare(t, "mcpvet -json ./...", jsonFindings(t, demo, r.stdout), want)
	})

	t.Run("govet", func(t *testing.T) {
		t.Parallel()
		r := demoVet(t, bin, demo)
		if r.err != nil {
			t.Fatalf("go vet -vettool: %v\n%s", r.err, r.combined())
		}
		compare(t, "go vet -vettool", jsonFindings(t, demo, r.combined()), want)
	})
}

// TestErrors checks that bad input gives a one-line error and a non-zero
// exit, never a panic or a usage text.
func TestErrors(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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

// TestExitCodes checks the exit codes README.md documents. The runs
// over the whole demo are the ones TestTextOutput, TestDemo and TestSARIF
// assert on.
func TestExitCodes(t *testing.T) {
	t.Parallel()
	bin, demo := demoSetup(t)
	sarif, _ := demoSARIF(t, bin, demo)
	for _, tc := range []struct {
		args []string
		r    result
		want int
	}{
		{[]string{"./..."}, demoText(t, bin, demo), 3},
		{[]string{"-json", "./..."}, demoJSON(t, bin, demo), 0},
		{[]string{"./ledger"}, sharedRun(t, demo, nil, bin, "./ledger"), 0},
		{[]string{"-sarif", "FILE", "./..."}, sarif, 0},
		{[]string{"help", "freshkey"}, sharedRun(t, demo, nil, bin, "help", "freshkey"), 0},
	} {
		if tc.r.code != tc.want {
			t.Errorf("mcpvet %v: exit %d (%v), want %d\n%s%s", tc.args, tc.r.code, tc.r.err, tc.want, tc.r.stderr, tc.r.stdout)
		}
	}
}

// TestDeterministic checks that the same input gives the same output, in
// the same order, across runs and GOMAXPROCS values: the shared text run
// (GOMAXPROCS as the machine sets it, at least 2 in CI) against a run
// with 8.
func TestDeterministic(t *testing.T) {
	t.Parallel()
	bin, demo := demoSetup(t)
	first := demoText(t, bin, demo).combined()
	if len(first) == 0 {
		t.Fatal("no output")
	}
	for _, procs := range []string{"8"} {
		cmd := exec.Command(bin, "./...")
		cmd.Dir = demo
		cmd.Env = append(os.Environ(), "GOMAXPROCS="+procs)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		cmd.Run() // exit 3: findings
		if out := append(stderr.Bytes(), stdout.Bytes()...); !bytes.Equal(out, first) {
			t.Fatalf("GOMAXPROCS=%s differs from the first run:\n%s\n--- first:\n%s", procs, out, first)
		}
	}
}
