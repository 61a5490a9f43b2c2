package effects

import (
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// This file judges process runs by their command line: which binary, and
// which subcommand, as values.
//
// A run is an effect (not idempotent) when its binary is a constant not
// known to be read-only, when its subcommand is not a constant read of a
// known client, when a shell is given a script that is not a constant
// read, or when its binary is chosen at run time (a configured path) and
// its subcommand is not a constant read verb. Known read-only command
// lines (git status, go list, kubectl get, helm list, docker ps, ...) stay
// reads whatever their later arguments. A binary no table knows (a vendor
// CLI) is judged by its subcommand, the first argument after the leading
// flags, when it is a constant read word (catalogue.go's subReads:
// mytool status, mytool --json get x); other words keep it an effect.
// Where exec.go's shapes lose an argument list (a slice in a struct field,
// a constructor's result), the value-flow engine resolves it (flowArgs).
// Silent: a re-exec of the program
// itself (os.Args[0], os.Executable: gopls runs "gopls vulncheck", E18), a
// git or go subcommand chosen at run time (x/tools/go/packages builds go
// list command lines: mostly reads), a go or git run (other than push)
// whose working directory is temporary (a throwaway module), and a command
// built where this pass cannot see it.
//
// When the binary or the arguments come from the enclosing function's
// parameters (run(ctx, name, args...)), or from its receiver's fields (a
// command builder: NewCommandBuilder("kubectl").WithArgs(...).Execute(ctx)),
// the function's Effect carries a Proc and each call site judges the
// command line from its own arguments; the builder's line is read from
// the constant arguments of the chain of calls that built the receiver.

// Proc is the part of a process run's command line that a function's
// callers decide.
type Proc struct {
	Name    string   // the constant binary, or ""
	NameArg int      // 1-based index of the parameter naming the binary, or 0
	AnyBin  bool     // the binary is chosen at run time, not by the callers
	Prefix  []string // constant arguments before ArgsArg (nonConst for another value)
	ArgsArg int      // 1-based index of the parameter giving the remaining arguments, or 0
	Recv    bool     // the rest comes from the receiver, built by a chain of calls at the call site
	// Split says that parameter ArgsArg is a string whose words are the
	// remaining arguments (args = append(args, strings.Fields(command)...)).
	Split bool
	// CmdArg is the 1-based index of the *exec.Cmd parameter the function
	// runs (func run(cmd *exec.Cmd) error { return cmd.Run() }): each call
	// site judges the command its argument holds. The other fields are
	// then unset.
	CmdArg int
}

func (p *Proc) String() string {
	if p.CmdArg > 0 {
		return "[cmd $" + strconv.Itoa(p.CmdArg) + "]"
	}
	var parts []string
	switch {
	case p.NameArg > 0:
		parts = append(parts, "$"+strconv.Itoa(p.NameArg))
	case p.Name != "":
		parts = append(parts, p.Name)
	case p.AnyBin:
		parts = append(parts, "?")
	}
	for _, a := range p.Prefix {
		if a == nonConst {
			a = "?"
		}
		parts = append(parts, a)
	}
	if p.ArgsArg > 0 && p.Split {
		parts = append(parts, "words($"+strconv.Itoa(p.ArgsArg)+")...")
	} else if p.ArgsArg > 0 {
		parts = append(parts, "$"+strconv.Itoa(p.ArgsArg)+"...")
	}
	if p.Recv {
		parts = append(parts, "recv...")
	}
	return "[" + strings.Join(parts, " ") + "]"
}

const nonConst = "\x00"

type tokKind int

const (
	tokConst tokKind = iota
	tokParam         // a parameter of the enclosing function
	tokRecv          // derived from the enclosing method's receiver
	tokSelf          // os.Args[0], os.Executable(): the program itself
	tokOther         // any other value
)

type tok struct {
	kind   tokKind
	s      string
	param  int      // 1-based, for tokParam
	spread bool     // a slice of remaining arguments (args...)
	split  bool     // for a spread tokParam: the words of the string parameter (strings.Fields(command)...)
	alts   []string // for tokOther, the constants a variable is assigned, when all are
}

type verdict int

const (
	vSilent verdict = iota // unknown: no effect reported
	vRead
	vEffect
	vEffectIdem // an effect idempotent by nature: a subcommand that converges (rm, stop, apply)
	vCond       // decided by the callers: see Proc
)

// procSinks are the process-running functions judged here.
var procSinks = map[string]bool{
	"(*os/exec.Cmd).Run":            true,
	"(*os/exec.Cmd).Start":          true,
	"(*os/exec.Cmd).Output":         true,
	"(*os/exec.Cmd).CombinedOutput": true,
	"syscall.Exec":                  true,
	"golang.org/x/sys/unix.Exec":    true,
	"os.StartProcess":               true,
	"syscall.ForkExec":              true,
	"syscall.StartProcess":          true,
}

// condEffect judges the calls of the standard library whose effect
// depends on a value the caller may pass along: process runs and writes to
// a file (housekeeping.go). ok is false for other functions.
func (r *Result) condEffect(s *site, full string) (e *Effect, ok bool) {
	if fileWrites[full] {
		return s.fileWrite(full), true
	}
	if !procSinks[full] {
		return nil, false
	}
	var v verdict
	var p *Proc
	if strings.HasPrefix(full, "(*os/exec.Cmd)") {
		v, p = s.execCmdLine()
	} else if len(s.call.Args) >= 2 {
		// syscall.Exec(argv0, argv, envv), os.StartProcess(name, argv, attr):
		// argv[0] names the program again.
		args := s.sc.spreadToks(s.call.Args[1])
		if len(args) > 0 && !args[0].spread {
			args = args[1:]
		}
		v, p = judge(s.sc.tokOf(s.call.Args[0]), args, lineOpts{strict: s.sc.strict()})
	}
	return procResult(full, v, p, ""), true
}

func procResult(sink string, v verdict, p *Proc, via string) *Effect {
	switch v {
	case vEffect:
		return &Effect{Sink: sink, Kind: kindExec, Via: via}
	case vEffectIdem:
		return &Effect{Sink: sink, Kind: kindExec, Via: via, Idempotent: true}
	case vCond:
		return &Effect{Sink: sink, Kind: kindExec, Via: via, Proc: p}
	}
	return nil
}

// execCmdLine judges the *exec.Cmd the site's receiver holds, from the
// exec.Command or exec.CommandContext call that made it.
func (s *site) execCmdLine() (verdict, *Proc) {
	x := s.recvExpr()
	if x == nil {
		return vSilent, nil
	}
	return s.sc.cmdIn(x)
}

// cmdIn judges the command line of the *exec.Cmd that x holds: the
// exec.Command calls that define it, or, for a parameter of the
// enclosing function that it does not redefine, its callers' (Proc.CmdArg).
func (sc *Scope) cmdIn(x ast.Expr) (verdict, *Proc) {
	var makers []ast.Expr
	var cmdVar *types.Var
	if id, ok := ast.Unparen(x).(*ast.Ident); ok {
		cmdVar, _ = sc.obj(id).(*types.Var)
		if cmdVar == nil {
			return vSilent, nil
		}
		sc.build()
		for _, d := range sc.defs[cmdVar] {
			if d.idx < 0 {
				makers = append(makers, d.rhs)
			}
		}
		if len(sc.defs[cmdVar]) == 0 {
			if i, ok := sc.param(cmdVar); ok && !sc.tempDir(cmdVar) {
				return vCond, &Proc{CmdArg: i + 1}
			}
		}
	} else {
		makers = []ast.Expr{x}
	}
	tempDir := cmdVar != nil && sc.tempDir(cmdVar)
	if cmdVar != nil && len(makers) == 1 {
		if name, text, ok := sc.relayed(makers[0], cmdVar); ok {
			return judgeUnknown(name, sc.relayToks(text), lineOpts{strict: sc.strict()})
		}
	}
	best, bestP := vSilent, (*Proc)(nil)
	for _, m := range makers {
		v, p := sc.commandCall(m, tempDir)
		if v == vSilent && p == nil {
			v, p = sc.flowCommand(m, tempDir) // made by a helper
		}
		switch {
		case v == vEffect:
			return vEffect, nil
		case v == vEffectIdem:
			best, bestP = v, nil
		case v == vCond && len(makers) == 1:
			best, bestP = v, p
		}
	}
	return best, bestP
}

// flowCommand judges the *exec.Cmd that e holds as the value-flow engine
// finds it: the exec.Command or exec.CommandContext call a helper made
// (cmd := goCmd(ctx, "get", pkg)) or a struct field holds (run(j.cmd)),
// from the constants of its arguments as the engine binds them at this
// call.
func (sc *Scope) flowCommand(e ast.Expr, tempDir bool) (verdict, *Proc) {
	if !sc.flow() {
		return vSilent, nil
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if isExecCall(sc.info, e) {
			return vSilent, nil // a call the syntax judged already
		}
	case *ast.SelectorExpr, *ast.IndexExpr, *ast.StarExpr:
		// a field, an element, a pointer's target: c.cmd, cmds[i]
	default:
		return vSilent, nil
	}
	alts := sc.r.vf.Eval(e, nil).Each()
	if len(alts) != 1 || alts[0].Kind != valueflow.Call {
		return vSilent, nil
	}
	fn, _ := alts[0].Obj.(*types.Func)
	args, ok := cmdLine(fn, alts[0].Args)
	if !ok {
		return vSilent, nil
	}
	toks := make([]tok, len(args))
	for i, a := range args {
		toks[i] = tok{kind: tokOther, s: nonConst}
		if s, ok := a.String1(); ok {
			toks[i] = tok{kind: tokConst, s: s}
		}
	}
	return judge(toks[0], toks[1:], lineOpts{tempDir: tempDir, strict: sc.strict()})
}

// isExecCall reports whether call calls exec.Command or
// exec.CommandContext.
func isExecCall(info *types.Info, call *ast.CallExpr) bool {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	_, ok := cmdLine(fn, call.Args)
	return ok
}

// commandCall judges an exec.Command or exec.CommandContext call.
func (sc *Scope) commandCall(e ast.Expr, tempDir bool) (verdict, *Proc) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return vSilent, nil
	}
	fn, _ := typeutil.Callee(sc.info, call).(*types.Func)
	args, ok := cmdLine(fn, call.Args)
	if !ok {
		return vSilent, nil
	}
	bin := sc.tokOf(args[0])
	if bin.kind == tokConst && localFileBins[path.Base(bin.s)] && slices.ContainsFunc(args[1:], sc.mentionsTemp) {
		// cp -R app <cache dir>/app, hdiutil attach img -mountpoint <temp
		// dir>: a local file command given a temporary or cache path
		// works on it (housekeeping).
		return vSilent, nil
	}
	return judge(bin, sc.argToks(args[1:], call.Ellipsis.IsValid()), lineOpts{tempDir: tempDir, strict: sc.strict()})
}

