package metamorph

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/tools/go/packages"
)

const docMovePkg = `move-pkg: the functions a package uses itself or exports to another
package (handlers, tool constructors, helpers: every top-level function
but init, main and methods that some other declaration or package refers
to), together with every declaration of the package they need (types
with their methods, variables, constants), move into a new package of the
module (<pkg>/mm<pkg>); their unexported names get exported as a
developer would (createItem as CreateItem; Mv<name> where that name is
already used in the module), and the code left behind refers to them through the new package. A
function stays when its move would leave behind code that uses an
unexported field or method of a moved type (by name or, in a composite
literal, by position), embeds a moved unexported
type, when a moved type has unexported methods and the package
declares an interface with unexported methods, or when a moved interface
has unexported methods.`

const docMoveModule = `move-module: as move-pkg, but the new packages live in a separate module
(example.com/mmext_...), required by the fixture module through a
replace directive; moved code that imports an internal package of the
fixture module stays.`

type part struct {
	file       *ast.File
	start, end token.Pos
	prefix     string // "var ", "const ", "type " for a spec of a group
	method     *ast.FuncDecl
}

type unit struct {
	parts []part
	objs  []types.Object
	refs  map[types.Object]bool
	seed  bool // a function that may be moved for itself
}

func move(v *variant, ext bool) {
	if ext {
		v.extMod = v.extModPath()
	}
	moved := make(map[types.Object]string) // moved object -> its name in the new package
	newPath := make(map[*types.Package]string)
	newName := make(map[*types.Package]string)
	// An unexported name is exported as a developer would export it
	// (createItem -> CreateItem), so that the words a check reads in a
	// name stay; Mv<name> where the capitalized name is used anywhere in
	// the module (the findings map names back to the fixture's by name).
	taken := identNames(v.p.pkgs)
	for _, pkg := range v.p.pkgs {
		m := v.planMove(pkg, ext)
		if len(m) == 0 {
			continue
		}
		name := "mm" + strings.NewReplacer("/", "_", ".", "_", "-", "_").Replace(v.p.rel(pkg))
		if v.p.rel(pkg) == "." {
			name = "mmroot"
		}
		np := &newPkg{ext: ext, name: name, origin: v.p.rel(pkg), files: make(map[string]string)}
		if ext {
			np.rel = filepath.ToSlash(v.p.rel(pkg))
			np.path = v.extMod + "/" + np.rel
			if np.rel == "." {
				np.path = v.extMod
			}
		} else {
			np.rel = filepath.ToSlash(filepath.Join(v.p.rel(pkg), name))
			np.path = v.p.modPath + "/" + np.rel
		}
		v.newPkgs = append(v.newPkgs, np)
		newPath[pkg.Types] = np.path
		newName[pkg.Types] = name
		for _, u := range m {
			for _, obj := range u.objs {
				nm := obj.Name()
				if !obj.Exported() {
					nm = exportName(nm, taken)
				}
				moved[obj] = nm
			}
		}
	}
	if len(moved) == 0 {
		return
	}
	// Rewrite the references to moved objects, everywhere in the module.
	inMoved := func(f *ast.File, pos token.Pos) bool { return movedRange(v, f, pos) }
	for _, pkg := range v.p.pkgs {
		info := pkg.TypesInfo
		for _, f := range pkg.Syntax {
			done := make(map[*ast.Ident]bool)
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.SelectorExpr:
					// pkg.X from another package of the module.
					if x, ok := n.X.(*ast.Ident); ok {
						if _, isPkg := info.Uses[x].(*types.PkgName); isPkg {
							obj := info.Uses[n.Sel]
							if nm, ok := moved[obj]; ok {
								q := v.namer(pkg, f).qualifierPath(newPath[obj.Pkg()], newName[obj.Pkg()])
								v.ed.Replace(n.Pos(), n.End(), q+"."+nm)
								done[n.Sel] = true
								return false
							}
						}
					}
				case *ast.Ident:
					if done[n] {
						return true
					}
					obj := info.Defs[n]
					if obj == nil {
						obj = info.Uses[n]
					}
					nm, ok := moved[obj]
					if !ok || obj.Pkg() != pkg.Types {
						return true
					}
					if inMoved(f, n.Pos()) {
						if nm != n.Name {
							v.ed.Replace(n.Pos(), n.End(), nm)
						}
					} else {
						q := v.namer(pkg, f).qualifierPath(newPath[obj.Pkg()], newName[obj.Pkg()])
						v.ed.Replace(n.Pos(), n.End(), q+"."+nm)
					}
				}
				return true
			})
		}
	}
	// Move the text.
	for _, pkg := range v.p.pkgs {
		m := v.moves[pkg.Types]
		if len(m) == 0 {
			continue
		}
		var np *newPkg
		for _, x := range v.newPkgs {
			if x.path == newPath[pkg.Types] {
				np = x
			}
		}
		byFile := make(map[*ast.File][]part)
		for _, u := range m {
			for _, p := range u.parts {
				byFile[p.file] = append(byFile[p.file], p)
			}
			for _, obj := range u.objs {
				switch obj.(type) {
				case *types.Func:
					v.origin[moved[obj]] = obj.Name()
				case *types.TypeName:
					// The methods of a renamed type.
					for _, p := range u.parts {
						if p.method != nil {
							old := funcName(p.method)
							_, meth, _ := strings.Cut(old, ".")
							v.origin[moved[obj]+"."+meth] = old
						}
					}
				}
			}
		}
		files := make([]*ast.File, 0, len(byFile))
		for f := range byFile {
			files = append(files, f)
		}
		sort.Slice(files, func(i, j int) bool { return files[i].Pos() < files[j].Pos() })
		for _, f := range files {
			parts := byFile[f]
			sort.Slice(parts, func(i, j int) bool { return parts[i].start < parts[j].start })
			var b strings.Builder
			fmt.Fprintf(&b, "package %s\n\n", np.name)
			for _, imp := range f.Imports {
				b.WriteString("import " + string(v.p.src[v.p.fileName(f)][v.p.fset.Position(imp.Pos()).Offset:v.p.fset.Position(imp.End()).Offset]) + "\n")
			}
			b.WriteString("\n")
			for _, p := range parts {
				b.WriteString(p.prefix + v.ed.Text(p.start, p.end) + "\n\n")
			}
			base := filepath.Base(v.p.fileName(f))
			np.files[base] = b.String()
			for path, nm := range v.imports[v.p.fileName(f)] {
				v.addImport(newFileKey(np, base), path, nm)
			}
			for _, p := range parts {
				v.ed.Replace(p.start, p.end, "")
			}
		}
		// Imports the moved code needed in the new package's files, added
		// by namers while rewriting: the moved text keeps its file's
		// imports, so there are none to add.
		v.sites += len(m)
	}
}

