// Package fresh defines a building-block analyzer that knows which values
// are new on every evaluation: UUIDs, ULIDs, random numbers and bytes, the
// clock (a built-in table, for code without bodies), and the functions of
// any package that return such a value (the FreshFunc fact). A dedupe key
// made from such a value differs between attempts, and one made per call
// by a tool handler protects nothing against a retried tool call.
//
// It reports nothing. freshkey (a key made anew in every attempt of a
// retry) and dedupekey (a handler's fallback to a fresh key, a key the
// handler makes per call) share it, so that a key made through a
// project's own helper in another package (ids.New wrapping uuid) is seen
// by both. It is an analyzer of its own rather than part of effects:
// freshness is a property of values, not of side effects, and the fact
// is cheap (only functions whose first result has a key's type and whose
// package calls a fresh source are looked at).
package fresh

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// FreshFunc is the fact that a function returns a fresh value (a UUID, a
// random number, the clock, or something derived from one) on at least
// one path, so that every call makes a different value.
type FreshFunc struct{}

func (*FreshFunc) AFact()         {}
func (*FreshFunc) String() string { return "freshFunc" }

// FreshFill is the fact that a function fills the byte slice its
// parameter Param gives with random bytes on every call, as rand.Read
// does (func randomBytes(b []byte) { rand.Read(b) }).
type FreshFill struct{ Param int }

func (*FreshFill) AFact()           {}
func (f *FreshFill) String() string { return "freshFill(" + strconv.Itoa(f.Param) + ")" }

// Analyzer computes FreshFunc and FreshFill facts.
var Analyzer = &analysis.Analyzer{
	Name:       "fresh",
	Doc:        "computes facts about functions that return a fresh value (uuid, random, clock) on every call; it reports nothing",
	URL:        "https://pkg.go.dev/github.com/mcpvet/mcpvet/passes/fresh",
	Run:        run,
	Requires:   []*analysis.Analyzer{valueflow.Analyzer},
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(FreshFunc), new(FreshFill)},
}

// Result answers whether a function or an expression is fresh, from the
// table and the facts of this package and its dependencies.
type Result struct {
	pkg   *types.Package
	funcs map[*types.Func]bool // functions with a FreshFunc fact
	fills map[*types.Func]int  // functions with a FreshFill fact: the parameter they fill
	// decls are the package's function declarations and derived the
	// memo of derives, while computeFacts runs; nil afterwards.
	decls   map[*types.Func]*ast.FuncDecl
	derived map[*ast.FuncDecl][]int
	// vf is the package's value-flow engine while computeFacts runs:
	// literals run in place are part of their function (Inlined,
	// InspectHere).
	vf *valueflow.Result
}

// IsFresh reports whether fn returns a fresh value: by the table or a
// FreshFunc fact.
func (r *Result) IsFresh(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	fn = fn.Origin()
	return IsFreshFunc(fn) || r.funcs[fn]
}

// IsFact reports whether fn has a FreshFunc fact (the table aside).
func (r *Result) IsFact(fn *types.Func) bool { return fn != nil && r.funcs[fn.Origin()] }

// Call reports the fresh source called by call.
func (r *Result) Call(info *types.Info, call *ast.CallExpr) (*types.Func, bool) {
	return Call(info, call, r.IsFact)
}

// Origin returns the fresh call whose result e holds, as the value-flow
// engine sees it (a field of a struct value, a local, a helper's
// result): every value the engine finds for e is the result of such a
// call of this package. It does not look inside e (see Find).
func (r *Result) Origin(info *types.Info, vf *valueflow.Result, e ast.Expr) *ast.CallExpr {
	return r.OriginIn(info, vf, e, nil)
}

// OriginIn is Origin with the engine's bindings env of the enclosing
// function's parameters (valueflow.Result.Bindings at one of its calls).
func (r *Result) OriginIn(info *types.Info, vf *valueflow.Result, e ast.Expr, env *valueflow.Env) *ast.CallExpr {
	if vf == nil {
		return nil
	}
	var found *ast.CallExpr
	for _, v := range vf.Eval(e, env).Each() {
		call, ok := v.Node.(*ast.CallExpr)
		if v.Kind != valueflow.Call || !ok {
			return nil
		}
		if c, _ := r.Call(info, call); c == nil {
			return nil
		}
		found = cmp.Or(found, call)
	}
	return found
}

