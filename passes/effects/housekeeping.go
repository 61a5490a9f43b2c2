package effects

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// Housekeeping is not an effect, judged by where the data goes:
//
//   - paths derived from os.TempDir, os.CreateTemp, os.MkdirTemp and
//     os.UserCacheDir, and from the package's own functions that return
//     such a path (createTempProject), written or removed;
//   - files and local databases owned by a cache: a method of a type whose
//     name contains "cache", a package whose path does, a path built from
//     a variable, field or type named like a cache (proj.dir of a
//     cachedProject), a local index (indexPath) or a lock file;
//   - standard streams, also through an *os.File parameter: the write is
//     judged at each call site from the file passed (os.Stderr is output);
//   - schema migrations at open (golang-migrate, goose, sql-migrate; see
//     neverEffect).

// fileWrites are the writes through an *os.File that a function may take
// as a parameter.
var fileWrites = map[string]bool{
	"(*os.File).Write":       true,
	"(*os.File).WriteString": true,
	"(*os.File).WriteAt":     true,
	"(*os.File).ReadFrom":    true,
	"(*os.File).Truncate":    true,
	"fmt.Fprint":             true,
	"fmt.Fprintf":            true,
	"fmt.Fprintln":           true,
}

func (e *Effect) conditional() bool {
	return e.Proc != nil || e.File > 0 || e.Rest > 0 || e.SQL > 0 || e.Op > 0 || e.Batch > 0 || e.Unless > 0 || e.Fetch > 0 || e.Iface != ""
}

func (e *Effect) condString() string {
	if e.Iface != "" {
		return "[pending " + e.Iface + "]"
	}
	if e.Proc != nil {
		return e.Proc.String()
	}
	if e.Rest > 0 {
		return "[rest request $" + strconv.Itoa(e.Rest) + "]"
	}
	if e.SQL > 0 {
		return "[sql $" + strconv.Itoa(e.SQL) + "]"
	}
	if e.Op > 0 {
		return opString(e)
	}
	if e.Batch > 0 {
		return "[batch $" + strconv.Itoa(e.Batch) + "]"
	}
	if e.Fetch > 0 {
		return "[fetch items $" + strconv.Itoa(e.Fetch) + "]"
	}
	if e.Unless > 0 {
		if e.UnlessField != "" {
			return "[unless $" + strconv.Itoa(e.Unless) + "." + e.UnlessField + "]"
		}
		return "[unless $" + strconv.Itoa(e.Unless) + "]"
	}
	return "[file $" + strconv.Itoa(e.File) + "]"
}

// condCall judges a call of a function whose effect its callers decide.
func (r *Result) condCall(sc *Scope, call *ast.CallExpr, fn types.Object, e *Effect) *Effect {
	if e.Proc != nil {
		return r.procCall(sc, call, fn, e)
	}
	if e.Rest > 0 {
		return restCall(sc, call, fn, e)
	}
	if e.SQL > 0 {
		return sqlCall(sc, call, fn, e)
	}
	if e.Op > 0 {
		return r.opCall(sc, call, fn, e)
	}
	if e.Batch > 0 {
		return r.batchCall(sc, call, fn, e)
	}
	if e.Iface != "" {
		return r.pendingCall(fn, e)
	}
	if e.Unless > 0 {
		return unlessCall(sc, call, fn, e)
	}
	if e.Fetch > 0 {
		return fetchCall(sc, call, fn, e)
	}
	if e.File-1 >= len(call.Args) {
		return nil
	}
	v, param := sc.fileOf(call.Args[e.File-1])
	switch v {
	case vEffect:
		return &Effect{Sink: e.Sink, Kind: e.Kind, Idempotent: e.Idempotent, Via: qualifiedName(fn)}
	case vCond:
		return &Effect{Sink: e.Sink, Kind: e.Kind, Idempotent: e.Idempotent, Via: qualifiedName(fn), File: param}
	}
	return nil
}

