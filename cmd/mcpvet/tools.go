package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/analyzer"
	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/internal/wording"
	"github.com/mcpvet/mcpvet/passes/blocks"
	"github.com/mcpvet/mcpvet/passes/config"
	"github.com/mcpvet/mcpvet/passes/effects"
	"github.com/mcpvet/mcpvet/passes/mcpmodel"
	"github.com/mcpvet/mcpvet/passes/toolcalls"
)

// toolInfo is one row of the tool inventory (mcpvet tools).
type toolInfo struct {
	Name         string       `json:"name"` // "" when not a constant
	SDK          string       `json:"sdk"`
	Registered   string       `json:"registered"` // file:line:col, relative to the working directory
	Handler      string       `json:"handler"`    // "" when it could not be resolved
	ReadOnly     string       `json:"readOnlyHint"`
	Idempotent   string       `json:"idempotentHint"`
	Destructive  string       `json:"destructiveHint"`
	HintsFrom    string       `json:"hintsFrom,omitempty"` // file:line of the data file declaring the hints
	Effects      []toolEffect `json:"effects"`
	KeyRead      bool         `json:"keyRead"`
	Findings     []toolFind   `json:"findings"`
	ReadOnlyCand bool         `json:"readOnlyCandidate"` // commits no effect, not annotated read-only
	pos          token.Position

	// Forwarder: a gateway's registration of a tool listed from an
	// upstream server, whose handler passes the call on
	// (toolcalls.Result.Forwarder). Its name and hints are the upstream
	// tool's, unknown here by design; Effects are the handler's own.
	Forwarder bool `json:"forwarder,omitempty"`

	// Unchecked: the registration or the handler lies in a function that
	// did not type-check, where the checks report nothing.
	Unchecked bool `json:"unchecked,omitempty"`
}

type toolEffect struct {
	Kind  string `json:"kind"`
	Sink  string `json:"sink"`
	Via   string `json:"via,omitempty"`
	Keyed bool   `json:"keyed"`
}

type toolFind struct {
	Check   string `json:"check"`
	Posn    string `json:"posn"`
	Message string `json:"message"`
}

const toolsUsage = `usage: mcpvet tools [-json | -markdown] [-test] [-mcpvet_config.FLAG=...] packages

Lists every MCP tool the packages register: its name, SDK, registration,
handler, the readOnly/idempotent/destructive hints as declared (? when
mcpvet cannot resolve the value; false includes absent, the spec
default, except destructive, shown as unset), the side effects its handler
commits (kind and sink; "pending interface call" for a call of the
module's own interface whose implementation only main wires in, which
dedupekey judges in main), whether it reads a dedupe key, and what each check
reports about it (? where its code did not type-check). A tool whose
handler commits no effect and is not annotated read-only is a candidate
for ReadOnlyHint: true. A gateway's registration of a tool it lists from
an upstream server, whose handler passes the call on, is a forwarder:
shown as (forwarded) ("forwarder": true in JSON); its name and hints are
the upstream tool's, its effects the handler's own. A tool looked up by
name in a map decoded from a YAML or JSON file that the packages embed
takes its name and hints from that file ("hintsFrom": file:line in JSON).
Packages that do not
type-check are listed as far as they did, and named on standard error
(exit 1).
`