func movedRange(v *variant, f *ast.File, pos token.Pos) bool {
	for _, m := range v.moves {
		for _, u := range m {
			for _, p := range u.parts {
				if p.file == f && p.start <= pos && pos < p.end {
					return true
				}
			}
		}
	}
	return false
}

// qualifierPath is qualifier for a package that does not exist yet.
func (n *namer) qualifierPath(path, name string) string {
	if nm, ok := n.local[path]; ok {
		return nm
	}
	nm := name
	for n.taken[nm] || n.pkg.Scope().Lookup(nm) != nil {
		nm = "mm" + nm
	}
	n.local[path] = nm
	n.taken[nm] = true
	n.v.addImport(n.file, path, nm)
	return nm
}

// planMove returns the declarations of pkg to move.
func (v *variant) planMove(pkg *packages.Package, ext bool) []*unit {
	info := pkg.TypesInfo
	scope := pkg.Types.Scope()
	var units []*unit
	unitOf := make(map[types.Object]*unit)
	methods := make(map[*types.TypeName][]*ast.FuncDecl)
	declStart := func(doc *ast.CommentGroup, pos token.Pos) token.Pos {
		if doc != nil {
			return doc.Pos()
		}
		return pos
	}
	for _, f := range pkg.Syntax {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				obj := info.Defs[d.Name]
				if d.Recv != nil {
					t := info.TypeOf(d.Recv.List[0].Type)
					if p, ok := t.(*types.Pointer); ok {
						t = p.Elem()
					}
					if named, ok := types.Unalias(t).(*types.Named); ok {
						methods[named.Origin().Obj()] = append(methods[named.Origin().Obj()], d)
					}
					continue
				}
				u := &unit{parts: []part{{file: f, start: declStart(d.Doc, d.Pos()), end: d.End()}}, objs: []types.Object{obj}}
				u.seed = d.Name.Name != "init" && d.Name.Name != "main"
				if d.Name.Name == "init" {
					u.objs = nil
				}
				units = append(units, u)
				if obj != nil {
					unitOf[obj] = u
				}
			case *ast.GenDecl:
				if d.Tok == token.IMPORT {
					continue
				}
				if !d.Lparen.IsValid() || d.Tok == token.CONST {
					u := &unit{parts: []part{{file: f, start: declStart(d.Doc, d.Pos()), end: d.End()}}}
					for _, s := range d.Specs {
						u.objs = append(u.objs, specObjs(info, s)...)
					}
					units = append(units, u)
					for _, o := range u.objs {
						unitOf[o] = u
					}
					continue
				}
				for _, s := range d.Specs {
					var doc *ast.CommentGroup
					switch s := s.(type) {
					case *ast.ValueSpec:
						doc = s.Doc
					case *ast.TypeSpec:
						doc = s.Doc
					}
					u := &unit{parts: []part{{file: f, start: declStart(doc, s.Pos()), end: s.End(), prefix: d.Tok.String() + " "}}, objs: specObjs(info, s)}
					units = append(units, u)
					for _, o := range u.objs {
						unitOf[o] = u
					}
				}
			}
		}
	}
	// Methods go with their type (in the order of their types).
	tns := make([]*types.TypeName, 0, len(methods))
	for tn := range methods {
		tns = append(tns, tn)
	}
	sort.Slice(tns, func(i, j int) bool { return tns[i].Pos() < tns[j].Pos() })
	for _, tn := range tns {
		fds := methods[tn]
		u := unitOf[tn]
		if u == nil {
			continue
		}
		for _, fd := range fds {
			f := fileOf(pkg, fd.Pos())
			u.parts = append(u.parts, part{file: f, start: declStart(fd.Doc, fd.Pos()), end: fd.End(), method: fd})
		}
	}
	// References between units.
	for _, u := range units {
		u.refs = make(map[types.Object]bool)
		for _, p := range u.parts {
			ast.Inspect(p.file, func(n ast.Node) bool {
				if n == nil || n.End() <= p.start || n.Pos() >= p.end {
					return n == p.file
				}
				if id, ok := n.(*ast.Ident); ok {
					obj := info.Uses[id]
					if obj != nil && obj.Parent() == scope && unitOf[obj] != nil && unitOf[obj] != u {
						u.refs[obj] = true
					}
				}
				return true
			})
		}
	}
	// Seeds: functions that something else refers to.
	used := make(map[*unit]bool)
	for _, u := range units {
		for obj := range u.refs {
			used[unitOf[obj]] = true
		}
	}
	for _, other := range v.p.pkgs {
		if other == pkg {
			continue
		}
		for _, obj := range other.TypesInfo.Uses {
			if obj != nil && obj.Pkg() == pkg.Types && unitOf[obj] != nil {
				used[unitOf[obj]] = true
			}
		}
	}
	closure := func(u *unit) map[*unit]bool {
		c := map[*unit]bool{}
		var add func(*unit)
		add = func(u *unit) {
			if c[u] {
				return
			}
			c[u] = true
			for obj := range u.refs {
				add(unitOf[obj])
			}
		}
		add(u)
		return c
	}
	var seeds []*unit
	for _, u := range units {
		if u.seed && used[u] && len(u.objs) == 1 {
			seeds = append(seeds, u)
		}
	}
	// Grow the moved set seed by seed, keeping a seed only when the
	// result is valid.
	movedSet := make(map[*unit]bool)
	for _, s := range seeds {
		c := closure(s)
		trial := make(map[*unit]bool)
		for u := range movedSet {
			trial[u] = true
		}
		for u := range c {
			trial[u] = true
		}
		if reason := v.moveInvalid(pkg, units, unitOf, trial, ext); reason != "" {
			v.skip(reason)
			continue
		}
		movedSet = trial
	}
	var out []*unit
	for _, u := range units {
		if movedSet[u] {
			out = append(out, u)
		}
	}
	if v.moves == nil {
		v.moves = make(map[*types.Package][]*unit)
	}
	v.moves[pkg.Types] = out
	return out
}