// unlessCall judges a call of a function whose effect its bool
// parameter Unless (its field UnlessField) prevents when true: none for
// true, the caller's own condition for its parameter, else the effect
// (a value the tool's caller may set false: !in.MarkAsRead).
func unlessCall(sc *Scope, call *ast.CallExpr, fn types.Object, e *Effect) *Effect {
	if e.Unless-1 >= len(call.Args) {
		return nil
	}
	out := &Effect{Sink: e.Sink, Kind: e.Kind, Idempotent: e.Idempotent, Via: qualifiedName(fn)}
	a := call.Args[e.Unless-1]
	var v verdict
	var p hval
	if e.UnlessField == "" {
		if tv, ok := sc.info.Types[a]; ok && tv.Value != nil && tv.Value.Kind() == constant.Bool {
			if constant.BoolVal(tv.Value) {
				return nil
			}
			return out
		}
	}
	if !sc.flow() {
		return out
	}
	val := sc.r.vf.Eval(a, nil)
	if e.UnlessField != "" {
		for _, name := range strings.Split(e.UnlessField, ".") {
			val = val.Select(name)
		}
	}
	v, p = sc.boolVal(val)
	switch v {
	case vSilent:
		return nil
	case vCond:
		out.Unless, out.UnlessField = p.param+1, p.field
	}
	return out
}

// boolVal judges a bool value that prevents an effect when true: true
// on every path (vSilent), a bool parameter of the enclosing function or
// a field of one (vCond: each caller's), else vEffect (false, or a value
// a tool's caller may set false).
func (sc *Scope) boolVal(v *valueflow.Value) (verdict, hval) {
	hasTrue, hasFalse, known := v.Bools()
	switch {
	case known && hasTrue && !hasFalse:
		return vSilent, unknownVal
	case known:
		return vEffect, unknownVal
	}
	if p := sc.paramField(v); p.param >= 0 && !p.recv {
		return vCond, p
	}
	return vEffect, unknownVal
}

// fileWrite judges a write through an *os.File: the receiver, or the
// first argument of fmt.Fprint*.
func (s *site) fileWrite(full string) *Effect {
	var f ast.Expr
	if strings.HasPrefix(full, "fmt.") {
		if len(s.call.Args) == 0 || !isOSFile(s.sc.info.TypeOf(s.call.Args[0])) {
			return nil
		}
		f = s.call.Args[0]
	} else {
		f = s.recvExpr()
	}
	if f == nil {
		return nil
	}
	idem := full == "(*os.File).WriteAt" || full == "(*os.File).Truncate"
	switch v, param := s.sc.fileOf(f); v {
	case vEffect:
		return &Effect{Sink: full, Kind: kindFile, Idempotent: idem}
	case vCond:
		return &Effect{Sink: full, Kind: kindFile, Idempotent: idem, File: param}
	}
	return nil
}

// fileOf judges the file an expression holds: a standard stream or a
// temporary or housekeeping file (no effect), a parameter of the enclosing
// function (the callers decide), or another file (an effect).
func (sc *Scope) fileOf(f ast.Expr) (verdict, int) {
	if isStdStream(sc, f) || sc.mentionsTemp(f) {
		return vSilent, 0
	}
	if id, ok := ast.Unparen(f).(*ast.Ident); ok && sc.sig != nil {
		v, _ := sc.obj(id).(*types.Var)
		for i := 0; v != nil && i < sc.sig.Params().Len(); i++ {
			if sc.sig.Params().At(i) == v && len(sc.defsOf(v)) == 0 && isOSFile(v.Type()) {
				return vCond, i + 1
			}
		}
	}
	if p := sc.pathParam(f); p > 0 {
		return vCond, p
	}
	return vEffect, 0
}

// pathCond records on the site that its verdict depends on the path
// argument i when that path is a parameter of the enclosing function, or
// built from one (filepath.Join(dir, "index.json")).
func (s *site) pathCond(i int) {
	if a := s.arg(i); a != nil {
		s.file = s.sc.pathParam(a)
	}
}