// runTools implements "mcpvet tools".
func runTools(args []string, w io.Writer) int {
	fs := flag.NewFlagSet("mcpvet tools", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	asJSON := fs.Bool("json", false, "print JSON")
	asMarkdown := fs.Bool("markdown", false, "print a Markdown table, for a pull-request comment")
	tests := fs.Bool("test", false, "also load test files")
	config.Analyzer.Flags.VisitAll(func(f *flag.Flag) {
		fs.Var(f.Value, config.Name+"."+f.Name, f.Usage)
	})
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			fmt.Fprint(os.Stderr, toolsUsage)
			fs.SetOutput(os.Stderr)
			fs.PrintDefaults()
			return 0
		}
		fmt.Fprintf(os.Stderr, "mcpvet: tools: %v (mcpvet tools -h lists the flags)\n", err)
		return 2
	}
	if *asJSON && *asMarkdown {
		fmt.Fprintln(os.Stderr, "mcpvet: tools: -json and -markdown cannot be combined")
		return 2
	}
	patterns := fs.Args()
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	tools, loadErrs, err := inventory(patterns, *tests)
	if err != nil {
		fmt.Fprintf(os.Stderr, "mcpvet: %v\n", err)
		return 1
	}
	// What did not load is named after the inventory of what did.
	defer func() {
		for _, e := range loadErrs {
			fmt.Fprintf(os.Stderr, "mcpvet: %s\n", e)
		}
	}()
	code := 0
	if len(loadErrs) > 0 {
		code = 1
	}
	switch {
	case *asJSON:
		if tools == nil {
			tools = []*toolInfo{}
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		enc.Encode(tools)
	case *asMarkdown:
		writeMarkdown(w, tools)
	default:
		writeTable(w, tools)
	}
	return code
}

// inventory loads the packages, runs the suite over them and describes
// their tools.
//
// Packages that do not load or type-check are inventoried as far as they
// did (the suite runs despite errors); loadErrs names them, with their
// errors, and with a line per package checked partially. Only a pattern
// that matches nothing, or no package at all, is an error.
func inventory(patterns []string, tests bool) (tools []*toolInfo, loadErrs []string, err error) {
	cfg := &packages.Config{Mode: loadMode, Tests: tests, ParseFile: parseFile}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, nil, err
	}
	mcpmodel.SetCatalogue(mcpmodel.EmbeddedCatalogue(pkgs))
	defer mcpmodel.SetCatalogue(nil)
	analysisutil.SetLocalModules(analysisutil.LocalModules(pkgs))
	defer analysisutil.SetLocalModules(nil)
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			loadErrs = append(loadErrs, strings.ReplaceAll(strings.TrimPrefix(e.Error(), "-: "), ":\n\t", ": "))
		}
	})
	if noneLoaded(pkgs) {
		// Nothing loaded: a pattern that matches no directory or package.
		if len(loadErrs) > 0 {
			return nil, nil, fmt.Errorf("%s", strings.Join(loadErrs, "\nmcpvet: "))
		}
		return nil, nil, fmt.Errorf("%s matched no packages", strings.Join(patterns, " "))
	}
	loadErrs = append(loadErrs, partial(pkgs)...)
	// The building blocks are listed too, so that their results (the
	// model and the effects) are kept for the root packages.
	analyzers := append(analyzer.All(), blocks.Analyzer)
	g, err := checker.Analyze(analyzers, pkgs, nil)
	if err != nil {
		return nil, nil, err
	}
	type perPkg struct {
		model *mcpmodel.Model
		eff   *effects.Result
		calls *toolcalls.Result
		diags map[*analysis.Analyzer][]analysis.Diagnostic
	}
	byPkg := make(map[*packages.Package]*perPkg)
	get := func(p *packages.Package) *perPkg {
		if byPkg[p] == nil {
			byPkg[p] = &perPkg{diags: make(map[*analysis.Analyzer][]analysis.Diagnostic)}
		}
		return byPkg[p]
	}
	for _, act := range g.Roots {
		if act.Err != nil {
			return nil, nil, fmt.Errorf("%s: %s: %v", act.Package.PkgPath, act.Analyzer.Name, act.Err)
		}
		pp := get(act.Package)
		switch act.Analyzer {
		case blocks.Analyzer:
			if r, _ := act.Result.(*blocks.Result); r != nil {
				pp.model, pp.eff, pp.calls = r.Model, r.Effects, r.Calls
			}
		default:
			pp.diags[act.Analyzer] = act.Diagnostics
		}
	}
	wd, _ := os.Getwd()
	rel := func(p token.Position) string {
		if r, err := filepath.Rel(wd, p.Filename); err == nil && !strings.HasPrefix(r, "..") {
			p.Filename = r
		}
		return p.String()
	}
	ev := newEvidence(pkgs)
	var out []*toolInfo
	seen := make(map[string]*toolInfo) // a package and its test variant; a dispatcher's operations
	for p, pp := range byPkg {
		if pp.model == nil || pp.eff == nil {
			continue
		}
		untyped := analysisutil.Untyped(p.Fset, p.Syntax, p.TypesInfo, p.TypeErrors)
		for _, t := range pp.model.Tools {
			ti := describe(p, pp.eff, ev, t, rel)
			if pp.calls != nil && pp.calls.Forwarder(t) {
				ti.Forwarder = true
				ti.ReadOnlyCand = false // the upstream tool's effects are not known here
			}
			if t.Reg != nil && analysisutil.In(untyped, t.Reg.Pos()) {
				ti.Unchecked = true
			}
			if t.Handler != nil {
				if n := t.Handler.Node(); n != nil && analysisutil.In(untyped, n.Pos()) {
					ti.Unchecked = true
				}
			}
			if ti.Unchecked {
				ti.ReadOnlyCand = false // no evidence is complete there
			}
			var finds []toolFind
			for _, a := range analyzer.Suite {
				for _, d := range pp.diags[a] {
					if aboutTool(d, t) {
						finds = append(finds, toolFind{a.Name, rel(p.Fset.Position(d.Pos)), d.Message})
					}
				}
			}
			key := ti.Registered + "\x00" + ti.Name
			if prev := seen[key]; prev != nil {
				if t.Dispatch != nil {
					prev.addOperation(ti, finds)
				}
				continue
			}
			seen[key] = ti
			if t.Dispatch != nil {
				ti.dispatch(t.Dispatch)
			}
			ti.Findings = append([]toolFind{}, finds...)
			out = append(out, ti)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i].pos, out[j].pos
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		if a.Offset != b.Offset {
			return a.Offset < b.Offset
		}
		return out[i].Name < out[j].Name
	})
	return out, loadErrs, nil
}

