package effects

import (
	"go/ast"
	"go/types"
	"strings"
	"unicode"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// StandIn is an object fact on a method that stands in for another
// implementation of its interface: a hand-written fake whose method only
// calls function-valued fields of its receiver (m.CreateFn(ctx, x)),
// forwards to an interface kept in a field of its receiver (w.Client.Create
// for a method named Create), or asks a mocking library (testify's
// m.Called, gomock's m.ctrl.Call). Such a method commits whatever it is
// given, so an interface call's effect is decided by the other
// implementations (interfaceEffect): it does not make the call unknown.
// A method that does nothing (an in-memory or dry-run implementation)
// is not a stand-in, unless its type is named as a test double (Mock,
// Fake or Stub, then a capital: MockShellExecutor, fakeStore): a type so
// named is there for the tests, whatever its methods do (testDouble).
type StandIn struct{}

func (*StandIn) AFact() {}

func (*StandIn) String() string { return "standin" }

// mockPackages are the mocking libraries whose calls a stand-in makes.
var mockPackages = map[string]bool{
	"github.com/stretchr/testify/mock": true,
	"github.com/golang/mock/gomock":    true,
	"go.uber.org/mock/gomock":          true,
}

// exportStandIns records the package's stand-in methods in r.standIns and
// exports their facts.
func (r *Result) exportStandIns(pass *analysis.Pass) {
	var sc *standInScan
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			d, ok := decl.(*ast.FuncDecl)
			if ok && d.Recv != nil && d.Body != nil && r.onlyFails(pass.TypesInfo, d) {
				// An unimplemented method (gRPC's and Connect's
				// UnimplementedFooHandler): it only returns an error.
				if fn, _ := pass.TypesInfo.Defs[d.Name].(*types.Func); fn != nil {
					if r.standIns == nil {
						r.standIns = make(map[*types.Func]bool)
					}
					r.standIns[fn] = true
					pass.ExportObjectFact(fn, &StandIn{})
				}
				continue
			}
			if !ok || d.Recv == nil || d.Body == nil || len(d.Recv.List) != 1 || len(d.Recv.List[0].Names) != 1 {
				continue // a method whose receiver is unnamed uses none of it: not a forwarder, nor a mock's recorder
			}
			fn, _ := pass.TypesInfo.Defs[d.Name].(*types.Func)
			recv := pass.TypesInfo.Defs[d.Recv.List[0].Names[0]]
			if fn == nil || recv == nil {
				continue
			}
			if !testDouble(recv.Type()) {
				if len(d.Body.List) > maxStandIn {
					continue // a stand-in is short
				}
				if sc == nil {
					sc = newStandInScan(pass)
					sc.pure = r.pureElsewhere
				}
				if n, ok := sc.forwards(d.Body, recv, fn.Name(), 0); !ok || n == 0 {
					continue
				}
			}
			if r.standIns == nil {
				r.standIns = make(map[*types.Func]bool)
			}
			r.standIns[fn] = true
			pass.ExportObjectFact(fn, &StandIn{})
		}
	}
}

// onlyFails reports whether the method d only fails: its body is
// declarations and assignments (no call but of errorMakers) and one
// return statement whose last result is an error made on the spot
// (errorMakers: connect.NewError(connect.CodeUnimplemented, ...),
// status.Errorf(...), errors.New), as the value-flow engine finds it
// through locals and helpers, and whose others are nil or constants: it
// commits nothing, whatever it is given.
func (r *Result) onlyFails(info *types.Info, d *ast.FuncDecl) bool {
	n := len(d.Body.List)
	if n == 0 || n > maxStandIn {
		return false
	}
	ret, ok := d.Body.List[n-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) == 0 {
		return false
	}
	for _, st := range d.Body.List[:n-1] {
		switch st.(type) {
		case *ast.DeclStmt, *ast.AssignStmt:
		default:
			return false
		}
		calls := false
		ast.Inspect(st, func(x ast.Node) bool {
			if c, ok := x.(*ast.CallExpr); ok && !isErrorMaker(info, c) {
				if tv, ok := info.Types[c.Fun]; !ok || !tv.IsType() { // a conversion is no call
					calls = true
				}
			}
			return !calls
		})
		if calls {
			return false
		}
	}
	last := ret.Results[len(ret.Results)-1]
	if t := info.TypeOf(last); t == nil || !types.Implements(t, errorIface) {
		return false // most short methods: getters of other values
	}
	if call, ok := ast.Unparen(last).(*ast.CallExpr); !ok || !isErrorMaker(info, call) {
		// Made by a local or a helper: the engine's value.
		if r.vf == nil {
			return false
		}
		made := false
		for _, v := range r.vf.Eval(last, nil).Each() {
			if v.Kind != valueflow.Call || !errorMakers[funcPath(v.Obj)] {
				return false
			}
			made = true
		}
		if !made {
			return false
		}
	}
	for _, e := range ret.Results[:len(ret.Results)-1] {
		if tv, ok := info.Types[e]; !ok || !tv.IsNil() && tv.Value == nil {
			return false
		}
	}
	return true
}

