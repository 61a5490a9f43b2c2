package metamorph

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"sort"
	"strconv"
	"strings"
)

const docRename = `rename: every identifier the fixture module declares (packages aside)
gets an opaque new name, rnN or RnN (exported stays exported), the same
new name for the same old name everywhere, so that scopes, shadowing,
method sets and interface satisfaction are unchanged. Kept: blank, init
and main; method names that a dependency declares in an interface or on
a type (the module's types may implement a dependency's interface, or a
dependency's type the module's). Names that are data keep their value:
an exported struct field without a json name gets the tag json:"OldName"
(a field declaration that names several fields is split), so that JSON
input schemas and key names do not change.`

func rename(v *variant, _ string) {
	keep := depMethodNames(v.p) // method names
	special := map[string]bool{"_": true, "init": true, "main": true}

	// The names to rename: those of objects the module declares.
	renamable := func(obj types.Object) bool {
		if obj == nil || !v.p.inModule(obj) {
			return false
		}
		switch obj := obj.(type) {
		case *types.PkgName, *types.Builtin, *types.Nil:
			return false
		case *types.Func:
			if sig, ok := obj.Type().(*types.Signature); ok && sig.Recv() != nil && keep[obj.Name()] {
				return false
			}
		case *types.Var:
			if obj.Embedded() {
				t := obj.Type()
				if p, ok := t.(*types.Pointer); ok {
					t = p.Elem()
				}
				named, ok := types.Unalias(t).(*types.Named)
				return ok && v.p.inModule(named.Obj())
			}
		}
		return !special[obj.Name()]
	}
	names := make(map[string]bool)
	type hit struct {
		id   *ast.Ident
		file *ast.File
	}
	var hits []hit
	for _, pkg := range v.p.pkgs {
		info := pkg.TypesInfo
		for _, f := range pkg.Syntax {
			done := make(map[*ast.Ident]bool)
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.Ident:
					obj := info.Defs[n]
					if obj == nil {
						obj = info.Uses[n]
					}
					if tn, ok := info.Uses[n].(*types.TypeName); ok {
						if fv, ok := info.Defs[n].(*types.Var); ok && fv.Embedded() {
							obj = tn // an embedded field: its name is its type's
						}
					}
					if renamable(obj) && !done[n] {
						done[n] = true
						names[n.Name] = true
						hits = append(hits, hit{n, f})
					}
				case *ast.TypeSwitchStmt:
					// The symbolic variable of x := y.(type) has no object
					// of its own; its uses refer to the clauses' implicit
					// variables.
					if as, ok := n.Assign.(*ast.AssignStmt); ok && len(as.Lhs) == 1 {
						if id, ok := as.Lhs[0].(*ast.Ident); ok && !special[id.Name] && !done[id] {
							done[id] = true
							names[id.Name] = true
							hits = append(hits, hit{id, f})
						}
					}
				}
				return true
			})
		}
	}
	sorted := make([]string, 0, len(names))
	for n := range names {
		sorted = append(sorted, n)
	}
	sort.Strings(sorted)
	newName := make(map[string]string)
	for i, n := range sorted {
		nn := fmt.Sprintf("rn%d", i+1)
		if token.IsExported(n) {
			nn = fmt.Sprintf("Rn%d", i+1)
		}
		newName[n] = nn
		v.unrename[nn] = n
	}
	for _, h := range hits {
		v.ed.Replace(h.id.Pos(), h.id.End(), newName[h.id.Name])
		v.sites++
	}
	// Function names back to the fixture's: a method keeps its name when
	// a dependency declares it, whatever else is renamed.
	renamed := make(map[*ast.Ident]bool)
	for _, h := range hits {
		renamed[h.id] = true
	}
	newOf := func(id *ast.Ident) string {
		if renamed[id] {
			return newName[id.Name]
		}
		return id.Name
	}
	for _, pkg := range v.p.pkgs {
		for _, f := range pkg.Syntax {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok {
					old := funcName(fd)
					recv, _, isMethod := strings.Cut(old, ".")
					if isMethod {
						nr := recv
						if nn, ok := newName[recv]; ok {
							nr = nn // the receiver type is renamed with its name
						}
						v.origin[nr+"."+newOf(fd.Name)] = old
					} else {
						v.origin[newOf(fd.Name)] = old
					}
				}
			}
			jsonTags(v, f, newName)
		}
	}
}