// pathParam returns the 1-based string parameter of the scope's
// function that the path e is, or is joined from with constants
// (filepath.Join, path.Join, +), the parameter not reassigned; 0
// otherwise.
func (sc *Scope) pathParam(e ast.Expr) int {
	if sc.sig == nil {
		return 0
	}
	param := 0
	var walk func(e ast.Expr) bool
	walk = func(e ast.Expr) bool {
		if tv, ok := sc.info.Types[e]; ok && tv.Value != nil {
			return true // a constant part
		}
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			v, _ := sc.obj(x).(*types.Var)
			if v == nil || !isStrings(v.Type()) || len(sc.defsOf(v)) > 0 {
				return false
			}
			i, ok := sc.param(v)
			if !ok || param != 0 && param != i+1 {
				return false
			}
			param = i + 1
			return true
		case *ast.BinaryExpr:
			return x.Op == token.ADD && walk(x.X) && walk(x.Y)
		case *ast.CallExpr:
			fn, _ := typeutil.Callee(sc.info, x).(*types.Func)
			if fn == nil || fn.Pkg() == nil || fn.Name() != "Join" || (fn.Pkg().Path() != "path/filepath" && fn.Pkg().Path() != "path") || x.Ellipsis.IsValid() {
				return false
			}
			for _, a := range x.Args {
				if !walk(a) {
					return false
				}
			}
			return true
		}
		return false
	}
	if !walk(e) {
		return 0
	}
	return param
}

// isStdStream reports whether e is os.Stdout or os.Stderr, directly or
// through a local variable assigned once.
func isStdStream(sc *Scope, e ast.Expr) bool {
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		if d, ok := sc.single(id); ok {
			e = d
		}
	}
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	v, ok := sc.info.Uses[sel.Sel].(*types.Var)
	return ok && v.Pkg() != nil && v.Pkg().Path() == "os" && (v.Name() == "Stdout" || v.Name() == "Stderr")
}

func isOSFile(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "os" && n.Obj().Name() == "File"
}

// isTemp reports whether e is a call that makes or names a temporary or
// cache path: the standard library's, or one of the package's functions
// that return one.
func (sc *Scope) isTemp(e ast.Expr) bool {
	if isTempSource(sc.info, e) {
		return true
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn, _ := typeutil.Callee(sc.info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	if fn.Pkg().Path() == "os" && fn.Name() == "UserCacheDir" {
		return true
	}
	if sc.r == nil || sc.r.bodies == nil {
		return false
	}
	if fn.Pkg() == sc.r.pkg {
		return sc.r.isTempFunc(fn.Origin())
	}
	if sc.r.tempResults[fn.Origin()] {
		return true
	}
	return len(call.Args) == 0 && !isStdPath(fn.Pkg().Path()) && sc.r.tempSummary(fn.Origin())
}

// TempResult is the fact on an exported function that returns a
// temporary path or file as its first result (isTempFunc): what its
// callers in other packages write there is housekeeping too.
type TempResult struct{}

func (*TempResult) AFact()         {}
func (*TempResult) String() string { return "tempResult" }

// tempSummary reports whether fn, a function without parameters of
// another package, returns a temporary or cache path by its value-flow
// summary: os.TempDir(), os.UserCacheDir() or os.MkdirTemp's directory,
// or a filepath.Join rooted at one (configs.GetImagesPath returning
// filepath.Join(os.TempDir(), "images")). Memoized with tempFuncs.
func (r *Result) tempSummary(fn *types.Func) bool {
	if v, ok := r.tempFuncs[fn]; ok {
		return v
	}
	r.tempFuncs[fn] = false
	sig, _ := fn.Type().(*types.Signature)
	if r.vf == nil || sig == nil || sig.Params().Len() != 0 || sig.Results().Len() == 0 || !isStrings(sig.Results().At(0).Type()) {
		return false
	}
	sum := r.vf.Summary(fn)
	if sum == nil || len(sum.Results) == 0 {
		return false
	}
	alts := sum.Results[0].Each()
	t := len(alts) > 0 && !slices.ContainsFunc(alts, func(a *valueflow.Value) bool { return !tempRooted(a, 0) })
	r.tempFuncs[fn] = t
	return t
}

// tempRooted reports whether a path value is a temporary or cache
// directory, or joined under one.
func tempRooted(v *valueflow.Value, depth int) bool {
	if v == nil || v.Kind != valueflow.Call || depth > 4 {
		return false
	}
	fn, _ := v.Obj.(*types.Func)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	switch fn.Pkg().Path() + "." + fn.Name() {
	case "os.TempDir", "os.UserCacheDir", "os.MkdirTemp":
		return v.Index == 0
	case "path/filepath.Join", "path.Join":
		if len(v.Args) == 0 {
			return false
		}
		// The variadic parameter's pack keeps its elements unordered:
		// one is the temporary root, the others constant names.
		elems := v.Args[0]
		if elems.Kind == valueflow.Slice && elems.Elems != nil {
			elems = elems.Elems
		}
		root := false
		for _, a := range elems.Each() {
			switch {
			case a.Kind == valueflow.Const:
			case !root && tempRooted(a, depth+1):
				root = true
			default:
				return false
			}
		}
		return root
	}
	return false
}

// isTempFunc reports whether fn, a function of the package under
// analysis, returns a temporary path or file as its first result on every
// return that gives one (the others return "" or nil with an error):
// createTempProject returns the directory os.MkdirTemp made. Computed on
// first use, while run computes the facts.
func (r *Result) isTempFunc(fn *types.Func) bool {
	fi := r.bodies[fn]
	if fi == nil {
		return false
	}
	if v, ok := r.tempFuncs[fn]; ok {
		return v
	}
	r.tempFuncs[fn] = false // recursion
	sig := fn.Type().(*types.Signature)
	if sig.Results().Len() == 0 {
		return false
	}
	if t := sig.Results().At(0).Type(); !isOSFile(t) && !isStrings(t) {
		return false
	}
	sc := NewScope(r.info, fi.body)
	sc.r, sc.sig = r, sig
	if !mentionsTempCall(sc, fi.body) {
		return false
	}
	all, some := true, false
	analysisutil.Inspect(fi.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) == 0 {
				if res := sig.Results().At(0); res.Name() != "" {
					sc.build()
					some = true
					all = all && sc.temp[res]
				}
				return false
			}
			first := n.Results[0]
			if s, ok := sc.stringOf(first); ok && s == "" {
				return false
			}
			if id, ok := ast.Unparen(first).(*ast.Ident); ok && id.Name == "nil" {
				return false
			}
			some = true
			all = all && sc.mentionsTemp(first)
			return false
		}
		return all
	})
	r.tempFuncs[fn] = all && some
	return all && some
}