// Find returns the first call inside e (e included) that makes a fresh
// value; see the package function Find.
func (r *Result) Find(info *types.Info, e ast.Node) (*ast.CallExpr, *types.Func) {
	return Find(info, e, r.IsFact)
}

func run(pass *analysis.Pass) (any, error) {
	r := &Result{pkg: pass.Pkg, funcs: make(map[*types.Func]bool)}
	// The fresh sources of the standard library and the SDKs are in the
	// table.
	if analysisutil.Library(pass) {
		return r, nil
	}
	for _, f := range pass.AllObjectFacts() {
		// Run by the blocks analyzer, the pass holds the other
		// building blocks' facts too.
		fn, ok := f.Object.(*types.Func)
		if !ok {
			continue
		}
		switch fact := f.Fact.(type) {
		case *FreshFunc:
			r.funcs[fn] = true
		case *FreshFill:
			if r.fills == nil {
				r.fills = make(map[*types.Func]int)
			}
			r.fills[fn] = fact.Param
		}
	}
	r.vf, _ = pass.ResultOf[valueflow.Analyzer].(*valueflow.Result)
	computeFacts(pass, r)
	r.vf = nil
	return r, nil
}

// computeFacts finds the functions of the package that return a fresh
// value and exports a FreshFunc fact for each. It looks at return
// statements only, and iterates so that a function returning the result
// of another fresh function of the package is found too.
func computeFacts(pass *analysis.Pass, r *Result) {
	type fn struct {
		obj  *types.Func
		decl *ast.FuncDecl
	}
	var fns, fillers []fn
	callsFresh := false
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			obj, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if obj == nil {
				continue
			}
			kr, bp := keyResult(obj), bytesParam(obj)
			if !kr && !bp {
				continue
			}
			if kr {
				fns = append(fns, fn{obj, fd})
			}
			if bp {
				fillers = append(fillers, fn{obj, fd})
			}
			if !callsFresh {
				callsFresh = mentionsFresh(pass.TypesInfo, fd.Body, r)
			}
		}
	}
	if !callsFresh {
		return // most packages: no candidate calls a fresh source
	}
	r.decls, r.derived = make(map[*types.Func]*ast.FuncDecl), make(map[*ast.FuncDecl][]int)
	defer func() { r.decls, r.derived = nil, nil }()
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if obj, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func); obj != nil {
					r.decls[obj] = fd
				}
			}
		}
	}
	// Fillers first: a key maker may fill its buffer through one.
	for changed := true; changed; {
		changed = false
		for _, f := range fillers {
			if _, ok := r.fills[f.obj]; ok {
				continue
			}
			if i, ok := fillsParam(pass.TypesInfo, r, f.decl); ok {
				if r.fills == nil {
					r.fills = make(map[*types.Func]int)
				}
				r.fills[f.obj] = i
				changed = true
			}
		}
	}
	for _, f := range fillers {
		if i, ok := r.fills[f.obj]; ok {
			pass.ExportObjectFact(f.obj, &FreshFill{Param: i})
		}
	}
	for changed := true; changed; {
		changed = false
		for _, f := range fns {
			if !r.funcs[f.obj] && returnsFresh(pass.TypesInfo, r, f.obj, f.decl) {
				r.funcs[f.obj] = true
				changed = true
			}
		}
	}
	for _, f := range fns {
		if r.funcs[f.obj] {
			pass.ExportObjectFact(f.obj, new(FreshFunc))
		}
	}
}

// mentionsFresh reports whether body calls a fresh source: only then can
// a function of the package return a fresh value.
func mentionsFresh(info *types.Info, body *ast.BlockStmt, r *Result) bool {
	found := false
	analysisutil.InspectNoIdents(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !found {
			if fn, _ := typeutil.Callee(info, call).(*types.Func); fn != nil {
				found = r.IsFresh(fn) || r.FilledBy(info, call, fn) != nil
			}
		}
		return !found
	})
	return found
}

// bytesParam reports whether fn has a parameter of a byte slice type: a
// buffer it may fill.
func bytesParam(fn *types.Func) bool {
	params := fn.Signature().Params()
	for i := 0; i < params.Len(); i++ {
		if isBytes(params.At(i).Type()) {
			return true
		}
	}
	return false
}

func isBytes(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Byte
}

