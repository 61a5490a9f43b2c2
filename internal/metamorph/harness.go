package metamorph

import (
	"fmt"
	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/mcpvet/mcpvet/internal/testenv"
	"github.com/mcpvet/mcpvet/passes/mcpmodel"
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
	// Times of the phases: planning load, rewriting, analysis load,
	// analysis.
	Times [4]time.Duration
}

// maxBatchVariants bounds the variants one RunGroup call holds: its load
// keeps the syntax and types of every variant, with the SDKs', in memory
// at once (the servers' group of 33 variants took 19 GB in one load).
const maxBatchVariants = 12

// RunBatched is RunGroup over batches of the rewrites of at most
// maxBatchVariants variants each, a temporary directory from tmp for
// each, with the results of each module merged: less memory at once,
// the dependencies loaded once per batch.
func RunBatched(dirs []string, tmp func() string, rewrites []*Rewrite, analyzers []*analysis.Analyzer) ([]*Result, error) {
	var batches [][]*Rewrite
	n := 0
	for _, rw := range rewrites {
		k := len(rw.VariantNames())
		if len(batches) == 0 || n+k > maxBatchVariants {
			batches = append(batches, nil)
			n = 0
		}
		batches[len(batches)-1] = append(batches[len(batches)-1], rw)
		n += k
	}
	var out []*Result
	for _, b := range batches {
		rs, err := RunGroup(dirs, tmp(), b, analyzers)
		if err != nil {
			return nil, err
		}
		if out == nil {
			out = rs
			continue
		}
		for i, r := range rs {
			o := out[i]
			for v, f := range r.Findings {
				o.Findings[v] = f
			}
			for v, n := range r.Sites {
				o.Sites[v] = n
			}
			for v, sk := range r.Skipped {
				o.Skipped[v] = sk
			}
			for j := range o.Times {
				o.Times[j] += r.Times[j]
			}
		}
	}
	return out, nil
}

// RunGroup applies every rewrite to each fixture module in dirs, writes
// the variants side by side into one temporary module under tmp (so
// that the dependencies are loaded and type-checked once for all of
// them), runs the analyzers over it and returns, for each fixture
// module, the findings of each variant. The unrewritten module is the
// variant "orig". The fixture modules of a group must agree on the
// versions of the modules they share; a group of one keeps its module
// path (readback-dotless tests a path without a dot).
func RunGroup(dirs []string, tmp string, rewrites []*Rewrite, analyzers []*analysis.Analyzer) ([]*Result, error) {
	t0 := time.Now()
	var progs []*program
	var mods []*goMod
	tempMod := "example.com/mm"
	for _, dir := range dirs {
		p, err := loadProgram(dir)
		if err != nil {
			return nil, err
		}
		progs = append(progs, p)
		mods = append(mods, parseGoMod(p.goMod, dir))
		if len(dirs) == 1 {
			tempMod = p.modPath
		}
	}
	t1 := time.Now()
	var variants []*variant
	results := make(map[*program]*Result)
	var out []*Result
	extMods := make(map[string]string)
	var sums []byte
	for _, p := range progs {
		p.tempMod = tempMod
		vs := []*variant{newVariant(p, "orig")}
		for _, rw := range rewrites {
			vs = append(vs, rw.apply(p)...)
		}
		res := &Result{
			Module:   p.fixture,
			Findings: make(map[string]map[Finding]int),
			Sites:    make(map[string]int),
			Skipped:  make(map[string]map[string]int),
			Dir:      tmp,
		}
		for _, v := range vs {
			if err := v.write(tmp); err != nil {
				return nil, err
			}
			res.Findings[v.name] = make(map[Finding]int)
			res.Sites[v.name] = v.sites
			res.Skipped[v.name] = v.skipped
			if v.extMod != "" {
				extMods[v.extMod] = filepath.ToSlash(v.extDir())
			}
		}
		variants = append(variants, vs...)
		results[p] = res
		out = append(out, res)
		if sum, err := os.ReadFile(filepath.Join(p.dir, "go.sum")); err == nil {
			sums = append(sums, sum...)
		}
	}
	if err := os.WriteFile(filepath.Join(tmp, "go.mod"), mergeGoMods(tempMod, mods, extMods), 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(tmp, "go.sum"), sums, 0o644); err != nil {
		return nil, err
	}
	// The merged requirements may select a version no fixture module
	// alone needs (MVS over all of them): download it first, with the
	// user's proxy settings, as testenv does for each fixture.
	if err := testenv.Prime(tmp); err != nil {
		return nil, err
	}
	t2 := time.Now()
	patterns := []string{"./..."}
	for p := range extMods {
		patterns = append(patterns, p+"/...")
	}
	sort.Strings(patterns)
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax | packages.NeedModule | packages.NeedEmbedFiles,
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
		return nil, fmt.Errorf("the rewritten fixture modules %v (in %s) do not compile; this is a bug of a rewrite:\n%s", dirs, tmp, strings.Join(errs, "\n"))
	}
	t3 := time.Now()
	// As the standalone driver: the tools the embedded data files
	// declare (every variant's copy of them, alike).
	mcpmodel.SetCatalogue(mcpmodel.EmbeddedCatalogue(pkgs))
	analysisutil.SetLocalModules(analysisutil.LocalModules(pkgs))
	defer analysisutil.SetLocalModules(nil)
	defer mcpmodel.SetCatalogue(nil)
	g, err := checker.Analyze(analyzers, pkgs, nil)
	if err != nil {
		return nil, err
	}
	times := [4]time.Duration{t1.Sub(t0), t2.Sub(t1), t3.Sub(t2), time.Since(t3)}

	// Map each file back to its variant and fixture package: the tree
	// is <fixture>/<variant>/<package dir>, and ext/<fixture>/<variant>/...
	// for the separate modules.
	type fileInfo struct {
		v       *variant
		fixture string
		file    *ast.File
	}
	files := make(map[string]fileInfo)
	byDir := make(map[string]*variant)
	for _, v := range variants {
		byDir[v.p.fixture+"/"+v.dir] = v
	}
	for _, pkg := range pkgs {
		for i, f := range pkg.Syntax {
			name := pkg.CompiledGoFiles[i]
			rel, err := filepath.Rel(tmp, filepath.Dir(name))
			if err != nil || strings.HasPrefix(rel, "..") {
				continue
			}
			parts := strings.SplitN(filepath.ToSlash(rel)+"/", "/", 4)
			ext := parts[0] == "ext"
			if ext {
				parts = strings.SplitN(strings.TrimPrefix(filepath.ToSlash(rel), "ext/")+"/", "/", 3)
			} else {
				parts = strings.SplitN(filepath.ToSlash(rel)+"/", "/", 3)
			}
			if len(parts) < 3 {
				continue
			}
			v := byDir[parts[0]+"/"+parts[1]]
			if v == nil {
				continue
			}
			rest := strings.TrimSuffix(parts[2], "/")
			if rest == "" {
				rest = "."
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
			results[fi.v.p].Findings[fi.v.name][key]++
		}
	}
	if len(unattributed) > 0 {
		return nil, fmt.Errorf("findings outside the variants' files:\n%s", strings.Join(unattributed, "\n"))
	}
	for _, r := range out {
		r.Times = times
	}
	return out, nil
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