// tempParam reports whether v is a parameter of the scope's function
// that every call of it in the package gives a temporary path or file:
// a helper extracted from the function that made the path
// (writeSnapshot(dir) after dir := os.UserCacheDir()). Only unexported
// functions, while run computes the facts: an exported one has callers
// elsewhere.
func (sc *Scope) tempParam(v *types.Var) bool {
	r := sc.r
	if r == nil || r.bodies == nil || r.vf == nil || sc.fn == nil || sc.fn.Exported() || sc.fn.Pkg() != r.pkg {
		return false
	}
	i, ok := sc.param(v)
	if !ok || sc.sig.Variadic() && i == sc.sig.Params().Len()-1 {
		return false
	}
	k := tempParamKey{sc.fn.Origin(), i}
	if t, ok := r.tempParams[k]; ok {
		return t
	}
	if r.tempParams == nil {
		r.tempParams = make(map[tempParamKey]bool)
	}
	r.tempParams[k] = false // recursion
	sites := r.vf.CallSites(k.fn)
	all := len(sites) > 0
	for _, cs := range sites {
		if i >= len(cs.Call.Args) {
			all = false
			break
		}
		var caller *Scope
		switch in := cs.In.(type) {
		case *ast.FuncDecl:
			if fn, _ := r.info.Defs[in.Name].(*types.Func); fn != nil && r.bodies[fn] != nil {
				caller = funcScope(r.info, r.bodies[fn])
			}
		case *ast.FuncLit:
			caller = NewScope(r.info, in.Body)
		}
		if caller == nil {
			all = false
			break
		}
		caller.r = r
		if a := cs.Call.Args[i]; !caller.isTemp(a) && !caller.mentionsTemp(a) {
			all = false
			break
		}
	}
	r.tempParams[k] = all
	return all
}

type tempParamKey struct {
	fn *types.Func
	i  int
}

// mentionsTempCall reports whether body calls a temp-making function.
func mentionsTempCall(sc *Scope, body ast.Node) bool {
	found := false
	analysisutil.InspectNoIdents(body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && !found && sc.isTemp(c) {
			found = true
		}
		return !found
	})
	return found
}

// cacheLocal reports whether e is a write to a local store (a file, a
// local database) by a method of a cache type: what a cache writes can be
// thrown away and rebuilt. A caching client's remote calls still count.
func cacheLocal(fi *funcInfo, e *Effect) bool {
	if e == nil {
		return false
	}
	switch e.Kind {
	case kindFile, kindSQL, kindRedis, kindMongo:
	default:
		return false
	}
	fn, ok := fi.obj.(*types.Func)
	return ok && strings.Contains(strings.ToLower(recvName(fn)), "cache")
}

