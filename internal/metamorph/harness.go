package metamorph

import (
	"fmt"
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// A Finding is a diagnostic without its position and wording: the
// fixture package it is about, the analyzer and category, and its
// subject (the quoted tool, call or key name; for client checks, and
// where nothing is quoted, the fixture's top-level function it is in).
type Finding string

// Result is the outcome of one fixture module: the findings of each
// variant, and how many sites each rewrite changed.
type Result struct {
	Module   string                     // fixture module directory (base name)
	Findings map[string]map[Finding]int // variant name -> multiset
	Sites    map[string]int             // variant name -> sites rewritten
	Skipped  map[string]map[string]int  // variant name -> reason -> sites left alone
	Dir      string                     // the temporary module, when kept
}

// Run applies every rewrite to the fixture module in dir, writes the
// variants side by side into one temporary module under tmp (so that the
// dependencies are loaded and type-checked once), runs the analyzers
// over it and returns the findings of each variant. The unrewritten
// module is the variant "orig".
func Run(dir, tmp string, rewrites []*Rewrite, analyzers []*analysis.Analyzer) (*Result, error) {
	p, err := loadProgram(dir)
	if err != nil {
		return nil, err
	}
	variants := []*variant{newVariant(p, "orig")}
	for _, rw := range rewrites {
		for _, v := range rw.apply(p) {
			variants = append(variants, v)
		}
	}
	res := &Result{
		Module:   filepath.Base(dir),
		Findings: make(map[string]map[Finding]int),
		Sites:    make(map[string]int),
		Skipped:  make(map[string]map[string]int),
		Dir:      tmp,
	}
	for _, v := range variants {
		if err := v.write(tmp); err != nil {
			return nil, err
		}
		res.Findings[v.name] = make(map[Finding]int)
		res.Sites[v.name] = v.sites
		res.Skipped[v.name] = v.skipped
	}
	if err := os.WriteFile(filepath.Join(tmp, "go.mod"), tempGoMod(p, variants), 0o644); err != nil {
		return nil, err
	}
	if sum, err := os.ReadFile(filepath.Join(dir, "go.sum")); err == nil {
		if err := os.WriteFile(filepath.Join(tmp, "go.sum"), sum, 0o644); err != nil {
			return nil, err
		}
	}
	patterns := []string{"./..."}
	for _, v := range variants {
		if v.extMod != "" {
			patterns = append(patterns, v.extMod+"/...")
		}
	}
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax | packages.NeedModule,
		Dir:  tmp,
		Env:  append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=mod", "GOWORK=off"),
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	var errs []string
	for _, pkg := range pkgs {
		for _, e := range pkg.Errors {
			errs = append(errs, e.Error())
		}
	}
	if len(errs) > 0 {
		sort.Strings(errs)
		if len(errs) > 40 {
			errs = append(errs[:40], fmt.Sprintf("... and %d more", len(errs)-40))
		}
		return nil, fmt.Errorf("the rewritten fixture module %s (in %s) does not compile; this is a bug of a rewrite:\n%s", dir, tmp, strings.Join(errs, "\n"))
	}
	g, err := checker.Analyze(analyzers, pkgs, nil)
	if err != nil {
		return nil, err
	}

	// Map each file back to its variant and fixture package.
	type fileInfo struct {
		v       *variant
		fixture string
		file    *ast.File
	}
	files := make(map[string]fileInfo)
	byDir := make(map[string]*variant)
	for _, v := range variants {
		byDir[v.dir] = v
	}
	for _, pkg := range pkgs {
		for i, f := range pkg.Syntax {
			name := pkg.CompiledGoFiles[i]
			rel, err := filepath.Rel(tmp, filepath.Dir(name))
			if err != nil || strings.HasPrefix(rel, "..") {
				continue
			}
			first, rest, _ := strings.Cut(filepath.ToSlash(rel), "/")
			if rest == "" {
				rest = "."
			}
			ext := strings.HasPrefix(first, "ext_")
			v := byDir[strings.TrimPrefix(first, "ext_")]
			if v == nil {
				continue
			}
			fixture := rest
			for _, np := range v.newPkgs {
				if np.ext == ext && np.rel == rest {
					fixture = np.origin
				}
			}
			files[name] = fileInfo{v: v, fixture: fixture, file: f}
		}
	}
	var unattributed []string
	for act := range g.All() {
		if !act.IsRoot {
			continue
		}
		for _, d := range act.Diagnostics {
			pos := act.Package.Fset.Position(d.Pos)
			fi, ok := files[pos.Filename]
			if !ok {
				unattributed = append(unattributed, pos.String()+": "+d.Message)
				continue
			}
			fn := enclosingFunc(fi.file, d.Pos)
			if o, ok := fi.v.origin[fn]; ok {
				fn = o
			}
			key := findingKey(fi.fixture, act.Analyzer.Name, d, fn, fi.v.unrename)
			res.Findings[fi.v.name][key]++
		}
	}
	if len(unattributed) > 0 {
		return nil, fmt.Errorf("findings outside the variants' files:\n%s", strings.Join(unattributed, "\n"))
	}
	return res, nil
}

func enclosingFunc(f *ast.File, pos token.Pos) string {
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Pos() <= pos && pos < fd.End() {
			return funcName(fd)
		}
	}
	return "(package level)"
}

var quoted = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)

// clientChecks are the analyzers whose findings are about calls and keys
// in client code: their key includes the enclosing function.
var clientChecks = map[string]bool{"readback": true, "freshkey": true}

func findingKey(fixture, analyzer string, d analysis.Diagnostic, fn string, unrename map[string]string) Finding {
	subject := ""
	if q := quoted.FindString(d.Message); q != "" {
		s, err := strconv.Unquote(q)
		if err != nil {
			s = q
		}
		if o, ok := unrename[s]; ok {
			s = o
		}
		subject = strconv.Quote(s)
	}
	if subject == "" || clientChecks[analyzer] {
		if subject != "" {
			subject += " "
		}
		subject += "in " + fn
	}
	cat := d.Category
	if cat == "" {
		cat = analyzer
	}
	return Finding(fmt.Sprintf("%s %s/%s %s", fixture, analyzer, cat, subject))
}