// aboutTool reports whether d is about tool t: it lies in the
// registration, the hints or the handler, or a related position lies in
// the registration; and when it names tools, t is one of them (a
// template's call registers several tools at one position).
func aboutTool(d analysis.Diagnostic, t *mcpmodel.Tool) bool {
	if named, all := wording.ToolsNamed(d.Message); all && len(named) > 0 && t.Name != "" && !slices.Contains(named, t.Name) {
		return false
	}
	in := func(pos token.Pos, n ast.Node) bool {
		return n != nil && pos.IsValid() && n.Pos() <= pos && pos < n.End()
	}
	var nodes []ast.Node
	if t.Reg != nil {
		nodes = append(nodes, t.Reg)
	}
	if t.HintNode != nil {
		nodes = append(nodes, t.HintNode)
	}
	if t.Handler != nil {
		if n := t.Handler.Node(); n != nil {
			nodes = append(nodes, n)
		}
	}
	for _, n := range nodes {
		if in(d.Pos, n) {
			return true
		}
	}
	for _, r := range d.Related {
		if t.Reg != nil && in(r.Pos, t.Reg) {
			return true
		}
	}
	return false
}

func describe(p *packages.Package, eff *effects.Result, ev *evidence, t *mcpmodel.Tool, rel func(token.Position) string) *toolInfo {
	info := p.TypesInfo
	ti := &toolInfo{
		Name:        t.Name,
		SDK:         string(t.SDK),
		ReadOnly:    hint(t.ReadOnly, declared(info, t.Def, "ReadOnlyHint", "WithReadOnlyHintAnnotation")),
		Idempotent:  hint(t.Idempotent, declared(info, t.Def, "IdempotentHint", "WithIdempotentHintAnnotation")),
		Destructive: destructive(t, declared(info, t.Def, "DestructiveHint", "WithDestructiveHintAnnotation")),
		HintsFrom:   t.HintFile,
		Effects:     []toolEffect{},
	}
	if t.Reg != nil {
		ti.pos = p.Fset.Position(t.Reg.Pos())
		ti.Registered = rel(ti.pos)
	}
	h := t.Handler
	if h == nil {
		return ti // unresolved: nothing more is known
	}
	switch {
	case h.Obj != nil:
		ti.Handler = effects.QualifiedName(h.Obj)
	case h.Lit != nil:
		ti.Handler = "func literal at " + rel(p.Fset.Position(h.Lit.Pos()))
	}
	if body := h.Body(); body != nil {
		seen := make(map[toolEffect]bool)
		for _, at := range eff.EffectsInEnv(info, body, h.Env) {
			e := toolEffect{Kind: at.Effect.Kind, Sink: at.Effect.Sink, Via: at.Effect.Via, Keyed: at.Keyed}
			if !seen[e] {
				seen[e] = true
				ti.Effects = append(ti.Effects, e)
			}
			ti.KeyRead = ti.KeyRead || at.Keyed
		}
		ast.Inspect(body, func(n ast.Node) bool {
			if ti.KeyRead || n == nil {
				return false
			}
			if _, ok := eff.KeyReadAt(info, n); ok {
				ti.KeyRead = true
			}
			return true
		})
	} else if h.Obj != nil {
		if e := eff.HandlerEffect(h.Obj, h.Ref, h.Env); e != nil {
			ti.Effects = append(ti.Effects, toolEffect{Kind: e.Kind, Sink: e.Sink, Via: e.Via, Keyed: e.KeyChecked})
			ti.KeyRead = e.KeyChecked
		}
		if eff.FuncKeyRead(h.Obj) != nil {
			ti.KeyRead = true
		}
	}
	// No effect the package sees, but calls of an interface whose
	// implementation main wires in (effects' pending calls): shown as
	// such, not as none.
	if len(ti.Effects) == 0 {
		ti.Effects = append(ti.Effects, pendingEffects(info, eff, h)...)
	}
	// Precision first: only a tool whose author left readOnly out (not
	// one declared false, nor one whose annotations mcpvet cannot read),
	// that is not declared destructive or idempotent (both say it writes).
	ti.ReadOnlyCand = len(ti.Effects) == 0 && ti.ReadOnly == "unset" && ti.Destructive != "true" && t.Idempotent != mcpmodel.True
	if ti.ReadOnlyCand {
		// and positive evidence that the handler commits nothing.
		if body := h.Body(); body != nil {
			ti.ReadOnlyCand = ev.pure(info, body)
		} else if fn, ok := h.Obj.(*types.Func); ok && ev.decls[fn.Origin()].body != nil {
			src := ev.decls[fn.Origin()]
			ti.ReadOnlyCand = ev.pure(src.info, src.body)
		} else {
			ti.ReadOnlyCand = false
		}
	}
	return ti
}

