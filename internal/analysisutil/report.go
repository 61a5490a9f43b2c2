// Package analysisutil holds small helpers shared by mcpvet's passes:
// doc extraction, the //mcpvet: directives, and reporting that honours
// suppression and skips generated files.
package analysisutil

import (
	"fmt"
	"go/ast"
	"go/token"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpvet/mcpvet/internal/baseline"
	"github.com/mcpvet/mcpvet/passes/config"
)

// Directive is one //mcpvet:VERB comment.
type Directive struct {
	Pos    token.Pos
	End    token.Pos
	Verb   string   // "ignore", "idempotent", "readback", "noeffect"
	Checks []string // for ignore: the analyzers named
	Reason string
	line   int
	file   *token.File
	used   bool
}

// Directives are the //mcpvet: comments of one package.
type Directives struct {
	fset  *token.FileSet
	list  []*Directive
	funcs map[*Directive]*ast.FuncDecl // directives in a function's doc comment
}

const prefix = "//mcpvet:"

// ParseDirectives collects the package's //mcpvet: comments.
func ParseDirectives(pass *analysis.Pass) *Directives {
	ds := &Directives{fset: pass.Fset, funcs: make(map[*Directive]*ast.FuncDecl)}
	for _, f := range pass.Files {
		docOf := make(map[*ast.CommentGroup]*ast.FuncDecl)
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Doc != nil {
				docOf[fd.Doc] = fd
			}
		}
		tf := pass.Fset.File(f.Pos())
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if !strings.HasPrefix(c.Text, prefix) {
					continue
				}
				text := c.Text[len(prefix):]
				if i := strings.Index(text, "//"); i >= 0 {
					text = text[:i] // a trailing comment is not part of the reason
				}
				fields := strings.Fields(text)
				if len(fields) == 0 {
					continue
				}
				d := &Directive{Pos: c.Pos(), End: c.End(), Verb: fields[0], file: tf, line: tf.Line(c.Pos())}
				rest := fields[1:]
				if d.Verb == "ignore" && len(rest) > 0 {
					d.Checks = strings.Split(rest[0], ",")
					rest = rest[1:]
				}
				d.Reason = strings.Join(rest, " ")
				ds.list = append(ds.list, d)
				if fd := docOf[cg]; fd != nil {
					ds.funcs[d] = fd
				}
			}
		}
	}
	return ds
}

// Find returns the directive with the given verb that applies to pos: on
// its line, on the line above, or in the doc comment of the function
// declaration that contains pos.
func (ds *Directives) Find(verb string, pos token.Pos, check string) *Directive {
	if !pos.IsValid() {
		return nil
	}
	tf := ds.fset.File(pos)
	if tf == nil {
		return nil
	}
	line := tf.Line(pos)
	for _, d := range ds.list {
		if d.Verb != verb || d.file != tf {
			continue
		}
		if check != "" && !contains(d.Checks, check) {
			continue
		}
		if d.line == line || d.line == line-1 {
			return d
		}
		if fd := ds.funcs[d]; fd != nil && fd.Pos() <= pos && pos < fd.End() {
			return d
		}
	}
	return nil
}

// DocAsserts reports whether a doc comment has a "//mcpvet:VERB reason"
// directive: the form a declaration in another package is judged by,
// through a fact (effects.Effect.Asserted), where its comments are not
// at hand.
func DocAsserts(doc *ast.CommentGroup, verb string) bool {
	if doc == nil {
		return false
	}
	for _, c := range doc.List {
		if text, ok := strings.CutPrefix(c.Text, prefix+verb); ok && strings.TrimSpace(text) != "" && (text[0] == ' ' || text[0] == '\t') {
			return true
		}
	}
	return false
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s || x == "all" {
			return true
		}
	}
	return false
}

// Reporter reports one analyzer's diagnostics: it drops those in
// generated files, those in function declarations that did not
// type-check (partial.go), those in files the configuration file excludes
// for the analyzer, those suppressed by //mcpvet:ignore NAME reason and those
// recorded in the baseline, and at Finish reports that analyzer's
// directives that lack a reason or suppress nothing.
type Reporter struct {
	pass      *analysis.Pass
	name      string
	dirs      *Directives
	generated map[*token.File]bool
	pending   []analysis.Diagnostic // reported at Finish, in position order
	cfg       *config.Config
	untyped   [][2]token.Pos // function declarations that did not type-check (partial.go)
}

// NewReporter returns a Reporter for the analyzer named name.
func NewReporter(pass *analysis.Pass, name string, dirs *Directives) *Reporter {
	r := &Reporter{pass: pass, name: name, dirs: dirs, generated: make(map[*token.File]bool)}
	r.cfg, _ = pass.ResultOf[config.Analyzer].(*config.Config)
	for _, f := range pass.Files {
		if ast.IsGenerated(f) {
			r.generated[pass.Fset.File(f.Pos())] = true
		}
	}
	r.untyped = untyped(pass)
	return r
}

// inUntyped reports whether pos lies in a function declaration that did
// not type-check (partial.go).
func (r *Reporter) inUntyped(pos token.Pos) bool { return In(r.untyped, pos) }

// Generated reports whether pos is in a generated file.
func (r *Reporter) Generated(pos token.Pos) bool {
	return r.generated[r.pass.Fset.File(pos)]
}

