// Package baseline holds mcpvet's finding fingerprints and baseline files.
//
// A fingerprint identifies a finding by what it says and where it lies in
// the program, not by its line: the check, the package path, the name of
// the enclosing function declaration ("Serve", "Server.handle"), the tool
// name if the message names one, and the message with file positions and
// line numbers taken out. It survives moved lines and edits elsewhere in
// the file; it changes when the function is renamed or the finding's
// message changes (another sink, another tool).
//
// A baseline file is JSON (YAML is read too), sorted, one entry per
// fingerprint:
//
//	{
//	  "version": 1,
//	  "findings": [
//	    {
//	      "fingerprint": "9f2c3a6b1d0e4f58",
//	      "check": "dedupekey",
//	      "package": "example.com/shop/server",
//	      "func": "Server.charge",
//	      "tool": "charge",
//	      "message": "tool \"charge\" is not idempotent ...",
//	      "count": 1
//	    }
//	  ]
//	}
//
// Only fingerprint and count are used for matching (count: how many
// findings with that fingerprint a package may have); the other fields
// are for the reader of a diff.
package baseline

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"go/ast"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"
)

// Version is the version of the baseline file format.
const Version = 1

// Entry is one recorded finding.
type Entry struct {
	Fingerprint string `json:"fingerprint" yaml:"fingerprint"`
	Check       string `json:"check" yaml:"check"`
	Package     string `json:"package" yaml:"package"`
	Func        string `json:"func,omitempty" yaml:"func,omitempty"`
	Tool        string `json:"tool,omitempty" yaml:"tool,omitempty"`
	Message     string `json:"message" yaml:"message"`
	Count       int    `json:"count" yaml:"count"`
}

// File is a baseline file.
type File struct {
	Version  int     `json:"version" yaml:"version"`
	Findings []Entry `json:"findings" yaml:"findings"`
}

var (
	posRE  = regexp.MustCompile(`[^\s"'()]*\.go:\d+(:\d+)?`)
	lineRE = regexp.MustCompile(`\b(line|lines|col|column) \d+\b`)
	toolRE = regexp.MustCompile(`\btool "([^"]*)"`)
)

// Normalize returns msg with file positions and line numbers replaced.
func Normalize(msg string) string {
	msg = posRE.ReplaceAllString(msg, "POS")
	return lineRE.ReplaceAllString(msg, "$1 N")
}

// ToolName returns the tool the message names (tool "NAME"), or "".
func ToolName(msg string) string {
	if m := toolRE.FindStringSubmatch(msg); m != nil {
		return m[1]
	}
	return ""
}

// Fingerprint returns the fingerprint of a finding: 16 hex digits of a
// SHA-256 over check, package, function, tool and normalized message.
func Fingerprint(check, pkg, fn, msg string) string {
	h := sha256.New()
	for _, s := range []string{check, pkg, fn, ToolName(msg), Normalize(msg)} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// FuncName names the function declaration d ("F", "T.M"), or "" for nil.
func FuncName(d *ast.FuncDecl) string {
	if d == nil {
		return ""
	}
	if d.Recv == nil || len(d.Recv.List) == 0 {
		return d.Name.Name
	}
	t := d.Recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
			continue
		case *ast.IndexExpr:
			t = x.X
			continue
		case *ast.IndexListExpr:
			t = x.X
			continue
		case *ast.ParenExpr:
			t = x.X
			continue
		}
		break
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name + "." + d.Name.Name
	}
	return d.Name.Name
}

// Set is a loaded baseline: the count recorded for each fingerprint.
type Set struct {
	Path    string
	Entries map[string]Entry
}

type cached struct {
	mod  int64
	size int64
	set  *Set
	err  error
}

var (
	mu    sync.Mutex
	cache = map[string]cached{}
)

// Load reads the baseline at path. It is read once per process (again
// only when its size or modification time changes, for long-lived
// drivers such as gopls). A file that does not exist is an error.
func Load(path string) (*Set, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return nil, fmt.Errorf("baseline: %v", err)
	}
	mu.Lock()
	defer mu.Unlock()
	if c, ok := cache[abs]; ok && c.mod == fi.ModTime().UnixNano() && c.size == fi.Size() {
		return c.set, c.err
	}
	set, err := read(path, abs)
	cache[abs] = cached{fi.ModTime().UnixNano(), fi.Size(), set, err}
	return set, err
}