var errorIface = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

func isErrorMaker(info *types.Info, call *ast.CallExpr) bool {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	return errorMakers[funcPath(fn)]
}

// errorMakers make an error value and do nothing else.
var errorMakers = words("errors.New", "fmt.Errorf", "connectrpc.com/connect.NewError",
	"google.golang.org/grpc/status.Error", "google.golang.org/grpc/status.Errorf")

// quietKey is a function of the package asked about for a method's name.
type quietKey struct {
	fn   *types.Func
	name string
}

// standInScan decides which methods of a package are stand-ins.
type standInScan struct {
	info  *types.Info
	files []*ast.File
	pkg   *types.Package
	decls map[*types.Func]*ast.FuncDecl
	memo  map[quietKey]int // calls that forward, -1: not quiet
	// pure reports whether a function of another package has no effect
	// (an options helper, an error constructor of the project's own).
	pure func(*types.Func) bool
}

// pureElsewhere reports whether fn, of another package of the program's
// own that the engine summarized, commits no effect by its fact.
func (r *Result) pureElsewhere(fn *types.Func) bool {
	p := fn.Pkg().Path()
	if isStdPath(p) || !sameModule(r.module, p) && !analysisutil.InLocalModule(p) {
		return false
	}
	return r.funcEffect(fn) == nil && r.vf.Summary(fn) != nil
}

// maxStandIn is the most statements a stand-in method or a helper it
// calls has.
const maxStandIn = 6

func newStandInScan(pass *analysis.Pass) *standInScan {
	return &standInScan{info: pass.TypesInfo, files: pass.Files, pkg: pass.Pkg}
}

// decl returns the declaration of fn, a function of the package; the
// index is built on first use.
func (sc *standInScan) decl(fn *types.Func) *ast.FuncDecl {
	if sc.decls == nil {
		sc.decls = make(map[*types.Func]*ast.FuncDecl)
		sc.memo = make(map[quietKey]int)
		for _, file := range sc.files {
			for _, decl := range file.Decls {
				if d, ok := decl.(*ast.FuncDecl); ok && d.Body != nil {
					if fn, ok := sc.info.Defs[d.Name].(*types.Func); ok {
						sc.decls[fn] = d
					}
				}
			}
		}
	}
	return sc.decls[fn]
}

// forwards reports whether body, of a method named name with receiver
// recv, only forwards, and how many of its calls forward: calls of a
// function-valued field (m.CreateFn(ctx, x)), of the method of the same
// name on an interface in a field of recv (w.Client.Create(ctx, x)), or
// of a mocking library. Its other calls may only be builtins,
// conversions, errors.New or fmt.Errorf, calls of function values it was
// given, and calls of functions of the package that are as quiet (a
// helper the forwarding call was extracted into).
func (sc *standInScan) forwards(body *ast.BlockStmt, recv types.Object, name string, depth int) (int, bool) {
	info := sc.info
	n, ok := 0, true
	analysisutil.Inspect(body, func(node ast.Node) bool {
		if !ok {
			return false
		}
		x, isCall := node.(*ast.CallExpr)
		if !isCall {
			return true
		}
		if tv, has := info.Types[x.Fun]; has && tv.IsType() {
			return true // a conversion
		}
		if _, isLit := ast.Unparen(x.Fun).(*ast.FuncLit); isLit {
			return true // run in place: its calls are looked at in turn
		}
		if id, isID := ast.Unparen(x.Fun).(*ast.Ident); isID {
			switch obj := info.Uses[id].(type) {
			case *types.Builtin:
				return true
			case *types.Var:
				if isFuncType(obj.Type()) {
					return true // opt(o): a function value it was given
				}
			}
		}
		if sel, isSel := ast.Unparen(x.Fun).(*ast.SelectorExpr); isSel {
			if s, has := info.Selections[sel]; has {
				switch {
				case s.Kind() == types.FieldVal && isFuncType(s.Type()):
					n++ // m.CreateFn(ctx, x)
					return true
				case s.Kind() == types.MethodVal && types.IsInterface(s.Recv()) && sel.Sel.Name == name && (recv == nil || rootedAt(info, sel.X, recv)) && fieldSel(info, sel.X):
					n++ // w.Client.Create(ctx, x)
					return true
				}
			}
		}
		fn, _ := typeutil.Callee(info, x).(*types.Func)
		switch {
		case fn == nil || fn.Pkg() == nil:
			ok = false
		case mockPackages[fn.Pkg().Path()]:
			n++
		case fn.Pkg().Path() == "errors" && fn.Name() == "New", fn.Pkg().Path() == "fmt" && fn.Name() == "Errorf":
		case fn.Pkg() != sc.pkg && sc.pure != nil && sc.pure(fn.Origin()):
		default:
			k, quiet := sc.quiet(fn.Origin(), name, depth+1)
			n += k
			ok = quiet
		}
		return ok
	})
	return n, ok
}