// Report reports d unless it is in a generated file or suppressed. A
// directive on the line of a related position suppresses it too.
func (r *Reporter) Report(d analysis.Diagnostic) {
	if r.Generated(d.Pos) || r.excluded(d.Pos) || r.inUntyped(d.Pos) {
		return
	}
	positions := []token.Pos{d.Pos}
	for _, rel := range d.Related {
		positions = append(positions, rel.Pos)
	}
	for _, p := range positions {
		if dir := r.dirs.Find("ignore", p, r.name); dir != nil {
			dir.used = true
			if dir.Reason != "" {
				return
			}
		}
	}
	if d.Category == "" {
		d.Category = r.name
	}
	r.pending = append(r.pending, d)
}

// Finish reports the diagnostics in position order, so that output does
// not depend on map iteration or scheduling, then the analyzer's malformed
// and unused ignore directives.
func (r *Reporter) Finish() {
	// Sort by file name and offset, not by token.Pos: drivers parse a
	// package's files in parallel, so Pos order between files varies.
	sort.SliceStable(r.pending, func(i, j int) bool {
		pi, pj := r.pass.Fset.Position(r.pending[i].Pos), r.pass.Fset.Position(r.pending[j].Pos)
		if pi.Filename != pj.Filename {
			return pi.Filename < pj.Filename
		}
		if pi.Offset != pj.Offset {
			return pi.Offset < pj.Offset
		}
		return r.pending[i].Message < r.pending[j].Message
	})
	for _, d := range r.dirs.list {
		if d.Verb != "ignore" || !containsExact(d.Checks, r.name) || r.generated[d.file] || r.excluded(d.Pos) {
			continue
		}
		switch {
		case d.Reason == "":
			r.pending = append(r.pending, analysis.Diagnostic{Pos: d.Pos, End: d.End, Category: "directive",
				Message: fmt.Sprintf("//mcpvet:ignore %s needs a reason after the check name, so that readers know why the finding does not apply", r.name)})
		case !d.used && r.untyped == nil:
			// (In a package that did not type-check, the finding a
			// directive suppresses may be one not reported.)
			r.pending = append(r.pending, analysis.Diagnostic{Pos: d.Pos, End: d.End, Category: "directive",
				Message: fmt.Sprintf("//mcpvet:ignore %s suppresses nothing here; remove it", r.name)})
		}
	}
	r.filterBaseline()
	for _, d := range r.pending {
		r.pass.Report(d)
	}
	r.pending = nil
}

// excluded reports whether the configuration file excludes pos's file
// for this analyzer.
func (r *Reporter) excluded(pos token.Pos) bool {
	if r.cfg == nil || r.cfg.File == nil || len(r.cfg.File.Exclude) == 0 {
		return false
	}
	tf := r.pass.Fset.File(pos)
	return tf != nil && r.cfg.Excluded(r.name, tf.Name())
}

// filterBaseline drops the pending diagnostics that the baseline records
// (as many of each fingerprint as it counts), and, when standalone mcpvet
// asks for records (baseline.RecordEnv), writes what it found, matched and
// judged.
func (r *Reporter) filterBaseline() {
	var bl *baseline.Set
	if r.cfg != nil {
		bl = r.cfg.Baseline
	}
	recording := baseline.Recording()
	if bl == nil && !recording || len(r.pending) == 0 && !recording {
		return
	}
	pkg := r.pass.Pkg.Path()
	var recs []baseline.Record
	var left map[string]int
	if bl != nil {
		left = make(map[string]int)
		for fp, e := range bl.Entries {
			if e.Check == r.name && e.Package == pkg {
				left[fp] = e.Count
				if recording {
					recs = append(recs, baseline.Record{Kind: "judged", Fingerprint: fp, Check: r.name, Package: pkg, Baseline: bl.Path})
				}
			}
		}
	}
	kept := r.pending[:0]
	for _, d := range r.pending {
		fn := baseline.FuncName(r.enclosingFunc(d.Pos))
		fp := baseline.Fingerprint(r.name, d.Category, pkg, fn, baseline.ToolName(d.Message))
		if left[fp] > 0 {
			left[fp]--
			if recording {
				recs = append(recs, baseline.Record{Kind: "matched", Fingerprint: fp, Check: r.name, Package: pkg, Baseline: bl.Path})
			}
			continue
		}
		kept = append(kept, d)
		if recording {
			recs = append(recs, baseline.Record{Kind: "found", Fingerprint: fp, Check: r.name, Category: d.Category, Package: pkg, Func: fn,
				Posn: r.pass.Fset.Position(d.Pos).String(), Message: d.Message})
		}
	}
	r.pending = kept
	baseline.Write(recs...)
}

// enclosingFunc returns the function declaration that contains pos.
func (r *Reporter) enclosingFunc(pos token.Pos) *ast.FuncDecl { return FuncDeclAt(r.pass.Files, pos) }

// FuncDeclAt returns the top-level function declaration of files that
// contains pos, or nil.
func FuncDeclAt(files []*ast.File, pos token.Pos) *ast.FuncDecl {
	for _, f := range files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			decls := f.Decls
			i := sort.Search(len(decls), func(i int) bool { return decls[i].End() > pos })
			if i < len(decls) && decls[i].Pos() <= pos {
				if fd, ok := decls[i].(*ast.FuncDecl); ok {
					return fd
				}
			}
			return nil
		}
	}
	return nil
}

func containsExact(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}