func read(path, abs string) (*Set, error) {
	data, err := os.ReadFile(abs)
	if err != nil {
		return nil, fmt.Errorf("baseline: %v", err)
	}
	var f File
	dec := yaml.NewDecoder(bytes.NewReader(data)) // JSON is YAML
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil && err.Error() != "EOF" {
		return nil, fmt.Errorf("baseline %s: %v", path, err)
	}
	if f.Version != Version && len(f.Findings) > 0 {
		return nil, fmt.Errorf("baseline %s: version %d, want %d", path, f.Version, Version)
	}
	s := &Set{Path: path, Entries: make(map[string]Entry)}
	for _, e := range f.Findings {
		if e.Fingerprint == "" {
			return nil, fmt.Errorf("baseline %s: an entry without a fingerprint", path)
		}
		if e.Count <= 0 {
			e.Count = 1
		}
		if prev, ok := s.Entries[e.Fingerprint]; ok {
			e.Count += prev.Count
		}
		s.Entries[e.Fingerprint] = e
	}
	return s, nil
}

// Marshal returns the baseline file of the given entries: entries with
// the same fingerprint merged (counts added), sorted by check, package,
// function, message and fingerprint, as indented JSON.
func Marshal(entries []Entry) []byte {
	byFP := make(map[string]*Entry)
	var list []*Entry
	for _, e := range entries {
		if p := byFP[e.Fingerprint]; p != nil {
			p.Count += max(e.Count, 1)
			continue
		}
		e.Count = max(e.Count, 1)
		list = append(list, &e)
		byFP[e.Fingerprint] = &e
	}
	sort.Slice(list, func(i, j int) bool {
		a, b := list[i], list[j]
		for _, c := range [][2]string{{a.Check, b.Check}, {a.Package, b.Package}, {a.Func, b.Func}, {a.Message, b.Message}, {a.Fingerprint, b.Fingerprint}} {
			if c[0] != c[1] {
				return c[0] < c[1]
			}
		}
		return false
	})
	f := File{Version: Version, Findings: []Entry{}}
	for _, e := range list {
		f.Findings = append(f.Findings, *e)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	enc.Encode(f)
	return buf.Bytes()
}

// RecordEnv names a file to which the reporter appends one JSON line per
// finding it reports, baseline entry it matches and baseline entry it
// judged (standalone mcpvet sets it for its child, to write baselines,
// fingerprint SARIF results and list stale baseline entries).
const RecordEnv = "MCPVET_RECORD"

// Record is one line of the RecordEnv file.
type Record struct {
	Kind        string `json:"kind"` // "found", "matched" or "judged"
	Fingerprint string `json:"fingerprint"`
	Check       string `json:"check"`
	Package     string `json:"package"`
	Func        string `json:"func,omitempty"`
	Posn        string `json:"posn,omitempty"`
	Message     string `json:"message,omitempty"`
	Baseline    string `json:"baseline,omitempty"`
}

var (
	recMu   sync.Mutex
	recFile *os.File
	recOpen bool
)

// Recording reports whether records are being written.
func Recording() bool { return os.Getenv(RecordEnv) != "" }

// Write appends records to the RecordEnv file, if one is named.
func Write(recs ...Record) {
	path := os.Getenv(RecordEnv)
	if path == "" || len(recs) == 0 {
		return
	}
	recMu.Lock()
	defer recMu.Unlock()
	if !recOpen {
		recOpen = true
		recFile, _ = os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o666)
	}
	if recFile == nil {
		return
	}
	var buf bytes.Buffer
	for _, r := range recs {
		b, _ := json.Marshal(r)
		buf.Write(b)
		buf.WriteByte('\n')
	}
	recFile.Write(buf.Bytes())
}

// ReadRecords reads a RecordEnv file.
func ReadRecords(path string) ([]Record, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var recs []Record
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" {
			continue
		}
		var r Record
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			return nil, err
		}
		recs = append(recs, r)
	}
	return recs, nil
}