// dispatch makes ti, the row of a dispatcher's first operation
// (mcpmodel.Tool.Dispatch), the row of the whole tool.
func (ti *toolInfo) dispatch(d *mcpmodel.Dispatch) {
	ti.Handler = fmt.Sprintf("dispatch to %d operations", d.Ops)
	if !d.Complete {
		ti.Handler = fmt.Sprintf("dispatch to %d+ operations", d.Ops)
		ti.ReadOnlyCand = false // an operation not resolved may write
	}
}

// addOperation adds to ti, a dispatcher's row, the effects and findings
// of another of its operations.
func (ti *toolInfo) addOperation(op *toolInfo, finds []toolFind) {
	for _, e := range op.Effects {
		if !slices.Contains(ti.Effects, e) {
			ti.Effects = append(ti.Effects, e)
		}
	}
	for _, f := range finds {
		if !slices.Contains(ti.Findings, f) {
			ti.Findings = append(ti.Findings, f)
		}
	}
	ti.KeyRead = ti.KeyRead || op.KeyRead
	ti.ReadOnlyCand = ti.ReadOnlyCand && op.ReadOnlyCand
	ti.Unchecked = ti.Unchecked || op.Unchecked
}

func hintString(h mcpmodel.Hint) string {
	if h == mcpmodel.Unknown {
		return "?"
	}
	return h.String()
}

