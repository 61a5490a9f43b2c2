package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestParseFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, FileName)
	f, err := ParseFile(p, []byte(`# mcpvet settings
keys: [op_nonce, "request-token"]
sinks: ["example.com/store.Save", "(*example.com/store.DB).Put"]
nonsinks: ["(example.com/store.Cache).Get"]
readbacks: []
module: example.com/shop
baseline: ci/mcpvet-baseline.json
exclude:
  dedupekey: [internal/legacy/]
  all: ["*_gen.go"]
`))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(f.Keys, ",") != "op_nonce,request-token" || len(f.Sinks) != 2 || len(f.NonSinks) != 1 ||
		f.Module != "example.com/shop" || f.Baseline != filepath.Join(dir, "ci", "mcpvet-baseline.json") {
		t.Errorf("parsed %+v", f)
	}
	if f, err := ParseFile(p, nil); err != nil || f == nil {
		t.Errorf("empty file: %v, %v", f, err)
	}

	for _, tc := range []struct{ src, want string }{
		{"keys: [a]\nkyes: [b]\n", `:2: unknown key "kyes"`},
		{"keys: a\n", `:1: keys: want a list of strings`},
		{"keys:\n  - a\n  - {b: c}\n", `:3: keys: want a non-empty string`},
		{"keys: [a]\nkeys: [b]\n", `:2: "keys" given twice`},
		{"sinks: [Save]\n", `:1: sinks: "Save" is not a function's full name`},
		{"readbacks: [\"(*x.T.M\"]\n", `:1: readbacks: "(*x.T.M" is not a function's full name`},
		{"module: [a]\n", `:1: module: want a string`},
		{"baseline: ~\n", `:1: baseline: want a string`},
		{"exclude: [a]\n", `:1: exclude: want a mapping`},
		{"exclude:\n  dedupkey: [a/]\n", `:2: exclude: unknown check "dedupkey"`},
		{"exclude:\n  readback:\n    - ok/\n    - \"[a\"\n", `:4: exclude: readback: bad path pattern "[a": syntax error in pattern`},
		{"exclude: {all: [/abs]}\n", `bad path pattern "/abs": patterns are relative`},
		{"exclude: {all: [a/../b]}\n", `bad path pattern "a/../b"`},
		{"exclude: {all: [\"./\"]}\n", `bad path pattern "./"`},
		{"- a\n- b\n", `:1: want a mapping of settings`},
		{"keys: [a\n", FileName + ":"},
		{"\tkeys: [a]\n", FileName + ":1:"},
	} {
		_, err := ParseFile(p, []byte(tc.src))
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: error %v, want one line containing %q", tc.src, err, tc.want)
		}
		if err != nil && !strings.Contains(err.Error(), FileName+":") {
			t.Errorf("%q: error %v does not name the file and line", tc.src, err)
		}
	}
}

func TestExcluded(t *testing.T) {
	dir := t.TempDir()
	f := &File{Dir: dir, Exclude: map[string][]string{
		"dedupekey": {"internal/legacy/", "cmd/*/main.go"},
		"readback":  {"testutil/", "*_gen.go"},
		"all":       {"third_party"},
	}}
	for _, tc := range []struct {
		check, file string
		want        bool
	}{
		{"dedupekey", "internal/legacy/a.go", true},
		{"dedupekey", "internal/legacy/sub/a.go", true},
		{"dedupekey", "internal/legacyx/a.go", false},
		{"dedupekey", "internal/a.go", false},
		{"dedupekey", "x/internal/legacy/a.go", false}, // anchored
		{"readback", "internal/legacy/a.go", false},    // another check
		{"dedupekey", "cmd/server/main.go", true},
		{"dedupekey", "cmd/server/run.go", false},
		{"readback", "a/b/testutil/c.go", true}, // no slash inside: any depth
		{"readback", "testutil.go", false},      // a trailing slash: directories only
		{"readback", "pkg/api_gen.go", true},
		{"freshkey", "third_party/x/y.go", true},
		{"freshkey", "a/third_party", true},
		{"freshkey", "thirdparty/x.go", false},
	} {
		if got := f.Excluded(tc.check, filepath.Join(dir, filepath.FromSlash(tc.file))); got != tc.want {
			t.Errorf("Excluded(%s, %s) = %v, want %v", tc.check, tc.file, got, tc.want)
		}
	}
	if f.Excluded("dedupekey", filepath.Join(filepath.Dir(dir), "internal", "legacy", "a.go")) {
		t.Error("a file outside the configuration file's directory is excluded")
	}
	var none *File
	if none.Excluded("dedupekey", "a.go") {
		t.Error("nil File excludes")
	}
}

// noFindCache makes Find walk every time, for tests that change files
// between calls.
func noFindCache(t *testing.T) {
	ttl := findTTL
	findTTL = 0
	t.Cleanup(func() { findTTL = ttl })
}

func TestFind(t *testing.T) {
	noFindCache(t)
	root := t.TempDir()
	sub := filepath.Join(root, "mod", "a", "b")
	if err := os.MkdirAll(sub, 0o777); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(root, FileName), []byte("keys: [outer]\n"), 0o666)
	os.WriteFile(filepath.Join(root, "mod", "go.mod"), []byte("module m\n"), 0o666)

	// go.mod stops the walk: the file above the module does not apply.
	if f, err := Find(sub); f != nil || err != nil {
		t.Errorf("Find below a go.mod without %s: %v, %v", FileName, f, err)
	}
	os.WriteFile(filepath.Join(root, "mod", FileName), []byte("keys: [inner]\n"), 0o666)
	f, err := Find(sub)
	if err != nil || f == nil || strings.Join(f.Keys, ",") != "inner" {
		t.Fatalf("Find: %+v, %v", f, err)
	}
	// An edited file is parsed again.
	os.WriteFile(filepath.Join(root, "mod", FileName), []byte("keys: [edited, twice]\n"), 0o666)
	if f, err := Find(sub); err != nil || strings.Join(f.Keys, ",") != "edited,twice" {
		t.Errorf("Find after an edit: %+v, %v", f, err)
	}
	os.WriteFile(filepath.Join(root, "mod", FileName), []byte("kyes: [x]\n"), 0o666)
	if _, err := Find(sub); err == nil || !strings.Contains(err.Error(), `:1: unknown key "kyes"`) {
		t.Errorf("Find with a bad file: %v", err)
	}
}

// TestFindCache checks that Find reuses a directory's walk within findTTL
// (a file created since is not seen) and walks again after it.
func TestFindCache(t *testing.T) {
	ttl := findTTL
	findTTL = time.Hour
	t.Cleanup(func() { findTTL = ttl })
	root := t.TempDir()
	sub := filepath.Join(root, "a", "b")
	if err := os.MkdirAll(sub, 0o777); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(root, "go.mod"), []byte("module m\n"), 0o666)
	if f, _ := Find(sub); f != nil {
		t.Fatalf("Find without a file: %+v", f)
	}
	os.WriteFile(filepath.Join(root, "a", FileName), []byte("keys: [k]\n"), 0o666)
	if f, _ := Find(sub); f != nil {
		t.Errorf("Find within findTTL walked again: %+v", f)
	}
	// A directory not walked before walks: it finds the new file above it.
	sib := filepath.Join(root, "a", "c")
	os.MkdirAll(sib, 0o777)
	if f, _ := Find(sib); f == nil {
		t.Errorf("Find from a new directory: the walk must find %s in its parent", FileName)
	}
	findTTL = 0
	if f, _ := Find(sub); f == nil || strings.Join(f.Keys, ",") != "k" {
		t.Errorf("Find after findTTL: %+v", f)
	}
}
