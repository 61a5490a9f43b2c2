package metamorph

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/baseline"
)

// A program is a fixture module as the rewrites see it: its own packages
// with syntax and types, the types of its dependencies from export data.
// Rewrites plan their edits on it; the variants are then written out and
// loaded again, with all their dependencies from source, for analysis.
type program struct {
	dir     string // module directory
	fixture string // its base name
	tempMod string // path of the temporary module that holds its variants
	modPath string
	goMod   []byte
	fset    *token.FileSet
	pkgs    []*packages.Package // the module's packages, by path
	byPath  map[string]*packages.Package
	fileOf  map[*ast.File]*packages.Package
	src     map[string][]byte // file name -> source
	names   map[string]string // import path -> package name, for every import of the module
}

// loadProgram loads the module in dir for planning.
func loadProgram(dir string) (*program, error) {
	gomod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return nil, err
	}
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
			packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo | packages.NeedModule | packages.NeedEmbedFiles,
		Dir:  dir,
		Env:  append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=readonly", "GOWORK=off"),
		Fset: token.NewFileSet(),
	}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		return nil, err
	}
	var errs []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			errs = append(errs, e.Error())
		}
	})
	if len(errs) > 0 {
		return nil, fmt.Errorf("loading %s: %s", dir, strings.Join(errs, "\n"))
	}
	p := &program{
		dir:     dir,
		fixture: filepath.Base(dir),
		goMod:   gomod,
		fset:    cfg.Fset,
		byPath:  make(map[string]*packages.Package),
		fileOf:  make(map[*ast.File]*packages.Package),
		src:     make(map[string][]byte),
		names:   make(map[string]string),
	}
	for _, pkg := range pkgs {
		if pkg.Module == nil || pkg.Module.Dir != dir {
			continue // a package of a nested module
		}
		p.modPath = pkg.Module.Path
		p.pkgs = append(p.pkgs, pkg)
		p.byPath[pkg.PkgPath] = pkg
		for i, f := range pkg.Syntax {
			p.fileOf[f] = pkg
			name := pkg.CompiledGoFiles[i]
			src, err := os.ReadFile(name)
			if err != nil {
				return nil, err
			}
			p.src[name] = src
		}
		for path, imp := range pkg.Imports {
			p.names[path] = imp.Name
		}
	}
	sort.Slice(p.pkgs, func(i, j int) bool { return p.pkgs[i].PkgPath < p.pkgs[j].PkgPath })
	if len(p.pkgs) == 0 {
		return nil, fmt.Errorf("%s: no packages", dir)
	}
	return p, nil
}

// rel returns the directory of the module package pkg relative to the
// module root ("." for the root).
func (p *program) rel(pkg *packages.Package) string {
	if pkg.PkgPath == p.modPath {
		return "."
	}
	return strings.TrimPrefix(pkg.PkgPath, p.modPath+"/")
}

// isModPath reports whether the import path is a package of the module.
func (p *program) isModPath(path string) bool {
	_, ok := p.byPath[path]
	return ok
}

// inModule reports whether obj is declared in a package of the module.
func (p *program) inModule(obj types.Object) bool {
	return obj != nil && obj.Pkg() != nil && p.isModPath(obj.Pkg().Path())
}

// fileName returns the name of file f.
func (p *program) fileName(f *ast.File) string { return p.fset.File(f.FileStart).Name() }

// sdkModules are the MCP SDKs whose entry points are sites of class
// "sdk".
var sdkModules = []string{
	"github.com/modelcontextprotocol/go-sdk",
	"github.com/mark3labs/mcp-go",
	"github.com/strowk/foxy-contexts",
	"github.com/FreePeak/cortex",
	"github.com/viant/mcp",
	"github.com/ThinkInAIXYZ/go-mcp",
	"github.com/metoro-io/mcp-golang",
	"trpc.group/trpc-go/trpc-mcp-go",
}

func isSDKPath(path string) bool {
	for _, m := range sdkModules {
		if path == m || strings.HasPrefix(path, m+"/") || strings.HasPrefix(path, m+"-") {
			return true
		}
	}
	return false
}

// Site classes: where a value is used.
const (
	classSDK = "sdk" // an argument of an MCP SDK function, a field of an SDK type
	classDep = "dep" // of another dependency (the standard library included)
	classMod = "mod" // of the fixture module itself
)

// classOf returns the class of a use in package pkg (the callee's or the
// composite type's package).
func (p *program) classOf(pkg *types.Package) string {
	switch {
	case pkg == nil:
		return ""
	case p.isModPath(pkg.Path()):
		return classMod
	case isSDKPath(pkg.Path()):
		return classSDK
	}
	return classDep
}

// staticCallee returns the function a call statically calls, or nil for
// conversions, builtins and calls of function values.
func staticCallee(info *types.Info, call *ast.CallExpr) *types.Func {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	return fn
}