// fillsParam returns the byte-slice parameter of decl that a call in its
// body fills with random bytes (rand.Read(b), a filler of the package).
func fillsParam(info *types.Info, r *Result, decl *ast.FuncDecl) (int, bool) {
	params := make(map[types.Object]int)
	i := 0
	for _, f := range decl.Type.Params.List {
		if len(f.Names) == 0 {
			i++
		}
		for _, n := range f.Names {
			if o := info.Defs[n]; o != nil && isBytes(o.Type()) {
				params[o] = i
			}
			i++
		}
	}
	idx, found := 0, false
	r.vf.InspectHere(decl.Body, func(n ast.Node) bool {
		if found {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok {
			if b := r.Filled(info, call); b != nil {
				if p, ok := params[info.Uses[b]]; ok {
					idx, found = p, true
				}
			}
		}
		return true
	})
	return idx, found
}

// keyResult reports whether fn's first result has a type a key can have
// (KeyType). A function returning a request struct with a fresh field
// somewhere is not a key maker.
func keyResult(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	return sig.Results().Len() > 0 && KeyType(sig.Results().At(0).Type())
}

// KeyType reports whether a value of type t can be a key itself: a
// string, an integer, bytes, a UUID-like byte array, time.Time, or a
// pointer to one of those.
func KeyType(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Time" {
		return true
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&(types.IsString|types.IsInteger) != 0
	case *types.Array:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	case *types.Slice:
		return isBytes(u)
	}
	return false
}

// returnsFresh reports whether some return statement of decl returns a
// fresh value as its first result.
func returnsFresh(info *types.Info, r *Result, obj *types.Func, decl *ast.FuncDecl) bool {
	t := &tracer{info: info, r: r, decl: decl}
	return t.returns(obj.Type().(*types.Signature))
}

// tracer follows a value through the local variables of one declaration.
type tracer struct {
	info    *types.Info
	r       *Result
	decl    *ast.FuncDecl
	assigns map[*types.Var][]tassign // built on first use
	// param, when set, is the parameter that stands for a fresh value:
	// derives asks whether a helper's result derives from it.
	param types.Object
}

// tassign is one assignment to a local variable: its value, or the call
// that fills it (rand.Read(b)); guarded when it runs only under an if
// whose condition reads the variable (lazy initialization, a fallback).
type tassign struct {
	rhs     ast.Expr
	fill    bool
	guarded bool
}

func (t *tracer) local(id *ast.Ident) *types.Var {
	obj := t.info.Defs[id]
	if obj == nil {
		obj = t.info.Uses[id]
	}
	v, ok := obj.(*types.Var)
	if !ok || v.IsField() || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	return v
}

func (t *tracer) index() {
	if t.assigns != nil {
		return
	}
	t.assigns = make(map[*types.Var][]tassign)
	add := func(id *ast.Ident, a tassign, stmt ast.Node, stack []ast.Node) {
		v := t.local(id)
		if v == nil {
			return
		}
		a.guarded = Guarded(t.info, stmt, stack, v)
		t.assigns[v] = append(t.assigns[v], a)
	}
	ast.PreorderStack(t.decl.Body, nil, func(n ast.Node, stack []ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				id, ok := ast.Unparen(lhs).(*ast.Ident)
				if !ok {
					continue
				}
				switch {
				case len(n.Lhs) == len(n.Rhs):
					add(id, tassign{rhs: n.Rhs[i]}, n, stack)
				case len(n.Rhs) == 1:
					add(id, tassign{rhs: n.Rhs[0]}, n, stack)
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				switch {
				case len(n.Values) == len(n.Names):
					add(id, tassign{rhs: n.Values[i]}, n, stack)
				case len(n.Values) == 1:
					add(id, tassign{rhs: n.Values[0]}, n, stack)
				}
			}
		case *ast.CallExpr:
			if b := t.r.Filled(t.info, n); b != nil {
				add(b, tassign{rhs: n, fill: true}, n, stack)
			}
		}
		return true
	})
}

