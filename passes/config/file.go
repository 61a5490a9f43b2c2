package config

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"go.yaml.in/yaml/v3"
)

// FileName is the name of mcpvet's configuration file.
const FileName = ".mcpvet.yaml"

// Checks are the names of mcpvet's checks, which exclude may name ("all"
// names every check); a test in package analyzer keeps it equal to
// analyzer.Suite.
var Checks = []string{"dedupekey", "readback", "freshkey", "reinvoke", "toolhints"}

// File is a parsed configuration file.
type File struct {
	Path      string // as found (absolute)
	Dir       string // its directory, the root of exclude patterns
	Keys      []string
	Sinks     []string
	NonSinks  []string
	ReadBacks []string
	Module    string
	Baseline  string              // absolute, "" when unset
	Exclude   map[string][]string // check or "all" -> patterns
}

// fileError is an error at a line of the configuration file.
func fileError(p string, line int, format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s", displayPath(p), line, fmt.Sprintf(format, args...))
}

// displayPath returns p relative to the working directory when it lies
// below it, else p.
func displayPath(p string) string {
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(rel, "..") {
			return rel
		}
	}
	return p
}

var (
	fullNameRE = regexp.MustCompile(`^(\(\*?[^\s()*]+\.[^\s().]+\)\.[^\s().]+|[^\s()*]+\.[^\s()./]+)$`)
	yamlLineRE = regexp.MustCompile(`^yaml: (?:line (\d+): )?`)
)

// ParseFile parses the configuration file at p (absolute) with contents
// data. Errors are one line: "FILE:LINE: what".
func ParseFile(p string, data []byte) (*File, error) {
	f := &File{Path: p, Dir: filepath.Dir(p)}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		msg := err.Error()
		line := 1
		if m := yamlLineRE.FindStringSubmatch(msg); m != nil {
			if m[1] != "" {
				line, _ = strconv.Atoi(m[1])
			}
			msg = msg[len(m[0]):]
		}
		return nil, fileError(p, line, "%s", strings.ReplaceAll(msg, "\n", "; "))
	}
	if len(doc.Content) == 0 {
		return f, nil // empty file
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, fileError(p, root.Line, "want a mapping of settings (keys, sinks, nonsinks, readbacks, module, baseline, exclude)")
	}
	seen := make(map[string]bool)
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		if seen[k.Value] {
			return nil, fileError(p, k.Line, "%q given twice", k.Value)
		}
		seen[k.Value] = true
		var err error
		switch k.Value {
		case "keys":
			f.Keys, err = stringList(p, k.Value, v, nil)
		case "sinks":
			f.Sinks, err = stringList(p, k.Value, v, checkFullName)
		case "nonsinks":
			f.NonSinks, err = stringList(p, k.Value, v, checkFullName)
		case "readbacks":
			f.ReadBacks, err = stringList(p, k.Value, v, checkFullName)
		case "module":
			f.Module, err = scalar(p, k.Value, v)
			if err == nil && (f.Module == "" || strings.ContainsAny(f.Module, " \t")) {
				err = fileError(p, v.Line, "module: %q is not a module path", f.Module)
			}
		case "baseline":
			var b string
			if b, err = scalar(p, k.Value, v); err == nil {
				if b == "" {
					err = fileError(p, v.Line, "baseline: want a file name")
				} else if filepath.IsAbs(b) {
					f.Baseline = b
				} else {
					f.Baseline = filepath.Join(f.Dir, filepath.FromSlash(b))
				}
			}
		case "exclude":
			f.Exclude, err = excludes(p, v)
		default:
			err = fileError(p, k.Line, "unknown key %q (known: keys, sinks, nonsinks, readbacks, module, baseline, exclude)", k.Value)
		}
		if err != nil {
			return nil, err
		}
	}
	return f, nil
}

func scalar(p, key string, v *yaml.Node) (string, error) {
	if v.Kind != yaml.ScalarNode || v.Tag == "!!null" {
		return "", fileError(p, v.Line, "%s: want a string", key)
	}
	return v.Value, nil
}

func stringList(p, key string, v *yaml.Node, check func(string) string) ([]string, error) {
	if v.Kind != yaml.SequenceNode {
		return nil, fileError(p, v.Line, "%s: want a list of strings, such as [a, b]", key)
	}
	var out []string
	for _, e := range v.Content {
		if e.Kind != yaml.ScalarNode || e.Tag == "!!null" || strings.TrimSpace(e.Value) == "" {
			return nil, fileError(p, e.Line, "%s: want a non-empty string", key)
		}
		s := strings.TrimSpace(e.Value)
		if check != nil {
			if msg := check(s); msg != "" {
				return nil, fileError(p, e.Line, "%s: %s", key, msg)
			}
		}
		out = append(out, s)
	}
	sort.Strings(out)
	return out, nil
}

func checkFullName(s string) string {
	if !fullNameRE.MatchString(s) {
		return fmt.Sprintf("%q is not a function's full name such as example.com/store.Save or (*example.com/store.DB).Put", s)
	}
	return ""
}

func excludes(p string, v *yaml.Node) (map[string][]string, error) {
	if v.Kind != yaml.MappingNode {
		return nil, fileError(p, v.Line, "exclude: want a mapping from check name to a list of paths, such as {dedupekey: [internal/legacy/]}")
	}
	m := make(map[string][]string)
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, list := v.Content[i], v.Content[i+1]
		if k.Value != "all" && !knownCheck(k.Value) {
			return nil, fileError(p, k.Line, "exclude: unknown check %q (known: %s, all)", k.Value, strings.Join(Checks, ", "))
		}
		if _, dup := m[k.Value]; dup {
			return nil, fileError(p, k.Line, "exclude: %q given twice", k.Value)
		}
		pats, err := stringList(p, "exclude: "+k.Value, list, checkPattern)
		if err != nil {
			return nil, err
		}
		m[k.Value] = pats
	}
	return m, nil
}