// importable reports whether package path can be imported by package from.
func importable(pkgPath, from string) bool {
	i := strings.LastIndex(pkgPath, "/internal/")
	if i < 0 {
		if strings.HasSuffix(pkgPath, "/internal") {
			i = len(pkgPath) - len("/internal")
		} else if strings.HasPrefix(pkgPath, "internal/") || pkgPath == "internal" {
			return !strings.Contains(from, ".") // the standard library
		} else {
			return true
		}
	}
	parent := pkgPath[:i]
	return from == parent || strings.HasPrefix(from, parent+"/")
}

// A namer prints types and qualified names for code generated into one
// file, adding the imports it needs.
type namer struct {
	p     *program
	pkg   *types.Package
	file  string // file name
	v     *variant
	local map[string]string // import path -> name in the file
	taken map[string]bool   // names of the file's imports
}

func (v *variant) namer(pkg *packages.Package, f *ast.File) *namer {
	name := v.p.fileName(f)
	if n := v.namers[name]; n != nil {
		return n
	}
	n := &namer{p: v.p, pkg: pkg.Types, file: name, v: v, local: make(map[string]string), taken: make(map[string]bool)}
	for _, imp := range f.Imports {
		path := strings.Trim(imp.Path.Value, `"`)
		nm := v.p.names[path]
		if imp.Name != nil {
			nm = imp.Name.Name
		}
		if nm == "_" || nm == "." {
			continue
		}
		n.local[path] = nm
		n.taken[nm] = true
	}
	v.namers[name] = n
	return n
}

// qualifier returns the name under which the file refers to package tp,
// adding an import when it has none.
func (n *namer) qualifier(tp *types.Package) string {
	if tp == n.pkg {
		return ""
	}
	if nm, ok := n.local[tp.Path()]; ok {
		return nm
	}
	nm := tp.Name()
	for n.taken[nm] || n.pkg.Scope().Lookup(nm) != nil {
		nm = "mm" + nm
	}
	n.local[tp.Path()] = nm
	n.taken[nm] = true
	n.v.addImport(n.file, tp.Path(), nm)
	return nm
}

// typeString returns the type t as the file can spell it, or false when
// it cannot name t (a local or unexported type of another package, a
// type parameter, an internal package it cannot import).
func (n *namer) typeString(t types.Type) (string, bool) {
	if !n.nameable(t, make(map[types.Type]bool)) {
		return "", false
	}
	return types.TypeString(t, n.qualifier), true
}

func (n *namer) nameable(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return true
	}
	seen[t] = true
	switch t := t.(type) {
	case *types.Alias:
		return n.nameable(types.Unalias(t), seen) && n.objOK(t.Obj())
	case *types.Basic:
		return t.Info()&types.IsUntyped == 0 && t.Kind() != types.Invalid
	case *types.Named:
		if !n.objOK(t.Obj()) {
			return false
		}
		for i := 0; i < t.TypeArgs().Len(); i++ {
			if !n.nameable(t.TypeArgs().At(i), seen) {
				return false
			}
		}
		return true
	case *types.Pointer:
		return n.nameable(t.Elem(), seen)
	case *types.Slice:
		return n.nameable(t.Elem(), seen)
	case *types.Array:
		return n.nameable(t.Elem(), seen)
	case *types.Chan:
		return n.nameable(t.Elem(), seen)
	case *types.Map:
		return n.nameable(t.Key(), seen) && n.nameable(t.Elem(), seen)
	case *types.Signature:
		if t.TypeParams().Len() > 0 {
			return false
		}
		return n.nameable(t.Params(), seen) && n.nameable(t.Results(), seen)
	case *types.Tuple:
		for i := 0; i < t.Len(); i++ {
			if !n.nameable(t.At(i).Type(), seen) {
				return false
			}
		}
		return true
	case *types.Struct:
		for i := 0; i < t.NumFields(); i++ {
			f := t.Field(i)
			if !f.Exported() && f.Pkg() != n.pkg {
				return false
			}
			if !n.nameable(f.Type(), seen) {
				return false
			}
		}
		return true
	case *types.Interface:
		if !t.IsMethodSet() {
			return false
		}
		for i := 0; i < t.NumMethods(); i++ {
			m := t.Method(i)
			if !m.Exported() && m.Pkg() != n.pkg {
				return false
			}
			if !n.nameable(m.Type(), seen) {
				return false
			}
		}
		return true
	}
	return false
}

// objOK reports whether the file can name the type name obj.
func (n *namer) objOK(obj *types.TypeName) bool {
	if obj.Pkg() == nil {
		return true // universe: error, comparable, any
	}
	if obj.Parent() != nil && obj.Parent() != obj.Pkg().Scope() {
		return false // a local type
	}
	if obj.Pkg() == n.pkg {
		return true
	}
	return obj.Exported() && obj.Pkg().Name() != "main" && importable(obj.Pkg().Path(), n.pkg.Path())
}