// localFileBins are commands that change only the local files their
// arguments name: idempotent by nature (judgeNamed), and housekeeping
// on a temporary or cache path (commandCall).
var localFileBins = words("cp", "mv", "rm", "mkdir", "rmdir", "ln", "touch", "chmod", "chown", "tar",
	"unzip", "gunzip", "ditto", "hdiutil", "rsync", "install", "xattr")

// cmdLine returns the command line (binary first) among the arguments of
// a call of fn, when fn is exec.Command or exec.CommandContext and the
// line is not empty.
func cmdLine[T any](fn *types.Func, args []T) ([]T, bool) {
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "os/exec" {
		return nil, false
	}
	switch fn.Name() {
	case "Command":
	case "CommandContext":
		if len(args) == 0 {
			return nil, false
		}
		args = args[1:]
	default:
		return nil, false
	}
	return args, len(args) > 0
}

// argToks classifies call arguments; the last one is spread when the call
// has an ellipsis.
func (sc *Scope) argToks(args []ast.Expr, ellipsis bool) []tok {
	var toks []tok
	for i, a := range args {
		if ellipsis && i == len(args)-1 {
			toks = append(toks, sc.spreadToks(a)...)
			continue
		}
		toks = append(toks, sc.tokOf(a))
	}
	return toks
}

// spreadToks classifies a slice of arguments: a literal, an append, or
// one spread value.
func (sc *Scope) spreadToks(e ast.Expr) []tok {
	e = ast.Unparen(e)
	if id, ok := e.(*ast.Ident); ok && !sc.elemStored(id) {
		if call, i, ok := sc.prepended(id); ok {
			// args = append(prefix, args...): the prefix, then the
			// callers' arguments.
			toks := sc.spreadToks(call.Args[0])
			toks = append(toks, sc.argToks(call.Args[1:len(call.Args)-1], false)...)
			for j := range toks {
				if toks[j].kind == tokRecv {
					// Not a builder's line: a value of the receiver
					// this pass does not follow.
					toks[j] = tok{kind: tokOther, spread: toks[j].spread}
				}
			}
			return append(toks, tok{kind: tokParam, param: i + 1, spread: true})
		}
		d, single := sc.single(id)
		if _, lit := ast.Unparen(d).(*ast.CompositeLit); single && lit {
			e = ast.Unparen(d)
		} else if lit, appends, ok := sc.grownLiteral(id); ok {
			// args := []string{"container", "list"}; args = append(args, ...):
			// the literal, then what each append adds, in order.
			var toks []tok
			if lit != nil {
				toks = sc.spreadToks(lit)
			}
			for _, a := range appends {
				toks = append(toks, sc.argToks(a.Args[1:], a.Ellipsis.IsValid())...)
			}
			return toks
		}
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		var toks []tok
		for _, el := range e.Elts {
			toks = append(toks, sc.tokOf(el))
		}
		return toks
	case *ast.CallExpr:
		if len(e.Args) > 0 && sc.isAppend(e) {
			toks := sc.spreadToks(e.Args[0])
			return append(toks, sc.argToks(e.Args[1:], e.Ellipsis.IsValid())...)
		}
		if x, ok := wordsOf(sc.info, e); ok {
			// strings.Fields(command): the words of a string.
			return sc.splitToks(x)
		}
	}
	t := sc.tokOf(e)
	if t.kind == tokOther && t.alts == nil || t.kind == tokRecv {
		// args in a struct field, a constructor's result, or what an
		// interface method of the receiver's field returns
		// (e.Auth.Flags(e.URL)): the engine's slice, when it has one.
		if toks, ok := sc.flowArgs(e); ok {
			return toks
		}
	}
	t.spread = true
	return []tok{t}
}

// prepended reports whether id is the slice parameter i of the enclosing
// function, assigned once, before id, to itself behind a prefix:
// args = append(base, args...) (mcp-nats's executor puts its
// authentication flags first).
func (sc *Scope) prepended(id *ast.Ident) (*ast.CallExpr, int, bool) {
	v, _ := sc.obj(id).(*types.Var)
	if v == nil {
		return nil, 0, false
	}
	i, ok := sc.param(v)
	if !ok {
		return nil, 0, false
	}
	ds := sc.defsOf(v)
	if len(ds) != 1 || ds[0].idx >= 0 || ds[0].rhs.Pos() > id.Pos() {
		return nil, 0, false
	}
	call, ok := ast.Unparen(ds[0].rhs).(*ast.CallExpr)
	if !ok || !call.Ellipsis.IsValid() || len(call.Args) < 2 || !sc.isAppend(call) {
		return nil, 0, false
	}
	last, ok := ast.Unparen(call.Args[len(call.Args)-1]).(*ast.Ident)
	if !ok || sc.obj(last) != v {
		return nil, 0, false
	}
	return call, i, true
}

// isAppend reports whether call calls the built-in append.
func (sc *Scope) isAppend(call *ast.CallExpr) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || id.Name != "append" {
		return false
	}
	_, builtin := sc.info.Uses[id].(*types.Builtin)
	return builtin
}

