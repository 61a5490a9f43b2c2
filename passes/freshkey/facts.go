package freshkey

import (
	"go/ast"
	"go/types"
)

// computeFacts finds the functions of the package that return a fresh
// value and exports a FreshFunc fact for each. It looks at return
// statements only, and iterates so that a function returning the result
// of another fresh function of the package is found too. Fresh functions
// of the standard library and well-known modules come from the table in
// internal/fresh: some drivers never analyze those.
func (c *checker) computeFacts() {
	type fn struct {
		obj  *types.Func
		decl *ast.FuncDecl
	}
	var fns []fn
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			obj, _ := c.info.Defs[fd.Name].(*types.Func)
			if obj == nil || !keyResult(obj) {
				continue
			}
			fns = append(fns, fn{obj, fd})
		}
	}
	for changed := true; changed; {
		changed = false
		for _, f := range fns {
			if !c.local[f.obj] && c.returnsFresh(f.obj, f.decl) {
				c.local[f.obj] = true
				changed = true
			}
		}
	}
	for _, f := range fns {
		if c.local[f.obj] {
			c.pass.ExportObjectFact(f.obj, new(FreshFunc))
		}
	}
}

// keyResult reports whether fn's first result has a type a key can have:
// a string, an integer, bytes, a UUID-like byte array, time.Time, or a
// pointer to one of those. A function returning a request struct with a
// fresh field somewhere is not a key maker.
func keyResult(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	if sig.Results().Len() == 0 {
		return false
	}
	t := sig.Results().At(0).Type()
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
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	}
	return false
}

// returnsFresh reports whether some return statement of decl returns a
// fresh value as its first result.
func (c *checker) returnsFresh(obj *types.Func, decl *ast.FuncDecl) bool {
	sig := obj.Type().(*types.Signature)
	var named *ast.Ident
	if fl := decl.Type.Results; fl != nil && len(fl.List) > 0 && len(fl.List[0].Names) > 0 {
		named = fl.List[0].Names[0]
	}
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
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
			case len(n.Results) == 0 && named != nil:
				e = named
			default:
				return true
			}
			var out []origin
			c.origins(e, e, nil, make(map[types.Object]bool), &out, false)
			found = len(out) > 0
		}
		return true
	})
	return found
}