// freeVars returns the local variables that node n uses and that are
// declared outside it, in order of first use. It reports false when n
// uses a local type or constant declared outside it (code moved out of
// the function could not name it) or mutates a free variable (code moved
// out of the function would mutate a copy).
func freeVars(info *types.Info, n ast.Node) ([]*types.Var, bool) {
	var vars []*types.Var
	seen := make(map[*types.Var]bool)
	ok := true
	isFree := func(obj types.Object) bool {
		return obj != nil && obj.Pkg() != nil && obj.Parent() != nil && obj.Parent() != obj.Pkg().Scope() &&
			obj.Parent() != types.Universe && !(n.Pos() <= obj.Pos() && obj.Pos() < n.End())
	}
	ast.Inspect(n, func(x ast.Node) bool {
		id, isID := x.(*ast.Ident)
		if !isID {
			return true
		}
		switch obj := info.Uses[id].(type) {
		case *types.Var:
			if !obj.IsField() && isFree(obj) && !seen[obj] {
				seen[obj] = true
				vars = append(vars, obj)
			}
		case *types.TypeName, *types.Const:
			if isFree(obj) {
				ok = false
			}
		}
		return true
	})
	if !ok {
		return nil, false
	}
	if len(vars) > 0 && mutatesAny(info, n, seen) {
		return nil, false
	}
	return vars, true
}

// mutatesAny reports whether node n may change one of vars: assigns it
// or a part of its value, takes its address, or calls a method with a
// pointer receiver on it.
func mutatesAny(info *types.Info, n ast.Node, vars map[*types.Var]bool) bool {
	found := false
	hit := func(e ast.Expr) {
		if v, ok := info.Uses[rootIdent(info, e)].(*types.Var); ok && vars[v] {
			found = true
		}
	}
	ast.Inspect(n, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.AssignStmt:
			if x.Tok != token.DEFINE {
				for _, l := range x.Lhs {
					hit(l)
				}
			}
		case *ast.IncDecStmt:
			hit(x.X)
		case *ast.RangeStmt:
			if x.Tok == token.ASSIGN {
				if x.Key != nil {
					hit(x.Key)
				}
				if x.Value != nil {
					hit(x.Value)
				}
			}
		case *ast.UnaryExpr:
			if x.Op == token.AND {
				hit(x.X)
			}
		case *ast.SelectorExpr:
			if sel := info.Selections[x]; sel != nil && sel.Kind() == types.MethodVal {
				if _, ptrRecv := sel.Obj().Type().(*types.Signature).Recv().Type().(*types.Pointer); ptrRecv {
					if _, ptrX := info.TypeOf(x.X).Underlying().(*types.Pointer); !ptrX {
						hit(x.X)
					}
				}
			}
		}
		return true
	})
	return found
}

// rootIdent returns the variable whose storage an addressable expression
// denotes: x in x, x.f (not through a pointer), x[i] (x an array), or nil.
func rootIdent(info *types.Info, e ast.Expr) *ast.Ident {
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
		case *ast.Ident:
			return x
		case *ast.SelectorExpr:
			if _, ptr := info.TypeOf(x.X).Underlying().(*types.Pointer); ptr {
				return nil
			}
			if sel := info.Selections[x]; sel == nil || sel.Kind() != types.FieldVal {
				return nil
			}
			e = x.X
		case *ast.IndexExpr:
			if _, arr := info.TypeOf(x.X).Underlying().(*types.Array); !arr {
				return nil
			}
			e = x.X
		default:
			return nil
		}
	}
}

// pure reports whether evaluating e has no effect and cannot observe one
// made between its old and new place: it calls nothing (conversions
// aside) and receives from no channel. Function literals are pure: their
// bodies do not run where they are written.
func pure(info *types.Info, e ast.Node) bool {
	ok := true
	ast.Inspect(e, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if tv, isT := info.Types[x.Fun]; !isT || !tv.IsType() {
				ok = false
			}
		case *ast.UnaryExpr:
			if x.Op == token.ARROW {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// sdkPure is pure, but also lets e call functions of the MCP SDKs (the
// tool and option constructors a registration table holds).
func (p *program) sdkPure(info *types.Info, e ast.Node) bool {
	ok := true
	ast.Inspect(e, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if tv, isT := info.Types[x.Fun]; isT && tv.IsType() {
				return true
			}
			if fn := staticCallee(info, x); fn == nil || !isSDKPath(fn.Pkg().Path()) {
				ok = false
			}
		case *ast.UnaryExpr:
			if x.Op == token.ARROW {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// funcName names a top-level function declaration as the findings' keys
// do: "Name", or "Recv.Name" for a method (baseline.FuncName).
func funcName(d *ast.FuncDecl) string { return baseline.FuncName(d) }

// pkgName returns the name a file uses for the import path.
func pkgBase(importPath string) string { return path.Base(importPath) }

// nearDirective reports whether an //mcpvet: directive is on a line of
// [from, to) or on the line above: mcpvet reads directives by line, so
// rewrites that move or insert lines leave such code alone.
func (p *program) nearDirective(f *ast.File, from, to token.Pos) bool {
	tf := p.fset.File(f.FileStart)
	l0, l1 := tf.Line(from)-1, tf.Line(to)
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if strings.HasPrefix(c.Text, "//mcpvet:") {
				if l := tf.Line(c.Pos()); l0 <= l && l <= l1 {
					return true
				}
			}
		}
	}
	return false
}