func fileOf(pkg *packages.Package, pos token.Pos) *ast.File {
	for _, f := range pkg.Syntax {
		if f.FileStart <= pos && pos < f.FileEnd {
			return f
		}
	}
	return nil
}

func specObjs(info *types.Info, s ast.Spec) []types.Object {
	var out []types.Object
	switch s := s.(type) {
	case *ast.ValueSpec:
		for _, id := range s.Names {
			if obj := info.Defs[id]; obj != nil && id.Name != "_" {
				out = append(out, obj)
			}
		}
	case *ast.TypeSpec:
		if obj := info.Defs[s.Name]; obj != nil {
			out = append(out, obj)
		}
	}
	return out
}

// moveInvalid says why moving the units of set out of pkg would not
// compile or would change the program, or "".
func (v *variant) moveInvalid(pkg *packages.Package, units []*unit, unitOf map[types.Object]*unit, set map[*unit]bool, ext bool) string {
	info := pkg.TypesInfo
	inSet := func(pos token.Pos) bool {
		for u := range set {
			for _, p := range u.parts {
				if p.start <= pos && pos < p.end {
					return true
				}
			}
		}
		return false
	}
	movedType := func(t types.Type) *types.TypeName {
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			if u := unitOf[n.Origin().Obj()]; u != nil && set[u] {
				return n.Origin().Obj()
			}
		}
		return nil
	}
	// Package-level blank or init code cannot move; directives stay on
	// their lines only within moved text.
	hasUnexportedMethods := false
	for u := range set {
		for _, obj := range u.objs {
			if tn, ok := obj.(*types.TypeName); ok {
				if n, ok := tn.Type().(*types.Named); ok {
					for i := 0; i < n.NumMethods(); i++ {
						if !n.Method(i).Exported() {
							hasUnexportedMethods = true
						}
					}
				}
				if it, ok := tn.Type().Underlying().(*types.Interface); ok {
					for i := 0; i < it.NumMethods(); i++ {
						if !it.Method(i).Exported() {
							// Its implementations left behind could not
							// implement it.
							return "a moved interface has unexported methods"
						}
					}
				}
			}
		}
	}
	if hasUnexportedMethods {
		for _, obj := range info.Defs {
			if tn, ok := obj.(*types.TypeName); ok && tn.Pkg() == pkg.Types {
				if it, ok := tn.Type().Underlying().(*types.Interface); ok {
					for i := 0; i < it.NumMethods(); i++ {
						if !it.Method(i).Exported() {
							return "a moved type has unexported methods and the package has an interface with unexported methods"
						}
					}
				}
			}
		}
	}
	for id, obj := range info.Uses {
		if inSet(id.Pos()) {
			if ext && obj != nil && obj.Pkg() != nil && v.p.isModPath(obj.Pkg().Path()) && !importable(obj.Pkg().Path(), v.extModPath()) {
				return "moved code uses an internal package of the module"
			}
			continue
		}
		if sel, ok := obj.(*types.Var); ok && sel.IsField() && !sel.Exported() {
			// x.f of a moved type's unexported field, left behind.
			for u := range set {
				for _, o := range u.objs {
					if tn, ok := o.(*types.TypeName); ok {
						if st, ok := tn.Type().Underlying().(*types.Struct); ok {
							for i := 0; i < st.NumFields(); i++ {
								if st.Field(i) == sel {
									return "code left behind uses an unexported field of a moved type"
								}
							}
						}
					}
				}
			}
		}
		if fn, ok := obj.(*types.Func); ok && !fn.Exported() {
			if sig := fn.Type().(*types.Signature); sig.Recv() != nil && movedType(sig.Recv().Type()) != nil {
				return "code left behind uses an unexported method of a moved type"
			}
		}
	}
	// T{a, b} of a moved struct type with unexported fields, left
	// behind: its fields are set by position, not by name (Uses).
	for _, f := range pkg.Syntax {
		reason := ""
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok || reason != "" || inSet(lit.Pos()) || len(lit.Elts) == 0 {
				return reason == ""
			}
			if _, keyed := lit.Elts[0].(*ast.KeyValueExpr); keyed {
				return true
			}
			if tn := movedType(info.TypeOf(lit)); tn != nil {
				if st, ok := tn.Type().Underlying().(*types.Struct); ok {
					for i := 0; i < st.NumFields(); i++ {
						if !st.Field(i).Exported() {
							reason = "code left behind sets the unexported fields of a moved type by position"
						}
					}
				}
			}
			return reason == ""
		})
		if reason != "" {
			return reason
		}
	}
	for id, obj := range info.Defs {
		if inSet(id.Pos()) {
			continue
		}
		if fv, ok := obj.(*types.Var); ok && fv.Embedded() {
			if tn := movedType(fv.Type()); tn != nil && !tn.Exported() {
				return "code left behind embeds an unexported moved type"
			}
		}
	}
	return ""
}

// identNames returns every identifier name used in the files of pkgs.
func identNames(pkgs []*packages.Package) map[string]bool {
	names := make(map[string]bool)
	for _, pkg := range pkgs {
		for _, f := range pkg.Syntax {
			ast.Inspect(f, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					names[id.Name] = true
				}
				return true
			})
		}
	}
	return names
}

// exportName returns the exported form of the unexported name nm:
// capitalized when no identifier of the package has that name (taken
// records it), else Mv<nm>.
func exportName(nm string, taken map[string]bool) string {
	r, size := utf8.DecodeRuneInString(nm)
	if up := string(unicode.ToUpper(r)) + nm[size:]; unicode.IsLetter(r) && unicode.IsUpper([]rune(up)[0]) && !taken[up] {
		taken[up] = true
		return up
	}
	return "Mv" + nm
}