// quiet reports whether fn, a function of the package, only forwards (its
// parameters standing in for the receiver), and how many forwarding calls
// it makes.
func (sc *standInScan) quiet(fn *types.Func, name string, depth int) (int, bool) {
	key := quietKey{fn, name}
	if fn.Pkg() != sc.pkg || depth > 3 {
		return 0, false
	}
	d := sc.decl(fn)
	if k, ok := sc.memo[key]; ok {
		return max(k, 0), k >= 0
	}
	if d == nil || len(d.Body.List) > maxStandIn {
		return 0, false
	}
	sc.memo[key] = -1 // recursion: not quiet
	k, ok := sc.forwards(d.Body, nil, name, depth)
	if ok {
		sc.memo[key] = k
	}
	return k, ok
}

// rootedAt reports whether e is recv or a selector chain rooted at it.
func rootedAt(info *types.Info, e ast.Expr, recv types.Object) bool {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return info.Uses[x] == recv
		case *ast.SelectorExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return false
		}
	}
}

// fieldSel reports whether e selects a field (w.Client).
func fieldSel(info *types.Info, e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s, ok := info.Selections[sel]
	return ok && s.Kind() == types.FieldVal
}

func isFuncType(t types.Type) bool {
	_, ok := t.Underlying().(*types.Signature)
	return ok
}

// standIn reports whether m, an implementation of an interface method,
// stands in for another: a method promoted from an interface embedded in
// the type, or one with a StandIn fact. r.mu must be held.
func (r *Result) standIn(m *types.Func) bool {
	if sig, ok := m.Type().(*types.Signature); ok && sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) {
		return true // promoted from an embedded interface: it forwards
	}
	return r.standIns[m.Origin()]
}

// testDouble reports whether t (or *t) is a named type whose name says
// it is a test double: Mock, Fake or Stub alone, or Mock, Fake or Stub
// (or mock, fake, stub) then a capital letter (MockShellExecutor,
// fakeStore, StubClient); a type of a package named for doubles or a
// demo mode (doublesPackage); or a struct that holds a *testing.T. Such
// a type in a non-test file (beside the real implementation, for the
// tests of other packages, or for a demo without a backend) records
// calls or returns canned answers; it is never what the server runs
// against its backend.
func testDouble(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	if pkg := n.Obj().Pkg(); pkg != nil && doublesPackage(pkg.Name()) {
		return true
	}
	name := n.Obj().Name()
	for _, p := range [...]string{"Mock", "mock", "Fake", "fake", "Stub", "stub"} {
		if rest, ok := strings.CutPrefix(name, p); ok && (rest == "" && unicode.IsUpper(rune(p[0])) || rest != "" && unicode.IsUpper(rune(rest[0]))) {
			return true
		}
	}
	// A type that holds the test it serves (T *testing.T) is a test's
	// helper, whatever its name.
	if st, ok := n.Underlying().(*types.Struct); ok {
		for i := 0; i < st.NumFields(); i++ {
			if testingType(st.Field(i).Type()) {
				return true
			}
		}
	}
	return false
}

// doublesPackage reports whether a package's name says it holds test
// doubles or a demo mode's backend: mock, mocks, fake, fakes, stub,
// stubs, demo, testutil; or mock_ then a name (gomock's mock_store). A
// name ending in test (httptest) is left out: latest, contest, attest.
func doublesPackage(name string) bool {
	switch name {
	case "mock", "mocks", "fake", "fakes", "stub", "stubs", "demo", "testutil", "testutils":
		return true
	}
	return strings.HasPrefix(name, "mock_")
}

// testingType reports whether t is *testing.T, *testing.B or testing.TB.
func testingType(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "testing" {
		return false
	}
	switch n.Obj().Name() {
	case "T", "B", "TB", "F":
		return true
	}
	return false
}
