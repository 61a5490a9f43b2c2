// Package baseline holds mcpvet's finding fingerprints and baseline files.
//
// A fingerprint identifies a finding by what it is and where it lies in
// the program, not by its line or its wording: the check, the kind of
// finding (the diagnostic's Category, internal/wording), the package
// path, the name of the enclosing function declaration ("Serve",
// "Server.handle") and the tool's name if the message names one (as tool
// "NAME"). It survives moved lines, edits elsewhere in the file and a
// rewording of the messages; it changes when the function is renamed or
// the finding is of another kind or tool. Two findings of one kind in one
// function for one tool share a fingerprint: the entry's count says how
// many the package may have.
//
// A baseline file is JSON (YAML is read too), sorted, one entry per
// fingerprint:
//
//	{
//	  "version": 2,
//	  "findings": [
//	    {
//	      "fingerprint": "9f2c3a6b1d0e4f58",
//	      "check": "dedupekey",
//	      "category": "unkeyed-effect",
//	      "package": "example.com/shop/server",
//	      "func": "Server.charge",
//	      "tool": "charge",
//	      "message": "tool \"charge\" is not idempotent ...",
//	      "count": 1
//	    }
//	  ]
//	}
//
// Only fingerprint and count are used for matching; the other fields are
// for the reader of a diff, and for migration.
//
// Version 1 files (mcpvet before the messages were reworded, whose
// fingerprints hashed the message) are migrated when they are read: each
// entry's kind is found from its recorded message (v1Categories) and its
// fingerprint computed anew from its check, kind, package, function and
// tool. So they keep suppressing the findings they recorded; -write-baseline
// writes version 2.
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

// Version is the version of the baseline file format. Version 1 is read
// too (migrated).
const Version = 2

// Entry is one recorded finding.
type Entry struct {
	Fingerprint string `json:"fingerprint" yaml:"fingerprint"`
	Check       string `json:"check" yaml:"check"`
	Category    string `json:"category,omitempty" yaml:"category,omitempty"`
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

var toolRE = regexp.MustCompile(`\btool "([^"]*)"`)

// ToolName returns the tool the message names (tool "NAME"), or "".
func ToolName(msg string) string {
	if m := toolRE.FindStringSubmatch(msg); m != nil {
		return m[1]
	}
	return ""
}

// Fingerprint returns the fingerprint of a finding: 16 hex digits of a
// SHA-256 over its check, category (the kind of finding), package,
// enclosing function and tool (ToolName of its message).
func Fingerprint(check, category, pkg, fn, tool string) string {
	h := sha256.New()
	h.Write([]byte("v2\x00"))
	for _, s := range []string{check, category, pkg, fn, tool} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// v1Categories tells the kind of a finding recorded by a version 1
// baseline from its check and the wording of its message then (the
// first entry of the check whose text the message contains; "" matches
// any). The wordings are those of mcpvet before the kinds were recorded;
// they do not change.
var v1Categories = []struct{ check, text, category string }{
	{"", "//mcpvet:ignore ", "directive"},
	{"dedupekey", "falls back to a fresh dedupe key", "fresh-fallback"},
	{"dedupekey", "makes the dedupe key it sends downstream", "per-call-key"},
	{"dedupekey", "before reading a dedupe key", "unkeyed-effect"},
	{"readback", "go-retryablehttp", "retrying-transport"},
	{"readback", "trpc-mcp-go client option", "retrying-transport"},
	{"readback", "so the tool can run twice", "resend"},
	{"freshkey", "stripe-go sends a new Idempotency-Key", "sdk-key"},
	{"freshkey", "the AWS SDK makes a new idempotency token", "sdk-key"},
	{"freshkey", "is made anew on every attempt", "fresh-key"},
	{"reinvoke", "and then returns input requests", "effect-before-input"},
	{"toolhints", "is annotated ReadOnlyHint: true", "readonly"},
	{"toolhints", "is annotated IdempotentHint: true", "idempotent"},
}

// v1Category returns the kind of a finding of check recorded with msg by
// a version 1 baseline, or "" if its wording is not known.
func v1Category(check, msg string) string {
	for _, c := range v1Categories {
		if (c.check == "" || c.check == check) && strings.Contains(msg, c.text) {
			return c.category
		}
	}
	return ""
}

// migrate turns an entry of a version 1 baseline into one of version 2:
// its kind from its message, its fingerprint from its fields. An entry
// whose wording is not known keeps its fingerprint, which then matches
// nothing (it is listed as no longer occurring).
func migrate(e Entry) Entry {
	cat := v1Category(e.Check, e.Message)
	if cat == "" {
		return e
	}
	tool := e.Tool
	if tool == "" {
		tool = ToolName(e.Message)
	}
	e.Category = cat
	e.Fingerprint = Fingerprint(e.Check, cat, e.Package, e.Func, tool)
	return e
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
	if f.Version != Version && f.Version != 1 && len(f.Findings) > 0 {
		return nil, fmt.Errorf("baseline %s: version %d, want %d (or 1)", path, f.Version, Version)
	}
	s := &Set{Path: path, Entries: make(map[string]Entry)}
	for _, e := range f.Findings {
		if e.Fingerprint == "" {
			return nil, fmt.Errorf("baseline %s: an entry without a fingerprint", path)
		}
		if f.Version == 1 {
			e = migrate(e)
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
	Category    string `json:"category,omitempty"`
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
