package metamorph

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
)

// A variant is the fixture module after one rewrite: edits to its files,
// new packages, and the tables that map what the rewrite renamed or
// generated back to the fixture (so that findings can be compared).
type variant struct {
	name string // rewrite name, e.g. "field/sdk"
	dir  string // directory of the variant in the temporary module
	p    *program
	ed   *editor

	namers  map[string]*namer            // by file name
	imports map[string]map[string]string // file name -> import path -> name to add

	// origin maps a function's name in the variant (funcName) to the
	// name of the fixture's top-level function it came from, for the
	// functions a rewrite renamed or generated.
	origin map[string]string
	// unrename maps names in the variant back to the fixture's, for the
	// quoted names of findings (rename only).
	unrename map[string]string

	newPkgs []*newPkg
	moves   map[*types.Package][]*unit // move: the declarations moved out of each package
	extMod  string                     // module path of the separate module that holds new packages, if any

	sites   int            // sites rewritten
	skipped map[string]int // sites not rewritten, by reason
	counter int
	once    map[string]bool // helpers declared once per package
}

// A newPkg is a package a rewrite creates.
type newPkg struct {
	ext    bool   // in the variant's separate module, not in the fixture module
	rel    string // directory, relative to its module's root
	path   string // import path (for a package of the fixture module, before relocation)
	name   string // package name
	origin string // the fixture package (rel dir) it came from
	files  map[string]string
}

func newVariant(p *program, name string) *variant {
	v := &variant{
		name:     name,
		dir:      "m_" + strings.NewReplacer("-", "_", "/", "_", ":", "_").Replace(name),
		p:        p,
		ed:       newEditor(p.fset),
		namers:   make(map[string]*namer),
		imports:  make(map[string]map[string]string),
		origin:   make(map[string]string),
		unrename: make(map[string]string),
		skipped:  make(map[string]int),
		once:     make(map[string]bool),
	}
	for name, src := range p.src {
		v.ed.addFile(name, src)
	}
	return v
}

func (v *variant) addImport(file, path, name string) {
	m := v.imports[file]
	if m == nil {
		m = make(map[string]string)
		v.imports[file] = m
	}
	m[path] = name
}

func (v *variant) skip(reason string) { v.skipped[reason]++ }

// fresh returns a new identifier with the given prefix, unique in the
// variant ("mm" names do not occur in the fixtures).
func (v *variant) fresh(prefix string) string {
	v.counter++
	return fmt.Sprintf("%s%d", prefix, v.counter)
}

// extModPath is the module path of the variant's separate module.
func (v *variant) extModPath() string { return "example.com/mmext/" + v.p.fixture + "/" + v.dir }

// treeDir is the directory of the variant in the temporary module;
// extDir that of its separate module.
func (v *variant) treeDir() string { return filepath.Join(v.p.fixture, v.dir) }
func (v *variant) extDir() string  { return filepath.Join("ext", v.p.fixture, v.dir) }

// relocate maps an import path of the fixture module (or of a new
// package of it) to its path in the variant's tree of the temporary
// module; other paths are unchanged.
func (v *variant) relocate(path string) string {
	mod := v.p.modPath
	if !v.p.isModPath(path) && !v.isNewModPath(path) {
		return path
	}
	root := v.p.tempMod + "/" + v.p.fixture + "/" + v.dir
	if path == mod {
		return root
	}
	return root + "/" + strings.TrimPrefix(path, mod+"/")
}

func (v *variant) isNewModPath(path string) bool {
	for _, np := range v.newPkgs {
		if !np.ext && np.path == path {
			return true
		}
	}
	return false
}

// pkgNameOf returns the package name of an import path, for the import
// cleanup.
func (v *variant) pkgNameOf(path string) string {
	for _, np := range v.newPkgs {
		if np.path == path {
			return np.name
		}
	}
	if n, ok := v.p.names[path]; ok {
		return n
	}
	if pkg, ok := v.p.byPath[path]; ok {
		return pkg.Name
	}
	return pkgBase(path)
}