// elemStored reports whether an element of the local slice id is
// assigned in the scope's body (args[0] = "delete"): its literal is then
// not the command line.
func (sc *Scope) elemStored(id *ast.Ident) bool {
	v, _ := sc.obj(id).(*types.Var)
	if v == nil {
		return false
	}
	found := false
	analysisutil.Inspect(sc.body, func(n ast.Node) bool {
		if found {
			return false
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for _, l := range as.Lhs {
			if ix, ok := ast.Unparen(l).(*ast.IndexExpr); ok {
				if x, ok := ast.Unparen(ix.X).(*ast.Ident); ok && sc.obj(x) == v {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// grownLiteral returns the slice literal a local variable starts as, when
// its other assignments only append to it, and those appends.
func (sc *Scope) grownLiteral(id *ast.Ident) (ast.Expr, []*ast.CallExpr, bool) {
	v, _ := sc.obj(id).(*types.Var)
	if v == nil {
		return nil, nil, false
	}
	var lit ast.Expr
	var appends []*ast.CallExpr
	for _, d := range sc.defsOf(v) {
		if d.idx >= 0 {
			return nil, nil, false
		}
		rhs := ast.Unparen(d.rhs)
		if _, ok := rhs.(*ast.CompositeLit); ok && lit == nil {
			lit = rhs
			continue
		}
		call, ok := rhs.(*ast.CallExpr)
		if !ok || len(call.Args) == 0 {
			return nil, nil, false
		}
		if !sc.isAppend(call) {
			return nil, nil, false
		}
		if first, ok := ast.Unparen(call.Args[0]).(*ast.Ident); !ok || sc.obj(first) != v {
			return nil, nil, false
		}
		appends = append(appends, call)
	}
	if lit != nil && len(appends) > 0 && appends[0].Pos() < lit.Pos() {
		return nil, nil, false // appended to before the literal: another order
	}
	if lit == nil && len(appends) > 0 && sc.declaredNil(v) {
		return nil, appends, true // var args []string; args = append(args, "server", "list")
	}
	return lit, appends, lit != nil
}

// declaredNil reports whether the local v is declared in the scope's body
// by a var declaration without a value.
func (sc *Scope) declaredNil(v *types.Var) bool {
	found := false
	analysisutil.Inspect(sc.body, func(n ast.Node) bool {
		if found {
			return false
		}
		if vs, ok := n.(*ast.ValueSpec); ok && len(vs.Values) == 0 {
			for _, name := range vs.Names {
				if sc.info.Defs[name] == v {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// wordsOf returns the string whose words call yields: strings.Fields(x),
// strings.Split(x, " ").
func wordsOf(info *types.Info, call *ast.CallExpr) (ast.Expr, bool) {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "strings" {
		return nil, false
	}
	switch fn.Name() {
	case "Fields":
		return call.Args[0], len(call.Args) == 1
	case "Split":
		if len(call.Args) == 2 {
			if tv, ok := info.Types[call.Args[1]]; ok && tv.Value != nil && tv.Value.ExactString() == `" "` {
				return call.Args[0], true
			}
		}
	}
	return nil, false
}

// splitToks returns the words of the string e as arguments: a constant's,
// the constant words a format starts with (fmt.Sprintf("endpoint get -l
// %s", ...)), a parameter's (each caller's: tok.split), else one value
// not known.
func (sc *Scope) splitToks(e ast.Expr) []tok {
	if s, ok := sc.stringOf(e); ok {
		var toks []tok
		for _, w := range strings.Fields(s) {
			toks = append(toks, tok{kind: tokConst, s: w})
		}
		return toks
	}
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && len(call.Args) > 0 {
		if fn, _ := typeutil.Callee(sc.info, call).(*types.Func); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "fmt" && fn.Name() == "Sprintf" {
			if format, ok := sc.stringOf(call.Args[0]); ok {
				var toks []tok
				verb := 1 // the argument of the next verb
				for _, w := range strings.Fields(format) {
					if !strings.Contains(w, "%") {
						toks = append(toks, tok{kind: tokConst, s: w})
						continue
					}
					// A word that is one verb: its argument's, when a
					// constant or the enclosing function's parameter
					// (fmt.Sprintf("%s %s %s/%s", action, kind, ...)).
					if (w != "%s" && w != "%v") || verb >= len(call.Args) {
						break
					}
					a := call.Args[verb]
					verb++
					if s, ok := sc.stringOf(a); ok && len(strings.Fields(s)) == 1 {
						toks = append(toks, tok{kind: tokConst, s: s})
						continue
					}
					if t := sc.tokOf(a); t.kind == tokParam {
						toks = append(toks, t)
					}
					break
				}
				return append(toks, tok{kind: tokOther, spread: true})
			}
		}
	}
	if t := sc.tokOf(e); t.kind == tokParam {
		t.spread, t.split = true, true
		return []tok{t}
	}
	return []tok{{kind: tokOther, spread: true}}
}

// tokOf classifies one value of a command line.
func (sc *Scope) tokOf(e ast.Expr) tok {
	t := sc.tokDepth(e, 0)
	if t.kind == tokOther && t.alts == nil && sc.flow() {
		// The engine, where the shapes above give up: a constant in a
		// struct field, a constructor's result.
		v := sc.r.vf.Eval(e, nil)
		if ss, ok := v.Strings(); ok && len(ss) > 0 {
			if len(ss) == 1 {
				return tok{kind: tokConst, s: ss[0]}
			}
			return tok{kind: tokOther, alts: ss}
		}
		if s, ok := lookPathOf(v); ok {
			return tok{kind: tokConst, s: s}
		}
	}
	return t
}

func (sc *Scope) tokDepth(e ast.Expr, depth int) tok {
	if s, ok := sc.stringOf(e); ok {
		return tok{kind: tokConst, s: s}
	}
	if isOSArgs0(sc.info, e) {
		return tok{kind: tokSelf}
	}
	if sc.flowSelf(e) {
		return tok{kind: tokSelf}
	}
	e = ast.Unparen(e)
	switch e := e.(type) {
	case *ast.CallExpr:
		if fn, _ := typeutil.Callee(sc.info, e).(*types.Func); fn != nil && fn.Pkg() != nil {
			switch fn.Pkg().Path() + "." + fn.Name() {
			case "os/exec.LookPath":
				if len(e.Args) == 1 {
					if s, ok := sc.stringOf(e.Args[0]); ok {
						return tok{kind: tokConst, s: s}
					}
				}
			case "os.Executable":
				return tok{kind: tokSelf}
			}
		}
		if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok && sc.isRecvRooted(sel.X) {
			return tok{kind: tokRecv} // cb.Build()
		}
	case *ast.SelectorExpr:
		if sc.isRecvRooted(e.X) {
			return tok{kind: tokRecv}
		}
	case *ast.Ident:
		v, _ := sc.obj(e).(*types.Var)
		if v == nil {
			break
		}
		if sc.sig != nil {
			if sc.sig.Recv() == v {
				return tok{kind: tokRecv}
			}
			for i := 0; i < sc.sig.Params().Len(); i++ {
				if sc.sig.Params().At(i) == v {
					if len(sc.defsOf(v)) > 0 {
						return tok{kind: tokOther} // reassigned
					}
					return tok{kind: tokParam, param: i + 1}
				}
			}
		}
		if depth > 3 {
			break
		}
		ds := sc.defsOf(v)
		if len(ds) == 0 {
			break
		}
		var first tok
		var alts []string // the constants assigned, while all are
		for i, d := range ds {
			var t tok
			if d.idx >= 0 {
				t = sc.tupleTok(d.rhs, depth+1)
			} else {
				t = sc.tokDepth(d.rhs, depth+1)
			}
			if t.kind == tokConst && (i == 0 || alts != nil) {
				alts = append(alts, t.s)
			} else {
				alts = nil
			}
			if i == 0 {
				first = t
			} else if t.kind != first.kind || t.s != first.s || t.param != first.param {
				first = tok{kind: tokOther}
			}
		}
		if first.kind == tokOther && len(alts) == len(ds) {
			return tok{kind: tokOther, alts: alts} // listFiles := "lsof"; if bsd { listFiles = "fstat" }
		}
		if first.kind == tokConst || first.kind == tokRecv || first.kind == tokSelf {
			return first
		}
	}
	return tok{kind: tokOther}
}

// tupleTok classifies one result of a tuple-valued right-hand side:
// command, args, err := cb.Build() comes from the receiver.
func (sc *Scope) tupleTok(rhs ast.Expr, depth int) tok {
	if call, ok := ast.Unparen(rhs).(*ast.CallExpr); ok {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sc.isRecvRooted(sel.X) {
			return tok{kind: tokRecv}
		}
		if fn, _ := typeutil.Callee(sc.info, call).(*types.Func); fn != nil && fn.Pkg() != nil {
			switch fn.Pkg().Path() + "." + fn.Name() {
			case "os.Executable":
				return tok{kind: tokSelf}
			case "os/exec.LookPath":
				// bin, err := exec.LookPath("socat"): the binary named.
				if len(call.Args) == 1 {
					if t := sc.tokOf(call.Args[0]); t.kind == tokConst {
						return t
					}
				}
			}
		}
	}
	return tok{kind: tokOther}
}

func (sc *Scope) defsOf(v *types.Var) []def {
	sc.build()
	return sc.defs[v]
}

// isRecvRooted reports whether e is the enclosing method's receiver or a
// field path from it (cb, cb.opts).
func (sc *Scope) isRecvRooted(e ast.Expr) bool {
	if sc.sig == nil || sc.sig.Recv() == nil {
		return false
	}
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.Ident:
			return sc.obj(x) == sc.sig.Recv()
		default:
			return false
		}
	}
}

// tempDir reports whether the command's working directory is assigned a
// temporary path (cmd.Dir = tempDir).
func (sc *Scope) tempDir(cmd *types.Var) bool {
	return slices.ContainsFunc(sc.fieldStores(cmd, "Dir"), sc.mentionsTemp)
}

// fieldStores returns the values assigned to field name of the variable
// v in the scope's body (cmd.Dir = X, cmd.Stdin = Y).
func (sc *Scope) fieldStores(v *types.Var, name string) []ast.Expr {
	var rhs []ast.Expr
	analysisutil.Inspect(sc.body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, l := range as.Lhs {
			sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != name {
				continue
			}
			if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && sc.obj(id) == v {
				rhs = append(rhs, sc.inlined(as.Rhs[i]))
			}
		}
		return true
	})
	return rhs
}

// inlined is what a literal a helper runs returns where e runs it (cmd.Stdin
// = run(func() io.Reader { return strings.NewReader(line) })): valueflow's
// Inlined, for the checks' scopes.
func (sc *Scope) inlined(e ast.Expr) ast.Expr {
	if !sc.flow() {
		return e
	}
	return sc.r.vf.Inlined(e)
}

// relayBins pass their standard input on to a socket: what the run does
// is what the text says to the server at the other end (a text protocol:
// HAProxy's runtime API through socat), not what their arguments (the
// addresses) say.
var relayBins = words("socat", "nc", "ncat", "netcat")

// relayed returns the binary and the text a relay (relayBins) made by the
// exec call m sends, when its one standard input is a reader of a string
// (cmd.Stdin = strings.NewReader(command + "\n")): the text's words are
// judged like the subcommand of a binary no table knows (show stat reads,
// set server ... writes), the callers' when it is a parameter.
func (sc *Scope) relayed(m ast.Expr, cmd *types.Var) (string, ast.Expr, bool) {
	call, ok := ast.Unparen(sc.inlined(m)).(*ast.CallExpr)
	if !ok {
		return "", nil, false
	}
	var bin tok
	fn, _ := typeutil.Callee(sc.info, call).(*types.Func)
	if args, ok := cmdLine(fn, call.Args); ok {
		bin = sc.tokOf(args[0])
	} else if sc.flow() {
		// A helper made the command (cmd := newCmd(bin, addr)): the
		// engine's exec.Command call.
		v := sc.r.vf.Eval(call, nil)
		if len(v.Each()) != 1 || v.Kind != valueflow.Call {
			return "", nil, false
		}
		fn, _ := v.Obj.(*types.Func)
		args, ok := cmdLine(fn, v.Args)
		if !ok {
			return "", nil, false
		}
		if s, ok := args[0].String1(); ok {
			bin = tok{kind: tokConst, s: s}
		} else if s, ok := lookPathOf(args[0]); ok {
			bin = tok{kind: tokConst, s: s}
		}
	}
	if bin.kind != tokConst || !relayBins[path.Base(bin.s)] {
		return "", nil, false
	}
	in := sc.fieldStores(cmd, "Stdin")
	if len(in) != 1 {
		return "", nil, false
	}
	text, ok := readerText(sc.info, in[0])
	if !ok {
		return path.Base(bin.s), in[0], sc.flow() // a helper made the reader: relayToks asks the engine
	}
	// command + "\n": the line's terminator adds no word; a local
	// holding it (line := command + "\n") is followed to its one value.
	for range 4 {
		if id, ok := ast.Unparen(text).(*ast.Ident); ok {
			if d, ok := sc.single(id); ok {
				if _, isConst := sc.stringOf(id); !isConst {
					text = d
				}
			}
		}
		b, ok := ast.Unparen(text).(*ast.BinaryExpr)
		if !ok || b.Op != token.ADD {
			break
		}
		if s, ok := sc.stringOf(b.Y); !ok || strings.TrimSpace(s) != "" {
			break
		}
		text = b.X
	}
	return path.Base(bin.s), text, true
}

// relayToks returns the words of the text a relay sends: the syntax's
// (splitToks), else the value-flow engine's, where a helper built the
// text or the reader (cmd.Stdin = newLine(command)).
func (sc *Scope) relayToks(text ast.Expr) []tok {
	toks := sc.splitToks(text)
	if len(toks) != 1 || toks[0].kind != tokOther || !sc.flow() {
		return toks
	}
	v := sc.r.vf.Eval(text, nil)
	if v.Kind == valueflow.Call && len(v.Args) == 1 && readerFuncs[funcPath(v.Obj)] {
		v = v.Args[0] // the reader a helper made: its string
	} else if _, isReader := readerText(sc.info, text); !isReader && !isString(sc.info.TypeOf(text)) {
		return toks
	}
	if words, ok := sc.flowWords(v, 0); ok {
		return words
	}
	return toks
}

// flowWords returns the words of the string value v: a constant's, the
// enclosing function's parameter's (each caller's: tok.split), or those
// of a concatenation of these whose later operands are blank (command +
// "\n").
func (sc *Scope) flowWords(v *valueflow.Value, depth int) ([]tok, bool) {
	if depth > 3 || len(v.Each()) != 1 {
		return nil, false
	}
	if s, ok := v.String1(); ok {
		var toks []tok
		for _, w := range strings.Fields(s) {
			toks = append(toks, tok{kind: tokConst, s: w})
		}
		return toks, true
	}
	switch v.Kind {
	case valueflow.Param:
		pv, _ := v.Obj.(*types.Var)
		if i, ok := sc.param(pv); ok && pv != nil {
			return []tok{{kind: tokParam, param: i + 1, spread: true, split: true}}, true
		}
	case valueflow.Concat:
		if len(v.Args) == 0 {
			return nil, false
		}
		for _, a := range v.Args[1:] {
			if s, ok := a.String1(); !ok || strings.TrimSpace(s) != "" {
				return nil, false
			}
		}
		return sc.flowWords(v.Args[0], depth+1)
	}
	return nil, false
}

// lookPathOf returns the binary v finds on PATH when v is the path
// exec.LookPath returns for a constant name.
func lookPathOf(v *valueflow.Value) (string, bool) {
	if len(v.Each()) != 1 || v.Kind != valueflow.Call || v.Index != 0 || len(v.Args) != 1 || funcPath(v.Obj) != "os/exec.LookPath" {
		return "", false
	}
	return v.Args[0].String1()
}

// funcPath names a package-level function by its package path
// ("os/exec.LookPath"); "" for anything else.
func funcPath(obj types.Object) string {
	fn, ok := obj.(*types.Func)
	if !ok || fn == nil || fn.Pkg() == nil || fn.Type().(*types.Signature).Recv() != nil {
		return ""
	}
	return fn.Pkg().Path() + "." + fn.Name()
}

// readerFuncs make a reader of the string (or []byte) they are given.
var readerFuncs = words("strings.NewReader", "bytes.NewBufferString", "bytes.NewReader", "bytes.NewBuffer")

func isString(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// readerText returns the string a reader made by strings.NewReader,
// bytes.NewBufferString, or bytes.NewReader or bytes.NewBuffer of a
// []byte conversion reads.
func readerText(info *types.Info, e ast.Expr) (ast.Expr, bool) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil, false
	}
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil {
		return nil, false
	}
	switch fn.Pkg().Path() + "." + fn.Name() {
	case "strings.NewReader", "bytes.NewBufferString":
		return call.Args[0], true
	case "bytes.NewReader", "bytes.NewBuffer":
		conv, ok := ast.Unparen(call.Args[0]).(*ast.CallExpr)
		if !ok || len(conv.Args) != 1 {
			return nil, false
		}
		if tv, ok := info.Types[conv.Fun]; ok && tv.IsType() {
			return conv.Args[0], true
		}
	}
	return nil, false
}

// lineOpts are the circumstances of a command line: a temporary working
// directory; strict, in the packages of the main module (the server's own
// code), where a binary not known to be read-only is an effect. In a
// dependency, a command line the library fixes itself (pkg-config, lsof,
// a GOPACKAGESDRIVER named by the environment) is judged by the tables of
// known clients and shells only: what the tool's input chooses reaches the
// server's code through the Proc facts, where it is judged strictly.
type lineOpts struct {
	tempDir, strict bool
}

// effect is the verdict on a binary not known to be read-only.
func (o lineOpts) effect() verdict {
	if o.strict {
		return vEffect
	}
	return vSilent
}

func (sc *Scope) strict() bool { return sc.r == nil || sc.r.strictProc }

// judge decides a command line from its binary and arguments.
func judge(bin tok, args []tok, o lineOpts) (verdict, *Proc) {
	switch bin.kind {
	case tokSelf:
		return vSilent, nil
	case tokParam:
		p := &Proc{NameArg: bin.param}
		condArgs(p, args)
		return vCond, p
	case tokRecv:
		for _, a := range args {
			if a.kind == tokRecv {
				// A builder: the whole line is the receiver's.
				return vCond, &Proc{Recv: true}
			}
		}
		return judgeAny(args, o) // a configured binary: d.bin
	case tokConst:
		return judgeNamed(bin.s, args, o)
	}
	if bin.alts != nil {
		// One of several constants: an effect if any is.
		best := vSilent
		for _, name := range bin.alts {
			switch v, _ := judgeNamed(name, args, o); v {
			case vEffect, vEffectIdem:
				return vEffect, nil
			case vRead:
				best = vRead
			}
		}
		return best, nil
	}
	return judgeAny(args, o)
}

// condArgs records in p the arguments up to the first parameter.
func condArgs(p *Proc, args []tok) {
	for _, a := range args {
		switch a.kind {
		case tokParam:
			p.ArgsArg = a.param
			return
		case tokRecv:
			p.Recv = true
			return
		case tokConst:
			if a.spread {
				p.Prefix = append(p.Prefix, nonConst)
				return
			}
			p.Prefix = append(p.Prefix, a.s)
		default:
			p.Prefix = append(p.Prefix, nonConst)
			if a.spread {
				return
			}
		}
	}
}

// effectOf is the verdict on a subcommand that is not a read: idempotent
// by nature when repeating it converges (a second rm, stop or apply
// leaves the same state, or fails).
func effectOf(sub string) verdict {
	if idemVerbs[sub] {
		return vEffectIdem
	}
	return vEffect
}

var idemVerbs = words("rm", "rmi", "remove", "delete", "del", "stop", "kill", "uninstall", "pull", "push",
	"apply", "scale", "label", "annotate", "set", "destroy", "disable", "enable", "cordon", "uncordon",
	"pause", "unpause", "tag", "untag", "upgrade", "prune", "drain")

// prefixOf renders the arguments before the callers' part.
func prefixOf(args []tok) []string {
	var p []string
	for _, a := range args {
		if a.kind == tokConst && !a.spread {
			p = append(p, a.s)
		} else {
			p = append(p, nonConst)
		}
	}
	return p
}

// judgeNamed judges a run of a constant binary.
func judgeNamed(name string, args []tok, o lineOpts) (verdict, *Proc) {
	tempDir := o.tempDir
	base := strings.TrimSuffix(path.Base(strings.ReplaceAll(name, `\`, "/")), ".exe")
	if shells[base] || shells[base+".exe"] {
		for i, a := range args {
			if a.kind == tokConst && !a.spread && (a.s == "-c" || a.s == "/c" || a.s == "/C" || strings.EqualFold(a.s, "-command")) {
				if i+1 < len(args) && args[i+1].kind == tokConst && !args[i+1].spread {
					return judgeScript(args[i+1].s, o)
				}
				return vEffect, nil
			}
		}
		return vEffect, nil // a script file, or one read from stdin
	}
	if readOnlyBins[base] {
		return vRead, nil
	}
	if localFileBins[base] {
		// mkdir -p, cp, rm -f, chmod: a repeat leaves the same files,
		// or fails.
		return vEffectIdem, nil
	}
	reads, known := commandReads[base]
	if !known {
		return judgeUnknown(name, args, o)
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a.kind == tokConst && !a.spread:
			if strings.HasPrefix(a.s, "-") {
				if !strings.Contains(a.s, "=") && i+1 < len(args) && !args[i+1].spread &&
					(args[i+1].kind != tokConst || valueFlags[a.s] || binValueFlags[base][a.s]) {
					i++ // the flag's value
				}
				continue
			}
			if tempDir && (base == "go" || (base == "git" && a.s != "push")) {
				return vSilent, nil // in a throwaway module or checkout
			}
			if reads[a.s] && (base == "git" && !gitWrites(a.s, args[i+1:]) || base != "git" && !setsConfig(a.s, args[i+1:])) {
				return vRead, nil
			}
			next, _ := constWord(args, i+1)
			if next != "" && reads[a.s+" "+next] {
				return vRead, nil // istioctl waypoint list
			}
			if base == "kubectl" && a.s == "exec" {
				return judgeExec(args[i+1:], o) // kubectl exec pod -- cmd: cmd's
			}
			if groupWords[a.s] && !readMostly[base] {
				return judgeAny(args[i+1:], lineOpts{strict: true}) // podman image pull, kubectl auth can-i
			}
			if idemVerbs[next] {
				return vEffectIdem, nil // cilium-dbg kvstore delete: the verb after the group
			}
			return effectOf(a.s), nil
		case a.kind == tokParam:
			return vCond, &Proc{Name: name, Prefix: prefixOf(args[:i]), ArgsArg: a.param, Split: a.split}
		case a.kind == tokRecv:
			return vCond, &Proc{Name: name, Prefix: prefixOf(args[:i]), Recv: true}
		}
		// A subcommand chosen at run time.
		if readMostly[base] {
			return vSilent, nil
		}
		return vEffect, nil
	}
	return vRead, nil // no subcommand: help or version
}

// judgeUnknown judges a run of a constant binary that no table knows by
// its subcommand, the first argument after the leading flags: a constant
// read word (subReads) makes it a read; a write word (subWrites), another
// word or a value not known here leave it an effect in the main module
// (silent in a dependency), as any unknown binary. In the main module, a
// subcommand from the function's parameters, or from its receiver, is
// left to the callers (a Proc), as for a known client.
func judgeUnknown(name string, args []tok, o lineOpts) (verdict, *Proc) {
	words := 0
	first := "" // the first word: a write's nature (effectOf)
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a.kind == tokConst && !a.spread:
			if strings.HasPrefix(a.s, "-") {
				if !strings.Contains(a.s, "=") && i+1 < len(args) && !args[i+1].spread &&
					(args[i+1].kind != tokConst || valueFlags[a.s]) {
					i++ // the flag's value
				}
				continue
			}
			// The subcommand's words, a group first (mytool endpoint
			// list, mytool bpf ct flush): the first read or write word
			// among the first three decides.
			if first == "" {
				first = a.s
			}
			switch {
			case subWrites[a.s] && (o.strict || a.s != "run" && a.s != "exec"):
				// A write word is evidence in a dependency too (a
				// handler of another module running vendorctl restart);
				// run and exec there pass on to a command it does not
				// name.
				return effectOf(a.s), nil
			case subWrites[a.s]:
				return o.effect(), nil
			case subReads[a.s]:
				return vRead, nil
			}
			if words++; words < 3 {
				continue
			}
			return unknownEffect(first, o), nil
		case a.kind == tokParam && o.strict:
			return vCond, &Proc{Name: name, Prefix: prefixOf(args[:i]), ArgsArg: a.param, Split: a.split}
		case a.kind == tokRecv && o.strict:
			return vCond, &Proc{Name: name, Prefix: prefixOf(args[:i]), Recv: true}
		}
		return unknownEffect(first, o), nil
	}
	if first != "" {
		return unknownEffect(first, o), nil
	}
	return o.effect(), nil // no subcommand: the binary's own action
}

// unknownEffect is the verdict on a subcommand that is neither a read nor
// a write word, first its first word: an effect (in the main module),
// idempotent by nature when that word is (enable health, disable server).
func unknownEffect(first string, o lineOpts) verdict {
	if v := o.effect(); v == vEffect {
		return effectOf(first)
	}
	return o.effect()
}

// setsConfig reports whether a config subcommand is given a setting
// (cilium-dbg config Debug=true; a value not known may be one): config
// alone, or with flags, shows the configuration.
func setsConfig(sub string, rest []tok) bool {
	if sub != "config" {
		return false
	}
	for _, a := range rest {
		if a.kind != tokConst || !strings.HasPrefix(a.s, "-") && strings.Contains(a.s, "=") {
			return true
		}
	}
	return false
}

// gitWrites reports whether a git subcommand that reads when listing
// writes with the arguments rest: git branch NAME creates a branch and
// -d deletes one (a list flag keeps it a read: git branch --contains X);
// git remote add, remove, rename and set-url change the remotes; git
// config KEY VALUE, --unset or --add sets the configuration (git config
// KEY or --get reads it).
func gitWrites(sub string, rest []tok) bool {
	var positional []tok
	listing := false
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		if a.kind != tokConst || a.spread || !strings.HasPrefix(a.s, "-") {
			positional = append(positional, a)
			continue
		}
		flag, _, _ := strings.Cut(a.s, "=")
		switch sub {
		case "branch":
			switch {
			case gitBranchWrites[flag]:
				return true
			case gitBranchLists[flag]:
				listing = true
			}
		case "config":
			switch {
			case gitConfigWrites[flag]:
				return true
			case strings.HasPrefix(flag, "--get") || flag == "--list" || flag == "-l":
				listing = true
			}
		}
	}
	switch sub {
	case "branch":
		return len(positional) > 0 && !listing
	case "remote":
		if len(positional) == 0 || positional[0].kind != tokConst || positional[0].spread {
			return len(positional) > 0
		}
		return gitRemoteWrites[positional[0].s]
	case "config":
		return len(positional) > 1 && !listing
	}
	return false
}

var (
	gitBranchWrites = words("-d", "-D", "--delete", "-m", "-M", "--move", "-c", "-C", "--copy", "-f", "--force",
		"-u", "--set-upstream-to", "--unset-upstream", "--edit-description", "-t", "--track")
	gitBranchLists = words("-l", "--list", "-a", "--all", "-r", "--remotes", "--contains", "--no-contains",
		"--merged", "--no-merged", "--points-at", "--show-current", "--format", "--sort", "-v", "-vv", "--verbose")
	gitConfigWrites = words("--unset", "--unset-all", "--add", "--replace-all", "--rename-section", "--remove-section", "-e", "--edit")
	gitRemoteWrites = words("add", "remove", "rm", "rename", "set-url", "set-head", "set-branches", "prune", "update")
)

// judgeExec judges kubectl exec by the command it runs in the container:
// the arguments after "--" (kubectl exec -n ns pod -- cilium-dbg
// endpoint list), judged as a command line of their own. Without "--",
// or when the command is not a constant, it is an effect, as before.
func judgeExec(args []tok, o lineOpts) (verdict, *Proc) {
	for i := range args {
		if w, _ := constWord(args, i); w != "--" {
			continue
		}
		if bin, ok := constWord(args, i+1); ok {
			return judgeNamed(bin, args[i+2:], o)
		}
		break
	}
	return vEffect, nil
}

// constWord returns args[i] when it is one constant word.
func constWord(args []tok, i int) (string, bool) {
	if i < len(args) && args[i].kind == tokConst && !args[i].spread {
		return args[i].s, true
	}
	return "", false
}

// judgeAny judges a run of a binary chosen at run time (a configured
// path), by its subcommand.
func judgeAny(args []tok, o lineOpts) (verdict, *Proc) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a.kind == tokConst && !a.spread:
			if strings.HasPrefix(a.s, "-") {
				if !strings.Contains(a.s, "=") && i+1 < len(args) && !args[i+1].spread &&
					(args[i+1].kind != tokConst || valueFlags[a.s]) {
					i++
				}
				continue
			}
			if readVerbs()[a.s] {
				return vRead, nil
			}
			if groupWords[a.s] {
				return judgeAny(args[i+1:], o) // container list, image rm
			}
			if !o.strict {
				return vSilent, nil
			}
			return effectOf(a.s), nil
		case a.kind == tokParam:
			return vCond, &Proc{AnyBin: true, Prefix: prefixOf(args[:i]), ArgsArg: a.param, Split: a.split}
		case a.kind == tokRecv:
			return vCond, &Proc{AnyBin: true, Prefix: prefixOf(args[:i]), Recv: true}
		}
		return o.effect(), nil
	}
	return o.effect(), nil
}

// judgeScript judges a constant shell script: a single command line
// without shell syntax is judged as that command; anything else is an
// effect.
func judgeScript(script string, o lineOpts) (verdict, *Proc) {
	if strings.ContainsAny(script, ";|&><`$\n(") {
		return vEffect, nil
	}
	f := strings.Fields(script)
	if len(f) == 0 {
		return vSilent, nil
	}
	var args []tok
	for _, w := range f[1:] {
		args = append(args, tok{kind: tokConst, s: strings.Trim(w, `'"`)})
	}
	return judgeNamed(f[0], args, o)
}

// readOnlyBins are commands that only read, whatever their arguments.
var readOnlyBins = words("ps", "ls", "cat", "head", "tail", "wc", "grep", "egrep", "rg", "ag", "uname", "whoami",
	"hostname", "id", "groups", "df", "du", "lsof", "which", "where", "whereis", "file", "stat", "date",
	"printenv", "pwd", "nproc", "free", "uptime", "top", "netstat", "ss", "nslookup", "dig", "host",
	"ping", "traceroute", "tree", "fstat", "pkg-config", "sw_vers", "lsb_release", "nvidia-smi", "ffprobe", "locale", "getconf",
	"vm_stat", "sysctl", "lscpu", "lsblk", "lsusb", "lspci", "pgrep", "tasklist", "systeminfo", "ver",
	"echo", "true", "false", "test", "diff", "cmp", "md5sum", "sha256sum", "shasum", "base64", "jq", "yq")

// groupWords are the command groups of container and cluster clients: the
// verb is the next word (podman container list, docker image rm).
var groupWords = words("container", "image", "network", "volume", "pod", "system", "secret", "plugin",
	"context", "manifest", "machine", "builder", "buildx", "node", "service", "stack", "swarm", "trust",
	"repo", "registry", "artifact", "farm", "kube", "rollouts", "argo", "compose")

// valueFlags are flags of the known clients that take a value, so that a
// constant after them is not the subcommand.
var valueFlags = words("-C", "-c", "-n", "--namespace", "--context", "--kubeconfig", "--kube-context",
	"-o", "--output", "--git-dir", "--work-tree", "-H", "--host", "--project", "--region", "--profile",
	"--chdir", "-chdir")

// binValueFlags are the flags that take a value of one known client
// only: elsewhere the same name may be a switch (make -s and npm -s are
// silent, systemctl --user a scope). nats's are its global flags
// (natscli's nats/main.go), which come before the subcommand: nats -s
// URL --creds FILE stream info.
var binValueFlags = map[string]map[string]bool{
	"nats": words("-s", "--server", "--user", "--password", "--token", "--creds", "--nkey", "--jwt",
		"--seed", "--tlscert", "--tlskey", "--tlsca", "--timeout", "--connection-name", "--socks-proxy",
		"--js-api-prefix", "--js-event-prefix", "--js-domain", "--domain", "--inbox-prefix", "--colors"),
}

// readVerbs are the read-only subcommands of every known client and the
// read words of unknown binaries (subReads), used for a binary chosen at
// run time.
// Built once, on first use, by whichever analysis asks first: packages
// are analyzed in parallel.
var readVerbs = sync.OnceValue(func() map[string]bool {
	m := make(map[string]bool)
	for name, reads := range commandReads {
		if readMostly[name] {
			continue
		}
		for v := range reads {
			m[v] = true
		}
	}
	m["list"] = true
	m["ls"] = true
	m["can-i"] = true
	m["whoami"] = true
	m["help"] = true
	for v := range subReads {
		m[v] = true
	}
	return m
})

// procCall judges a call of a function whose process run is decided by
// its callers (e.Proc), from the call's arguments; it returns the effect
// for the caller, itself conditional when the arguments are the caller's
// parameters, or nil when the command line is a read or unknown.
func (r *Result) procCall(sc *Scope, call *ast.CallExpr, fn types.Object, e *Effect) *Effect {
	p := e.Proc
	arg := func(i int) ast.Expr { // 1-based
		if i-1 < len(call.Args) {
			return call.Args[i-1]
		}
		return nil
	}
	if p.CmdArg > 0 {
		a := arg(p.CmdArg)
		if a == nil {
			return nil
		}
		v, q := sc.cmdIn(a)
		return procResult(e.Sink, v, q, qualifiedName(fn))
	}
	var bin tok
	var args []tok
	chained := false
	switch {
	case p.NameArg > 0:
		a := arg(p.NameArg)
		if a == nil {
			return nil
		}
		bin = sc.tokOf(a)
	case p.Name != "":
		bin = tok{kind: tokConst, s: p.Name}
	case p.AnyBin:
		bin = tok{kind: tokOther}
	}
	for _, s := range p.Prefix {
		if s == nonConst {
			args = append(args, tok{kind: tokOther})
		} else {
			args = append(args, tok{kind: tokConst, s: s})
		}
	}
	if p.ArgsArg > 0 && p.ArgsArg <= len(call.Args) && p.Split {
		// The words of a string argument: each value a local holds
		// (cmd = fmt.Sprintf("endpoint get ...") or "endpoint list"),
		// judged apart; any effect is the call's, all reads a read.
		alts := sc.splitAlts(call.Args[p.ArgsArg-1])
		best, bestP := vRead, (*Proc)(nil)
		for _, alt := range alts {
			v, q := judge(bin, append(slices.Clone(args), alt...), lineOpts{strict: sc.strict()})
			switch {
			case v == vEffect:
				return procResult(e.Sink, v, nil, qualifiedName(fn))
			case v == vEffectIdem || v == vCond && len(alts) == 1:
				best, bestP = v, q
			case v == vSilent && best == vRead:
				best = vSilent
			}
		}
		return procResult(e.Sink, best, bestP, qualifiedName(fn))
	}
	if p.ArgsArg > 0 && p.ArgsArg <= len(call.Args) {
		sig, _ := fn.Type().(*types.Signature)
		rest := call.Args[p.ArgsArg-1:]
		if sig != nil && p.ArgsArg <= sig.Params().Len() && !sig.Variadic() {
			if _, slice := sig.Params().At(p.ArgsArg - 1).Type().Underlying().(*types.Slice); slice {
				args = append(args, sc.spreadToks(rest[0])...)
			} else {
				args = append(args, sc.tokOf(rest[0]))
			}
		} else {
			args = append(args, sc.argToks(rest, call.Ellipsis.IsValid())...)
		}
	}
	if p.Recv {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		if sc.isRecvRooted(sel.X) {
			// A method of the builder calling another: still the callers'
			// business, when the line is the receiver's alone.
			if p.NameArg > 0 || p.ArgsArg > 0 {
				return nil
			}
			q := *p
			return &Effect{Sink: e.Sink, Kind: kindExec, Via: qualifiedName(fn), Proc: &q}
		}
		chain, ok := sc.builderChain(sel.X)
		if !ok {
			return nil
		}
		if p.NameArg == 0 && p.Name == "" && !p.AnyBin {
			if len(chain) == 0 {
				return nil
			}
			bin, chain = chain[0], chain[1:]
		}
		args = append(args, chain...)
		chained = true
	}
	if bin.kind == tokRecv && !chained {
		return &Effect{Sink: e.Sink, Kind: kindExec, Via: qualifiedName(fn), Proc: &Proc{Recv: true}}
	}
	v, q := judge(bin, args, lineOpts{strict: sc.strict()})
	return procResult(e.Sink, v, q, qualifiedName(fn))
}

// splitAlts returns the words of the string e for each value a local
// variable is assigned (splitToks), or of e itself.
func (sc *Scope) splitAlts(e ast.Expr) [][]tok {
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		if v, _ := sc.obj(id).(*types.Var); v != nil {
			if _, isParam := sc.param(v); !isParam {
				// cmd += " --verbose" adds to the value before it: not an
				// alternative of its own.
				added := make(map[ast.Expr]bool)
				analysisutil.Inspect(sc.body, func(n ast.Node) bool {
					if as, ok := n.(*ast.AssignStmt); ok && as.Tok == token.ADD_ASSIGN && len(as.Rhs) == 1 {
						added[as.Rhs[0]] = true
					}
					return true
				})
				var alts [][]tok
				for _, d := range sc.defsOf(v) {
					if d.idx >= 0 {
						return [][]tok{{{kind: tokOther, spread: true}}}
					}
					if added[d.rhs] || sc.extends(d.rhs, v) {
						continue
					}
					alts = append(alts, sc.splitToks(d.rhs))
				}
				if len(alts) > 0 {
					return alts
				}
			}
		}
	}
	return [][]tok{sc.splitToks(e)}
}

// extends reports whether rhs adds to the value v holds before it:
// cmd = cmd + " " + filter, cmd = fmt.Sprintf("%s %s", cmd, filter).
func (sc *Scope) extends(rhs ast.Expr, v *types.Var) bool {
	first := ast.Unparen(rhs)
	switch e := first.(type) {
	case *ast.BinaryExpr:
		for e.Op == token.ADD {
			first = ast.Unparen(e.X)
			next, ok := first.(*ast.BinaryExpr)
			if !ok {
				break
			}
			e = next
		}
	case *ast.CallExpr:
		if len(e.Args) < 2 {
			return false
		}
		fn, _ := typeutil.Callee(sc.info, e).(*types.Func)
		if funcPath(fn) != "fmt.Sprintf" {
			return sc.flowExtends(e, v)
		}
		if format := sc.tokOf(e.Args[0]); format.kind != tokConst || !strings.HasPrefix(format.s, "%s") && !strings.HasPrefix(format.s, "%v") {
			return false
		}
		first = ast.Unparen(e.Args[1])
	default:
		return false
	}
	id, ok := first.(*ast.Ident)
	return ok && sc.obj(id) == v
}

// flowExtends reports whether a helper given v first formats it at the
// start of its result (cmd = withFilter(cmd, filter), which returns
// fmt.Sprintf("%s %s", cmd, filter)), as the value-flow engine finds it.
func (sc *Scope) flowExtends(call *ast.CallExpr, v *types.Var) bool {
	arg, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
	if !ok || sc.obj(arg) != v || !sc.flow() {
		return false
	}
	fv := sc.r.vf.Eval(call, nil)
	if len(fv.Each()) != 1 || fv.Kind != valueflow.Call || funcPath(fv.Obj) != "fmt.Sprintf" || len(fv.Args) < 2 {
		return false
	}
	format, _ := fv.Args[0].String1()
	return strings.HasPrefix(format, "%s") || strings.HasPrefix(format, "%v")
}

// builderChain returns the command line a builder chain supplies, from
// the constant arguments of the call that made the builder (its binary
// first) and of the methods called on it before: for
// NewCommandBuilder("kubectl").WithArgs("get", "pods"), kubectl get pods.
// A local variable is followed to its one definition that is not itself
// a call on the variable (builder = builder.WithNamespace(ns)). ok is
// false when the chain cannot be read: the root call takes no constant.
func (sc *Scope) builderChain(x ast.Expr) ([]tok, bool) {
	var calls []*ast.CallExpr
	for depth := 0; depth < 16; depth++ {
		switch e := ast.Unparen(x).(type) {
		case *ast.CallExpr:
			calls = append(calls, e)
			sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr)
			if !ok {
				return sc.chainToks(calls)
			}
			if _, isFunc := sc.info.Uses[sel.Sel].(*types.Func); isFunc {
				if s := sc.info.Selections[sel]; s == nil {
					return sc.chainToks(calls) // pkg.NewBuilder(...)
				}
			}
			x = sel.X
		case *ast.Ident:
			v, _ := sc.obj(e).(*types.Var)
			if v == nil {
				return nil, false
			}
			var init ast.Expr
			for _, d := range sc.defsOf(v) {
				if d.idx >= 0 {
					return nil, false
				}
				if sc.callsOn(d.rhs, v) {
					continue
				}
				if init != nil {
					return nil, false
				}
				init = d.rhs
			}
			if init == nil {
				return nil, false
			}
			x = init
		default:
			return nil, false
		}
	}
	return nil, false
}

// callsOn reports whether e is a chain of method calls on v.
func (sc *Scope) callsOn(e ast.Expr, v *types.Var) bool {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.CallExpr:
			sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
			if !ok {
				return false
			}
			e = sel.X
		case *ast.Ident:
			return sc.obj(x) == v
		default:
			return false
		}
	}
}

// chainToks renders the string arguments of calls (outermost first, the
// root last) as command line tokens, root first; the root must give a
// constant or a parameter first.
func (sc *Scope) chainToks(calls []*ast.CallExpr) ([]tok, bool) {
	var toks []tok
	for i := len(calls) - 1; i >= 0; i-- {
		c := calls[i]
		var args []ast.Expr
		for _, a := range c.Args {
			if isStrings(sc.info.TypeOf(a)) {
				args = append(args, a)
			}
		}
		toks = append(toks, sc.argToks(args, c.Ellipsis.IsValid() && len(args) > 0 && args[len(args)-1] == c.Args[len(c.Args)-1])...)
		if i == len(calls)-1 && (len(toks) == 0 || (toks[0].kind != tokConst && toks[0].kind != tokParam) || toks[0].spread) {
			return nil, false
		}
	}
	return toks, true
}

// isStrings reports whether t is a string or a slice of strings.
func isStrings(t types.Type) bool {
	if t == nil {
		return false
	}
	if s, ok := t.Underlying().(*types.Slice); ok {
		t = s.Elem()
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// execCmd is the catalogue's check for the runs of an *exec.Cmd; callEffect
// judges them with procEffect first.
func execCmd(s *site) (bool, bool) {
	v, _ := s.execCmdLine()
	return v == vEffect || v == vEffectIdem, v == vEffectIdem
}

// flow reports whether the value-flow engine may be asked (flow.go).
func (sc *Scope) flow() bool { return sc.r != nil && sc.r.vf != nil && !sc.r.noFlow }

// flowArgs resolves a slice of arguments with the engine where
// spreadToks's shapes give up: a slice in a struct field, a variable
// assigned a constructor's result, a table. The order of the elements
// matters (the subcommand is the first word), and the engine's Slice
// keeps only their union: the order is read again from the syntax that
// built the slice (a literal, an append), each element evaluated alone.
// Precision first: ok is false when the value has several alternatives,
// when a constant of its elements is not one the syntax gives (a store
// into the slice after it was built), or the reverse.
func (sc *Scope) flowArgs(e ast.Expr) ([]tok, bool) {
	if !sc.flow() {
		return nil, false
	}
	v := sc.r.vf.Eval(e, nil)
	if alts := sc.r.vf.Implemented(v).Each(); len(alts) > 1 {
		// An interface method's implementations (e.Auth.Flags(url)):
		// one line when they all give the same, nothing when each
		// gives flags only (-s url --user u), which judge would skip.
		var first []tok
		flags := true
		for i, a := range alts {
			toks, ok := sc.flowAlt(a)
			if !ok {
				return nil, false
			}
			if i == 0 {
				first = toks
			} else if !slices.EqualFunc(toks, first, sameTok) {
				first = nil
			}
			flags = flags && flagsOnly(toks)
		}
		if first != nil {
			return first, true
		}
		return nil, flags
	}
	if len(v.Each()) != 1 || v.Kind != valueflow.Slice || v.Elems == nil {
		return nil, false
	}
	if _, ok := sc.flowSlice(v, 0); !ok {
		// A slice made elsewhere (a summary's): one constant for every
		// element still gives the first.
		if s, one := v.Elems.String1(); one {
			return []tok{{kind: tokConst, s: s}, {kind: tokOther, spread: true}}, true
		}
		return nil, false
	}
	return sc.flowAlt(v)
}

func sameTok(a, b tok) bool {
	return a.kind == b.kind && a.s == b.s && a.param == b.param && a.spread == b.spread &&
		a.split == b.split && slices.Equal(a.alts, b.alts)
}

// flagsOnly reports whether toks are flags and their values only, as
// judgeNamed and judgeUnknown skip them.
func flagsOnly(toks []tok) bool {
	for i := 0; i < len(toks); i++ {
		a := toks[i]
		if a.kind != tokConst || a.spread || !strings.HasPrefix(a.s, "-") {
			return false
		}
		if !strings.Contains(a.s, "=") && i+1 < len(toks) && !toks[i+1].spread &&
			(toks[i+1].kind != tokConst || valueFlags[a.s]) {
			i++ // the flag's value
		}
	}
	return true
}

// flowAlt returns the elements of the slice value v in order (flowSlice),
// when its constants are exactly those the syntax that built it gives.
func (sc *Scope) flowAlt(v *valueflow.Value) ([]tok, bool) {
	if v.Kind != valueflow.Slice || v.Elems == nil {
		return nil, v.Kind == valueflow.Slice || v.Kind == valueflow.Nil
	}
	toks, ok := sc.flowSlice(v, 0)
	if !ok {
		return nil, false
	}
	want, _ := v.Elems.Strings() // the constants; the rest are tokOther in toks
	got := make(map[string]bool)
	for _, t := range toks {
		if t.kind == tokConst && !t.spread {
			got[t.s] = true
		}
	}
	for _, s := range want {
		if !got[s] {
			return nil, false
		}
		delete(got, s)
	}
	if len(got) > 0 {
		return nil, false
	}
	return toks, true
}

// flowSlice returns the elements of the slice value v in order, from the
// literal or the append call that built it in this package.
func (sc *Scope) flowSlice(v *valueflow.Value, depth int) ([]tok, bool) {
	switch {
	case depth > 4:
		return nil, false
	case v.Kind == valueflow.Nil:
		return nil, true
	case v.Kind != valueflow.Slice:
		return nil, false
	case v.Elems == nil:
		return nil, true // empty
	}
	elem := func(x ast.Expr) tok {
		if s, ok := sc.r.vf.Eval(x, nil).String1(); ok {
			return tok{kind: tokConst, s: s}
		}
		return tok{kind: tokOther}
	}
	switch n := v.Node.(type) {
	case *ast.CompositeLit:
		var toks []tok
		for _, el := range n.Elts {
			if _, kv := el.(*ast.KeyValueExpr); kv {
				return nil, false // [...]string{2: "x"}
			}
			toks = append(toks, elem(el))
		}
		return toks, true
	case *ast.CallExpr:
		if len(n.Args) == 0 || !sc.isAppend(n) {
			return nil, false
		}
		t, ok := sc.flowSlice(sc.r.vf.Eval(n.Args[0], nil), depth+1)
		if !ok {
			return nil, false
		}
		toks := t
		for i, a := range n.Args[1:] {
			if n.Ellipsis.IsValid() && i == len(n.Args)-2 {
				t, ok := sc.flowSlice(sc.r.vf.Eval(a, nil), depth+1)
				if !ok {
					return append(toks, tok{kind: tokOther, spread: true}), true
				}
				toks = append(toks, t...)
				continue
			}
			toks = append(toks, elem(a))
		}
		return toks, true
	}
	return nil, false
}

// flowSelf reports whether e holds the program itself, as the engine
// finds it: os.Executable()'s result or os.Args[0], kept in a variable
// (var self = func() string { p, _ := os.Executable(); return p }()),
// with at most a fallback to the program's own name on PATH (the last
// element of the module's path: "kubectl-mtv" in
// github.com/yaacov/kubectl-mtv).
func (sc *Scope) flowSelf(e ast.Expr) bool {
	if !sc.flow() {
		return false
	}
	if _, ok := ast.Unparen(e).(*ast.Ident); !ok {
		return false
	}
	self := false
	for _, a := range sc.r.vf.Eval(e, nil).Each() {
		switch a.Kind {
		case valueflow.Call:
			fn, _ := a.Obj.(*types.Func)
			if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "os" || fn.Name() != "Executable" {
				return false
			}
			self = true
		case valueflow.Const:
			s, ok := a.String1()
			if !ok || sc.r.module == "" || s != path.Base(sc.r.module) {
				return false
			}
		default:
			return false
		}
	}
	return self
}