// declared returns the hint named field (go-sdk ToolAnnotations field,
// mcp-go option option) as the tool definition's syntax declares it:
// "true", "false", "unset" (absent), or "?" when the definition is not a
// literal or an mcp.NewTool call whose options mcpvet can read (a
// variable, options passed as a slice, annotations built elsewhere).
func declared(info *types.Info, def ast.Expr, field, option string) string {
	def = unaddr(def)
	switch d := def.(type) {
	case *ast.CompositeLit:
	case *ast.CallExpr:
		if d.Ellipsis.IsValid() || calleeName(d) != "NewTool" {
			return "?"
		}
	default:
		return "?"
	}
	val := "unset"
	opaque := false // annotations given by a value mcpvet does not read
	ast.Inspect(def, func(n ast.Node) bool {
		if val != "unset" {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.KeyValueExpr:
			id, ok := n.Key.(*ast.Ident)
			if !ok {
				return true
			}
			switch id.Name {
			case field:
				val = boolString(info, n.Value)
				return false
			case "Annotations":
				if _, lit := unaddr(n.Value).(*ast.CompositeLit); !lit && !isNil(n.Value) {
					opaque = true
				}
			}
		case *ast.CallExpr:
			switch calleeName(n) {
			case option:
				if len(n.Args) == 1 {
					val = boolString(info, n.Args[0])
				} else {
					val = "?"
				}
				return false
			case "WithToolAnnotation":
				if len(n.Args) != 1 {
					opaque = true
				} else if _, lit := unaddr(n.Args[0]).(*ast.CompositeLit); !lit {
					opaque = true
				}
			}
		}
		return true
	})
	if val == "unset" && opaque {
		return "?"
	}
	return val
}

func unaddr(e ast.Expr) ast.Expr {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	return e
}

func isNil(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && id.Name == "nil"
}

func calleeName(call *ast.CallExpr) string {
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	}
	return ""
}

// hint shows a hint the model resolved, as declared: "unset" when the
// model's false is the spec default of an absent hint.
// destructive is the tool's destructive hint as written where the
// definition says it (decl), else as the model read it from the value
// (a hint set under a condition of a table's field, a builder's).
func destructive(t *mcpmodel.Tool, decl string) string {
	switch {
	case decl != "?" || !t.DestructiveRead || t.Destructive == mcpmodel.Unknown:
		return decl
	case t.Destructive == mcpmodel.True:
		return "true"
	case t.DestructiveUnset:
		return "unset"
	}
	return "false"
}

func hint(h mcpmodel.Hint, decl string) string {
	if h == mcpmodel.False && decl == "unset" {
		return "unset"
	}
	return hintString(h)
}

// boolString resolves a constant bool, &v of a constant-initialised
// variable is not followed, a pointer helper call f(constant) is.
func boolString(info *types.Info, e ast.Expr) string {
	e = ast.Unparen(e)
	if id, ok := e.(*ast.Ident); ok && id.Name == "nil" {
		return "unset"
	}
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 {
		e = call.Args[0]
	}
	if tv, ok := info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.Bool {
		return fmt.Sprint(constant.BoolVal(tv.Value))
	}
	return "?"
}

func effectString(e toolEffect) string {
	s := e.Kind + " (" + e.Sink
	if e.Via != "" && e.Via != e.Sink {
		s += " via " + e.Via
	}
	s += ")"
	if e.Keyed {
		s += " keyed"
	}
	return s
}