func knownCheck(name string) bool {
	for _, c := range Checks {
		if c == name {
			return true
		}
	}
	return false
}

func checkPattern(pat string) string {
	clean := strings.TrimSuffix(pat, "/")
	switch {
	case clean == "" || clean == ".":
		return fmt.Sprintf("bad path pattern %q: it would exclude everything", pat)
	case strings.HasPrefix(pat, "/") || filepath.IsAbs(pat):
		return fmt.Sprintf("bad path pattern %q: patterns are relative to the directory of %s", pat, FileName)
	case strings.Contains(pat, `\`):
		return fmt.Sprintf("bad path pattern %q: use / to separate directories", pat)
	}
	for _, elem := range strings.Split(clean, "/") {
		if elem == "" || elem == "." || elem == ".." {
			return fmt.Sprintf("bad path pattern %q: empty, . or .. element", pat)
		}
		if _, err := path.Match(elem, ""); err != nil {
			return fmt.Sprintf("bad path pattern %q: %v", pat, err)
		}
	}
	return ""
}

// Excluded reports whether the file at filename (absolute, or relative
// to the working directory) is excluded for check.
func (f *File) Excluded(check, filename string) bool {
	if f == nil || len(f.Exclude) == 0 {
		return false
	}
	pats := append(f.Exclude[check], f.Exclude["all"]...)
	if len(pats) == 0 {
		return false
	}
	abs, err := filepath.Abs(filename)
	if err != nil {
		return false
	}
	rel, err := filepath.Rel(f.Dir, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return false
	}
	elems := strings.Split(filepath.ToSlash(rel), "/")
	for _, pat := range pats {
		if matchPattern(pat, elems) {
			return true
		}
	}
	return false
}

// matchPattern matches a pattern against a file path given as elements.
// A pattern with a slash (other than a trailing one) is anchored at the
// configuration file's directory and matches a leading run of elements;
// one without matches any element. A trailing slash matches directories
// only (never the file name itself).
func matchPattern(pat string, elems []string) bool {
	dirOnly := strings.HasSuffix(pat, "/")
	pat = strings.TrimSuffix(pat, "/")
	last := len(elems) // elements a match may end at (exclusive)
	if dirOnly {
		last--
	}
	if !strings.Contains(pat, "/") {
		for _, e := range elems[:max(last, 0)] {
			if ok, _ := path.Match(pat, e); ok {
				return true
			}
		}
		return false
	}
	n := strings.Count(pat, "/") + 1
	if n > last {
		return false
	}
	ok, _ := path.Match(pat, strings.Join(elems[:n], "/"))
	return ok
}

// The configuration files found, by directory searched and by path.
var (
	fileMu sync.Mutex
	parsed = map[string]parsedFile{} // path -> parse result
)

type parsedFile struct {
	mod, size int64
	f         *File
	err       error
}

// Find returns the configuration file that applies to a package in dir:
// the first .mcpvet.yaml found walking up from dir, stopping at the
// directory that holds go.mod. It returns nil when there is none. Each
// file is parsed once (again when it changes).
//
// The walk's outcome is kept per directory for findTTL, so that the
// packages of a run do not stat the same parents again; a file created
// nearer to the package is seen after findTTL (in gopls, for example).
func Find(dir string) (*File, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, nil
	}
	p, ok := cachedFind(dir)
	if !ok {
		p = search(dir)
		findMu.Lock()
		found[dir] = foundFile{p, time.Now()}
		findMu.Unlock()
	}
	if p == "" {
		return nil, nil
	}
	fi, err := os.Stat(p)
	if err != nil || fi.IsDir() {
		return nil, nil // removed since
	}
	return load(p, fi)
}

// findTTL is how long Find trusts a directory's earlier walk.
var findTTL = 3 * time.Second

var (
	findMu sync.Mutex
	found  = map[string]foundFile{} // directory -> the file its walk found ("": none)
)

type foundFile struct {
	path string
	at   time.Time
}

func cachedFind(dir string) (string, bool) {
	findMu.Lock()
	defer findMu.Unlock()
	f, ok := found[dir]
	if !ok || time.Since(f.at) >= findTTL {
		return "", false
	}
	return f.path, true
}

// search walks up from dir and returns the path of the first
// configuration file, or "" at the module root or the file system's.
func search(dir string) string {
	for {
		p := filepath.Join(dir, FileName)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			return p
		}
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return ""
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		if p, ok := cachedFind(parent); ok {
			return p
		}
		dir = parent
	}
}

func load(p string, fi os.FileInfo) (*File, error) {
	fileMu.Lock()
	defer fileMu.Unlock()
	if c, ok := parsed[p]; ok && c.mod == fi.ModTime().UnixNano() && c.size == fi.Size() {
		return c.f, c.err
	}
	data, err := os.ReadFile(p)
	var f *File
	if err == nil {
		f, err = ParseFile(p, data)
	} else {
		err = fmt.Errorf("%s: %v", displayPath(p), err)
	}
	parsed[p] = parsedFile{fi.ModTime().UnixNano(), fi.Size(), f, err}
	return f, err
}