// write writes the variant's files under root (the temporary module's
// directory), in treeDir; a separate module goes to extDir.
func (v *variant) write(root string) error {
	for _, pkg := range v.p.pkgs {
		for i, f := range pkg.Syntax {
			name := pkg.CompiledGoFiles[i]
			src := v.ed.files[name].result()
			out, err := v.fix(name, src, v.imports[v.p.fileName(f)])
			if err != nil {
				return err
			}
			dst := filepath.Join(root, v.treeDir(), v.p.rel(pkg), filepath.Base(name))
			if err := writeFile(dst, out); err != nil {
				return err
			}
		}
		// The files the package embeds, unchanged, where it is.
		for _, name := range pkg.EmbedFiles {
			rel, err := filepath.Rel(filepath.Dir(pkg.CompiledGoFiles[0]), name)
			if err != nil {
				return err
			}
			data, err := os.ReadFile(name)
			if err != nil {
				return err
			}
			if err := writeFile(filepath.Join(root, v.treeDir(), v.p.rel(pkg), rel), data); err != nil {
				return err
			}
		}
	}
	for _, np := range v.newPkgs {
		base := filepath.Join(root, v.treeDir())
		if np.ext {
			base = filepath.Join(root, v.extDir())
		}
		for fname, text := range np.files {
			out, err := v.fix(filepath.Join(base, np.rel, fname), []byte(text), v.imports[newFileKey(np, fname)])
			if err != nil {
				return err
			}
			if err := writeFile(filepath.Join(base, np.rel, fname), out); err != nil {
				return err
			}
		}
	}
	if v.extMod != "" {
		gomod := fmt.Sprintf("module %s\n\ngo %s\n\nrequire %s v0.0.0\n%s", v.extMod, goVersion(v.p.goMod), v.p.tempMod, requireLines(v.p.goMod))
		if err := writeFile(filepath.Join(root, v.extDir(), "go.mod"), []byte(gomod)); err != nil {
			return err
		}
	}
	return nil
}

func newFileKey(np *newPkg, fname string) string { return "new:" + np.path + "/" + fname }

func writeFile(name string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	return os.WriteFile(name, data, 0o644)
}

// fix adds the imports generated code needs, deletes those edits left
// unused, moves the fixture module's import paths into the variant's
// tree, and formats the file.
func (v *variant) fix(name string, src []byte, add map[string]string) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
	if err != nil {
		return nil, fmt.Errorf("%s: rewrite %s produced unparsable code: %v\n%s", name, v.name, err, numbered(src))
	}
	paths := make([]string, 0, len(add))
	for path := range add {
		paths = append(paths, path)
	}
	sort.Strings(paths)
	for _, path := range paths {
		nm := add[path]
		if nm == v.pkgNameOf(path) {
			astutil.AddImport(fset, f, path)
		} else {
			astutil.AddNamedImport(fset, f, nm, path)
		}
	}
	used := make(map[string]bool)
	for _, id := range f.Unresolved {
		used[id.Name] = true
	}
	for _, imp := range append([]*ast.ImportSpec(nil), f.Imports...) {
		path, _ := strconv.Unquote(imp.Path.Value)
		nm := v.pkgNameOf(path)
		if imp.Name != nil {
			nm = imp.Name.Name
		}
		if nm != "_" && nm != "." && !used[nm] {
			if imp.Name != nil {
				astutil.DeleteNamedImport(fset, f, imp.Name.Name, path)
			} else {
				astutil.DeleteImport(fset, f, path)
			}
		}
	}
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		if np := v.relocate(path); np != path {
			imp.Path.Value = strconv.Quote(np)
		}
	}
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, f); err != nil {
		return nil, fmt.Errorf("%s: formatting the output of rewrite %s: %v", name, v.name, err)
	}
	return buf.Bytes(), nil
}

func numbered(src []byte) string {
	var b strings.Builder
	for i, l := range strings.Split(string(src), "\n") {
		fmt.Fprintf(&b, "%4d %s\n", i+1, l)
	}
	return b.String()
}

var goLine = regexp.MustCompile(`(?m)^go (\S+)`)

func goVersion(gomod []byte) string {
	if m := goLine.FindSubmatch(gomod); m != nil {
		return string(m[1])
	}
	return "1.25"
}

// requireLines returns the require directives of a go.mod.
func requireLines(gomod []byte) string {
	var b strings.Builder
	in := false
	for _, l := range strings.Split(string(gomod), "\n") {
		t := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(t, "require ("):
			in = true
			b.WriteString(l + "\n")
		case in:
			b.WriteString(l + "\n")
			if t == ")" {
				in = false
			}
		case strings.HasPrefix(t, "require "):
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}