func (ti *toolInfo) row() []string {
	name := ti.Name
	switch {
	case name == "" && ti.Forwarder:
		name = "(forwarded)"
	case name == "":
		name = "?"
	}
	handler := ti.Handler
	if handler == "" {
		handler = "(unresolved)"
	}
	var effs []string
	for _, e := range ti.Effects {
		effs = append(effs, effectString(e))
	}
	eff := strings.Join(effs, "; ")
	if eff == "" {
		eff = "none"
		if ti.Handler == "" {
			eff = "?"
		}
	}
	key := "no"
	switch {
	case ti.KeyRead:
		key = "yes"
	case ti.Handler == "":
		key = "?"
	}
	var checks []string
	for _, f := range ti.Findings {
		checks = append(checks, f.Check)
	}
	check := strings.Join(dedupe(checks), ",")
	switch {
	case check == "" && ti.Unchecked:
		check = "?" // in code that did not type-check
	case check == "":
		check = "ok"
	}
	if ti.ReadOnlyCand {
		check += "; candidate for ReadOnlyHint: true"
	}
	return []string{name, ti.SDK, ti.Registered, handler, ti.ReadOnly, ti.Idempotent, ti.Destructive, eff, key, check}
}

var toolColumns = []string{"TOOL", "SDK", "REGISTERED", "HANDLER", "READONLY", "IDEMPOTENT", "DESTRUCTIVE", "EFFECTS", "KEY", "CHECKS"}

func writeTable(w io.Writer, tools []*toolInfo) {
	if len(tools) == 0 {
		fmt.Fprintln(w, "no MCP tools found")
		return
	}
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(toolColumns, "\t"))
	for _, ti := range tools {
		fmt.Fprintln(tw, strings.Join(ti.row(), "\t"))
	}
	tw.Flush()
	for _, ti := range tools {
		for _, f := range ti.Findings {
			fmt.Fprintf(w, "\n%s: %s: %s (%s)", f.Posn, toolLabel(ti), f.Message, f.Check)
		}
	}
	if hasFindings(tools) {
		fmt.Fprintln(w)
	}
}

func writeMarkdown(w io.Writer, tools []*toolInfo) {
	fmt.Fprintf(w, "### MCP tools (%d)\n\n", len(tools))
	if len(tools) == 0 {
		fmt.Fprintln(w, "No MCP tools found.")
		return
	}
	esc := strings.NewReplacer("|", `\|`, "*", `\*`, "_", `\_`, "<", "&lt;").Replace
	code := func(s string) string { return "`" + strings.ReplaceAll(s, "|", `\|`) + "`" }
	fmt.Fprintf(w, "| %s |\n|%s\n", strings.Join([]string{"Tool", "SDK", "Registered", "Handler", "readOnly", "idempotent", "destructive", "Effects", "Key read", "Checks"}, " | "), strings.Repeat("---|", len(toolColumns)))
	for _, ti := range tools {
		cells := ti.row()
		for i, c := range cells {
			if i == 0 || i == 2 || i == 3 {
				cells[i] = code(c)
			} else {
				cells[i] = esc(c)
			}
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(cells, " | "))
	}
	if hasFindings(tools) {
		fmt.Fprint(w, "\n<details><summary>Findings</summary>\n\n")
		for _, ti := range tools {
			for _, f := range ti.Findings {
				fmt.Fprintf(w, "- `%s` **%s** (%s): %s\n", f.Posn, esc(toolLabel(ti)), f.Check, esc(f.Message))
			}
		}
		fmt.Fprintln(w, "\n</details>")
	}
}

func toolLabel(ti *toolInfo) string {
	switch {
	case ti.Name == "" && ti.Forwarder:
		return "forwarder at " + ti.Registered
	case ti.Name == "":
		return "tool at " + ti.Registered
	}
	return "tool " + ti.Name
}

func hasFindings(tools []*toolInfo) bool {
	for _, ti := range tools {
		if len(ti.Findings) > 0 {
			return true
		}
	}
	return false
}