// fresh reports whether the value of e derives from a fresh call.
func (t *tracer) fresh(e ast.Expr, visited map[types.Object]bool) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if _, ok := t.r.Call(t.info, e); ok {
			return true
		}
		if x := t.r.vf.Inlined(e); x != ast.Expr(e) {
			return t.fresh(x, visited) // func() string { return hex.EncodeToString(b) }()
		}
		if tv, ok := t.info.Types[e.Fun]; ok && tv.IsType() {
			return t.any(e.Args, visited)
		}
		if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok {
			if b, ok := t.info.Uses[id].(*types.Builtin); ok {
				return b.Name() == "append" && t.any(e.Args, visited)
			}
		}
		if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok {
			if s := t.info.Selections[sel]; s != nil && s.Kind() == types.MethodVal {
				// A method of a fresh value: uuid.New().String().
				return t.fresh(sel.X, visited)
			}
		}
		if fn, _ := typeutil.Callee(t.info, e).(*types.Func); fn != nil {
			if Transforms(fn) {
				return t.any(e.Args, visited)
			}
			// A helper of the package whose result derives from some of
			// its parameters: fresh when one of those arguments is.
			for _, i := range t.r.derives(t.info, fn) {
				if i < len(e.Args) && t.fresh(e.Args[i], visited) {
					return true
				}
			}
		}
	case *ast.Ident:
		if t.param != nil && t.info.Uses[e] == t.param {
			return true
		}
		v := t.local(e)
		if v == nil || visited[v] {
			return false
		}
		visited[v] = true
		t.index()
		for _, a := range t.assigns[v] {
			if a.guarded {
				continue
			}
			if a.fill || t.fresh(a.rhs, visited) {
				return true
			}
		}
	case *ast.UnaryExpr:
		return t.fresh(e.X, visited)
	case *ast.StarExpr:
		return t.fresh(e.X, visited)
	case *ast.BinaryExpr:
		switch e.Op {
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ, token.LAND, token.LOR:
			return false
		}
		return t.fresh(e.X, visited) || t.fresh(e.Y, visited)
	case *ast.CompositeLit:
		for _, elt := range e.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			if t.fresh(elt, visited) {
				return true
			}
		}
	case *ast.SliceExpr:
		return t.fresh(e.X, visited)
	case *ast.IndexExpr:
		return t.fresh(e.X, visited)
	case *ast.TypeAssertExpr:
		return t.fresh(e.X, visited)
	}
	return false
}

func (t *tracer) any(es []ast.Expr, visited map[types.Object]bool) bool {
	for _, a := range es {
		if t.fresh(a, visited) {
			return true
		}
	}
	return false
}

// Guarded reports whether stmt, inside the nodes of stack (outermost
// first), runs only when a condition that reads v holds
// (if key == "" { key = uuid.NewString() }): lazy initialization, which
// makes the value once.
func Guarded(info *types.Info, stmt ast.Node, stack []ast.Node, v *types.Var) bool {
	for i := len(stack) - 1; i >= 0; i-- {
		var ifs *ast.IfStmt
		switch p := stack[i].(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return false
		case *ast.IfStmt:
			ifs = p
		default:
			continue
		}
		if !(ifs.Body.Pos() <= stmt.Pos() && stmt.End() <= ifs.Body.End()) {
			continue
		}
		if analysisutil.Mentions(info, ifs.Cond, v) {
			return true
		}
	}
	return false
}

// Filled returns the buffer that call fills with random bytes:
// rand.Read(b) of crypto/rand or math/rand, io.ReadFull(rand.Reader, b),
// a function with a FreshFill fact.
func (r *Result) Filled(info *types.Info, call *ast.CallExpr) *ast.Ident {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	return r.FilledBy(info, call, fn)
}

// FilledBy is Filled for a call whose callee fn is already resolved.
func (r *Result) FilledBy(info *types.Info, call *ast.CallExpr, fn *types.Func) *ast.Ident {
	if id := FilledBy(info, call, fn); id != nil || fn == nil || r == nil {
		return id
	}
	i, ok := r.fills[fn.Origin()]
	if !ok || i >= len(call.Args) {
		return nil
	}
	buf := call.Args[i]
	if s, ok := ast.Unparen(buf).(*ast.SliceExpr); ok {
		buf = s.X
	}
	id, _ := ast.Unparen(buf).(*ast.Ident)
	return id
}