// jsonTags gives every exported field of the file's struct types that
// has no json name the tag json:"OldName", splitting declarations of
// several fields. It runs after the identifiers' edits, which it
// supersedes where it rewrites a whole field; a struct type nested in a
// field's type is rewritten first, so that the field's text has it.
func jsonTags(v *variant, f *ast.File, newName map[string]string) {
	var structs []*ast.StructType
	ast.Inspect(f, func(n ast.Node) bool {
		if st, ok := n.(*ast.StructType); ok {
			structs = append(structs, st)
		}
		return true
	})
	for i := len(structs) - 1; i >= 0; i-- { // inner before outer
		st := structs[i]
		for _, fld := range st.Fields.List {
			if len(fld.Names) == 0 {
				continue // embedded
			}
			exported := false
			for _, id := range fld.Names {
				if token.IsExported(id.Name) && newName[id.Name] != "" {
					exported = true
				}
			}
			if !exported {
				continue
			}
			tag := ""
			if fld.Tag != nil {
				tag, _ = strconv.Unquote(fld.Tag.Value)
			}
			if js, ok := reflect.StructTag(tag).Lookup("json"); ok {
				name, _, _ := strings.Cut(js, ",")
				if name != "" || len(fld.Names) > 1 {
					if name == "" {
						// json:",omitempty" on several fields: leave it.
						v.skip("several fields share a json option tag")
					}
					continue
				}
				// json:",omitempty": put the name in.
				newTag := strings.Replace(tag, `json:"`+js+`"`, `json:"`+fld.Names[0].Name+js+`"`, 1)
				v.ed.Replace(fld.Tag.Pos(), fld.Tag.End(), "`"+newTag+"`")
				continue
			}
			typ := v.ed.Text(fld.Type.Pos(), fld.Type.End())
			var lines []string
			for _, id := range fld.Names {
				nn := newName[id.Name]
				if nn == "" {
					nn = id.Name
				}
				t := tag
				if token.IsExported(id.Name) {
					t = strings.TrimSpace(`json:"` + id.Name + `" ` + tag)
				}
				line := nn + " " + typ
				if t != "" {
					line += " `" + t + "`"
				}
				lines = append(lines, line)
			}
			end := fld.Type.End()
			if fld.Tag != nil {
				end = fld.Tag.End()
			}
			v.ed.Replace(fld.Names[0].Pos(), end, strings.Join(lines, "\n"))
		}
	}
}

// depMethodNames returns the names of the methods that the module's
// dependencies declare, in interfaces or on types: renaming a module
// method of such a name could break the satisfaction of an interface.
func depMethodNames(p *program) map[string]bool {
	names := map[string]bool{"Error": true}
	seenPkg := make(map[*types.Package]bool)
	seenType := make(map[types.Type]bool)
	var visitType func(t types.Type)
	visitType = func(t types.Type) {
		if t == nil || seenType[t] {
			return
		}
		seenType[t] = true
		switch t := t.(type) {
		case *types.Alias:
			visitType(types.Unalias(t))
		case *types.Named:
			for i := 0; i < t.NumMethods(); i++ {
				names[t.Method(i).Name()] = true
			}
			visitType(t.Underlying())
		case *types.Interface:
			for i := 0; i < t.NumMethods(); i++ {
				names[t.Method(i).Name()] = true
				visitType(t.Method(i).Type())
			}
			for i := 0; i < t.NumEmbeddeds(); i++ {
				visitType(t.EmbeddedType(i))
			}
		case *types.Pointer:
			visitType(t.Elem())
		case *types.Slice:
			visitType(t.Elem())
		case *types.Array:
			visitType(t.Elem())
		case *types.Map:
			visitType(t.Key())
			visitType(t.Elem())
		case *types.Chan:
			visitType(t.Elem())
		case *types.Signature:
			visitType(t.Params())
			visitType(t.Results())
			for i := 0; i < t.TypeParams().Len(); i++ {
				visitType(t.TypeParams().At(i).Constraint())
			}
		case *types.Tuple:
			for i := 0; i < t.Len(); i++ {
				visitType(t.At(i).Type())
			}
		case *types.Struct:
			for i := 0; i < t.NumFields(); i++ {
				visitType(t.Field(i).Type())
			}
		case *types.TypeParam:
			visitType(t.Constraint())
		}
	}
	var visitPkg func(pkg *types.Package)
	visitPkg = func(pkg *types.Package) {
		if pkg == nil || seenPkg[pkg] {
			return
		}
		seenPkg[pkg] = true
		if !p.isModPath(pkg.Path()) {
			scope := pkg.Scope()
			for _, n := range scope.Names() {
				obj := scope.Lookup(n)
				visitType(obj.Type())
				if tn, ok := obj.(*types.TypeName); ok {
					visitType(types.NewPointer(tn.Type()))
				}
			}
		}
		for _, imp := range pkg.Imports() {
			visitPkg(imp)
		}
	}
	for _, pkg := range p.pkgs {
		visitPkg(pkg.Types)
	}
	return names
}