func dedupe(ss []string) []string {
	var out []string
	seen := make(map[string]bool)
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// evidence decides whether a handler positively commits nothing, for the
// read-only candidates: the effects pass stays silent when unsure, so "no
// effect found" alone is not evidence.
type evidence struct {
	decls map[*types.Func]funcSrc // functions declared in the main modules
	memo  map[*types.Func]int     // inProgress (a cycle: pure so far), isPure or isImpure
}

const (
	inProgress = iota + 1
	isPure
	isImpure
)

type funcSrc struct {
	body *ast.BlockStmt
	info *types.Info
}

func newEvidence(pkgs []*packages.Package) *evidence {
	ev := &evidence{decls: make(map[*types.Func]funcSrc), memo: make(map[*types.Func]int)}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if p.Module != nil && !p.Module.Main || p.TypesInfo == nil {
			return
		}
		for _, f := range p.Syntax {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
					if fn, ok := p.TypesInfo.Defs[fd.Name].(*types.Func); ok {
						ev.decls[fn] = funcSrc{fd.Body, p.TypesInfo}
					}
				}
			}
		}
	})
	return ev
}

// pure reports whether every call in body is a builtin or conversion, a
// function of the standard library, an SDK or a logging or telemetry
// package (whose effects the catalogue lists, so none was found), or a
// function of the main modules that is pure in turn; a call through an
// interface (other than context.Context and error), a function value,
// into another module, or an SDK client's CallTool (the tool it calls may
// write) is not evidence.
func (ev *evidence) pure(info *types.Info, body ast.Node) bool {
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		call, isCall := n.(*ast.CallExpr)
		if !ok || !isCall {
			return ok
		}
		if tv, found := info.Types[call.Fun]; found && (tv.IsType() || tv.IsBuiltin()) {
			return true
		}
		fn, isFunc := typeutil.Callee(info, call).(*types.Func)
		if !isFunc {
			ok = false // a function value
			return false
		}
		fn = fn.Origin()
		if fn.Pkg() == nil {
			return true // error.Error
		}
		if toolcalls.IsSDKCallTool(fn) {
			ok = false // a tool call: what the tool does is not known here
			return false
		}
		path := fn.Pkg().Path()
		if sig, _ := fn.Type().(*types.Signature); sig != nil && sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) {
			if path != "context" && !effects.InSDKModule(path) {
				ok = false
			}
			return ok
		}
		switch {
		case !strings.Contains(strings.Split(path, "/")[0], "."), effects.InSDKModule(path), effects.NeverEffect(path):
			return true
		}
		if m := ev.memo[fn]; m != 0 {
			ok = m != isImpure
			return ok
		}
		src, local := ev.decls[fn]
		if !local {
			ok = false // another module's function, not loaded with syntax here
			return false
		}
		ev.memo[fn] = inProgress
		ok = ev.pure(src.info, src.body)
		ev.memo[fn] = isImpure
		if ok {
			ev.memo[fn] = isPure
		}
		return ok
	})
	return ok
}

// noneLoaded reports whether no package of pkgs has files to analyze: the
// patterns matched nothing that exists.
func noneLoaded(pkgs []*packages.Package) bool {
	for _, p := range pkgs {
		if len(p.CompiledGoFiles) > 0 {
			return false
		}
	}
	return true
}

// pendingEffects lists the pending interface calls of handler h (effects'
// Effect.Iface), one per interface method, as the inventory shows them.
func pendingEffects(info *types.Info, eff *effects.Result, h *mcpmodel.Func) []toolEffect {
	var out []toolEffect
	add := func(e *effects.Effect) {
		te := toolEffect{Kind: e.Kind, Sink: e.Sink, Via: e.Via}
		for _, o := range out {
			if o == te {
				return
			}
		}
		out = append(out, te)
	}
	if body := h.Body(); body != nil {
		sc := eff.NewScope(info, body)
		ast.Inspect(body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if _, e := eff.CallEffectOrPending(sc, call); e != nil {
					add(e)
				}
			}
			return true
		})
	} else if h.Obj != nil {
		if e := eff.PendingFunc(h.Obj, h.Ref); e != nil {
			add(e)
		}
	}
	return out
}