// housekeepingIdent reports whether an identifier in a path names a cache,
// a local index or a lock: a variable or field so named or of a type so
// named (cacheDir, c.indexPath, proj.dir of a cachedProject, lockFile).
func housekeepingIdent(info *types.Info, id *ast.Ident) bool {
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return false
	}
	name := strings.ToLower(v.Name())
	if strings.Contains(name, "cache") || lockNames[name] || strings.HasPrefix(name, "lockfile") || strings.HasPrefix(name, "lockpath") {
		return true
	}
	if strings.Contains(name, "index") && isStrings(v.Type()) {
		return true
	}
	t := v.Type()
	for {
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t = p.Elem()
			continue
		}
		break
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		tn := strings.ToLower(n.Obj().Name())
		return strings.Contains(tn, "cache") || strings.Contains(tn, "index")
	}
	return false
}

var lockNames = words("lock", "lockfile", "lockpath", "lockname", "lockdir", "flock", "pidfile", "pidpath")

// isLogPackage reports whether a package is a project's own log sink by
// its last path element (internal/logging, pkg/logger): what it writes is
// a log, and repeating a log line duplicates nothing that matters. A
// package that imports an MCP SDK is not one: it serves tools (an
// observability server's internal/telemetry/logs, whose add_drop_rule
// POSTs a rule).
func isLogPackage(pkg *types.Package) bool {
	if !isLogPath(pkg.Path()) {
		return false
	}
	for _, q := range pkg.Imports() {
		if InSDKModule(q.Path()) {
			return false
		}
	}
	return true
}

func isLogPath(path string) bool {
	return logPackages[path[strings.LastIndexByte(path, '/')+1:]]
}

var logPackages = words("log", "logs", "logger", "logging", "logutil", "applog")

// betterEffect reports whether e should replace old as a function's
// effect: an effect every call commits wins over one its callers decide
// (conditional), then the one that matters most (MoreSignificant).
func betterEffect(e, old *Effect) bool {
	switch {
	case old == nil:
		return e != nil
	case e == nil:
		return false
	case old.conditional() != e.conditional():
		return old.conditional()
	case e.conditional():
		return false
	}
	return MoreSignificant(e, old)
}

// sqlCall judges a call of a function that executes the SQL statement
// its parameter e.SQL holds: by the statement this call gives it.
func sqlCall(sc *Scope, call *ast.CallExpr, fn types.Object, e *Effect) *Effect {
	if e.SQL-1 >= len(call.Args) {
		return nil
	}
	s := &site{sc: sc, call: call}
	write, idem := sqlArg(e.SQL - 1)(s)
	switch {
	case !write:
		return nil
	case s.sql > 0:
		return &Effect{Sink: e.Sink, Kind: e.Kind, Via: qualifiedName(fn), SQL: s.sql}
	}
	return &Effect{Sink: e.Sink, Kind: e.Kind, Idempotent: idem, Via: qualifiedName(fn)}
}

// stringParam returns the 1-based string parameter of the scope's
// function that e is, not reassigned, or 0.
func (sc *Scope) stringParam(e ast.Expr) int {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || sc.sig == nil {
		return 0
	}
	v, _ := sc.obj(id).(*types.Var)
	if v == nil || !isStrings(v.Type()) || len(sc.defsOf(v)) > 0 {
		return 0
	}
	if i, ok := sc.param(v); ok {
		return i + 1
	}
	return 0
}

// createAfterGet judges a client-go or controller-runtime Create: a write,
// idempotent when the function first gets from the same collection
// (c.Resource(gvr).Get(ctx, name, ...) before c.Resource(gvr).Create):
// an upsert that updates, on a repeat, what the first call created.
func createAfterGet(s *site) (bool, bool) {
	x := s.recvExpr()
	if x == nil || s.sc.body == nil {
		return true, false
	}
	recv := types.ExprString(x)
	found := false
	ast.Inspect(s.sc.body, func(n ast.Node) bool {
		if found || n == nil || n.Pos() >= s.call.Pos() {
			return false
		}
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Get" && types.ExprString(sel.X) == recv {
			found = true
		}
		return !found
	})
	return true, found
}