// FilledBy returns the buffer that a call of fn fills with random bytes,
// by the table alone (rand.Read, io.ReadFull(rand.Reader, b)).
func FilledBy(info *types.Info, call *ast.CallExpr, fn *types.Func) *ast.Ident {
	if fn == nil || fn.Pkg() == nil || len(call.Args) == 0 {
		return nil
	}
	buf := call.Args[0]
	switch {
	case fn.Name() == "Read" && IsFreshFunc(fn):
	case fn.Pkg().Path() == "io" && (fn.Name() == "ReadFull" || fn.Name() == "ReadAtLeast") && len(call.Args) >= 2 && isRandReader(info, call.Args[0]):
		buf = call.Args[1]
	default:
		return nil
	}
	if s, ok := ast.Unparen(buf).(*ast.SliceExpr); ok {
		buf = s.X
	}
	id, _ := ast.Unparen(buf).(*ast.Ident)
	return id
}

func isRandReader(info *types.Info, e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	v, ok := info.Uses[sel.Sel].(*types.Var)
	return ok && v.Pkg() != nil && v.Pkg().Path() == "crypto/rand" && v.Name() == "Reader"
}

// derives returns the parameters of fn, a function of the package under
// analysis (computeFacts), whose value its first result derives from
// (func hexOf(b []byte) string { return hex.EncodeToString(b) }): a
// fresh argument there makes a fresh result. Memoized; nil for another
// package's function.
func (r *Result) derives(info *types.Info, fn *types.Func) []int {
	decl := r.decls[fn.Origin()]
	if decl == nil {
		return nil
	}
	if d, ok := r.derived[decl]; ok {
		return d
	}
	r.derived[decl] = nil // a recursion finds none
	var out []int
	sig := fn.Signature()
	i := 0
	for _, f := range decl.Type.Params.List {
		if len(f.Names) == 0 {
			i++
		}
		for _, n := range f.Names {
			p := info.Defs[n]
			if p != nil && sig.Results().Len() > 0 {
				t := &tracer{info: info, r: r, decl: decl, param: p}
				if t.returns(sig) {
					out = append(out, i)
				}
			}
			i++
		}
	}
	r.derived[decl] = out
	return out
}

// returns reports whether a return statement of t.decl returns, as its
// first result, a value t.fresh finds fresh.
func (t *tracer) returns(sig *types.Signature) bool {
	var named *ast.Ident
	if fl := t.decl.Type.Results; fl != nil && len(fl.List) > 0 && len(fl.List[0].Names) > 0 {
		named = fl.List[0].Names[0]
	}
	found := false
	analysisutil.Inspect(t.decl.Body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			var e ast.Expr
			switch {
			case len(n.Results) == sig.Results().Len() && len(n.Results) > 0:
				e = n.Results[0]
			case len(n.Results) == 1 && sig.Results().Len() > 1:
				e = n.Results[0] // return f(): the first of f's results
			case len(n.Results) == 0 && named != nil:
				e = named
			default:
				return true
			}
			found = t.fresh(e, make(map[types.Object]bool))
		}
		return true
	})
	return found
}

// transformPkgs are packages whose functions compute their result from
// their arguments only, so that a fresh argument makes a fresh result.
var transformPkgs = map[string]bool{
	"fmt": true, "strconv": true, "strings": true, "bytes": true,
	"encoding/hex": true, "encoding/base64": true, "encoding/base32": true,
	"crypto/sha256": true, "crypto/sha1": true, "crypto/sha512": true, "crypto/md5": true,
	"path": true, "net/url": true,
	"github.com/aws/aws-sdk-go-v2/aws": true,
}

// Transforms reports whether fn derives its result from its arguments
// alone: fmt.Sprintf, strconv.FormatInt, hex.EncodeToString, aws.String,
// stripe.String, or a pointer helper func(T) *T.
func Transforms(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	path := fn.Pkg().Path()
	if transformPkgs[path] && fn.Name() != "Fprintf" && fn.Name() != "Printf" && fn.Name() != "Println" && fn.Name() != "Print" {
		return true
	}
	if rest, ok := strings.CutPrefix(path, "github.com/stripe/stripe-go/v"); ok && rest != "" && !strings.Contains(rest, "/") && strings.HasPrefix(fn.Name(), "String") {
		return true
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() != nil || sig.Params().Len() != 1 || sig.Results().Len() != 1 {
		return false
	}
	p, ok := sig.Results().At(0).Type().(*types.Pointer)
	return ok && types.Identical(p.Elem(), sig.Params().At(0).Type())
}
