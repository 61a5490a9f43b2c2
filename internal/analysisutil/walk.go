package analysisutil

import (
	"go/ast"
	"go/types"
)

// TypeSyntax reports whether n is the syntax of a composite type (array,
// map, channel, function, struct or interface type): nothing under it
// calls a function, reads a variable or sets a field, so walks that look
// for those need not enter it. (An array length is a constant.)
func TypeSyntax(n ast.Node) bool {
	switch n.(type) {
	case *ast.ArrayType, *ast.MapType, *ast.ChanType, *ast.FuncType, *ast.StructType, *ast.InterfaceType:
		return true
	}
	return false
}

// Inspect is ast.Inspect without the calls f(nil) that ast.Inspect makes
// after each node's children: it calls f for every node under n, n
// included, in the order ast.Inspect does, and skips a node's children
// when f returns false. It costs about two thirds as much per node (no
// Visitor interface, one call of f per node instead of two), which
// matters in walks of every function body of a build. Use ast.Inspect
// where f needs the nil calls (to pop a stack of ancestors).
func Inspect(n ast.Node, f func(ast.Node) bool) {
	w := walker{f: f, idents: true}
	w.walk(n)
}

// InspectNoIdents is Inspect without the calls of f for identifiers, the
// most common nodes, for an f that does nothing with them.
func InspectNoIdents(n ast.Node, f func(ast.Node) bool) {
	w := walker{f: f}
	w.walk(n)
}

type walker struct {
	f      func(ast.Node) bool
	idents bool // call f for identifiers too
}

// ident visits an identifier.
func (w *walker) ident(id *ast.Ident) {
	if w.idents && id != nil {
		w.f(id)
	}
}

func (w *walker) walk(n ast.Node) {
	if id, ok := n.(*ast.Ident); ok {
		w.ident(id)
		return
	}
	f := w.f
	if n == nil || !f(n) {
		return
	}
	switch n := n.(type) {
	case *ast.Comment, *ast.BadExpr, *ast.Ident, *ast.BasicLit, *ast.BadStmt, *ast.EmptyStmt, *ast.BadDecl:

	case *ast.CommentGroup:
		for _, c := range n.List {
			w.walk(c)
		}

	case *ast.Field:
		if n.Doc != nil {
			w.walk(n.Doc)
		}
		for _, id := range n.Names {
			w.ident(id)
		}
		w.walk(n.Type)
		if n.Tag != nil {
			f(n.Tag)
		}
		if n.Comment != nil {
			w.walk(n.Comment)
		}

	case *ast.FieldList:
		for _, fl := range n.List {
			w.walk(fl)
		}

	case *ast.Ellipsis:
		w.walk(n.Elt)

	case *ast.FuncLit:
		w.walk(n.Type)
		w.walk(n.Body)

	case *ast.CompositeLit:
		w.walk(n.Type)
		w.exprs(n.Elts)

	case *ast.ParenExpr:
		w.walk(n.X)

	case *ast.SelectorExpr:
		w.expr(n.X)
		w.ident(n.Sel)

	case *ast.IndexExpr:
		w.expr(n.X)
		w.expr(n.Index)

	case *ast.IndexListExpr:
		w.expr(n.X)
		w.exprs(n.Indices)

	case *ast.SliceExpr:
		w.expr(n.X)
		w.expr(n.Low)
		w.expr(n.High)
		w.expr(n.Max)

	case *ast.TypeAssertExpr:
		w.expr(n.X)
		w.expr(n.Type)

	case *ast.CallExpr:
		w.expr(n.Fun)
		w.exprs(n.Args)

	case *ast.StarExpr:
		w.expr(n.X)

	case *ast.UnaryExpr:
		w.expr(n.X)

	case *ast.BinaryExpr:
		w.expr(n.X)
		w.expr(n.Y)

	case *ast.KeyValueExpr:
		w.expr(n.Key)
		w.expr(n.Value)

	case *ast.ArrayType:
		w.expr(n.Len)
		w.expr(n.Elt)

	case *ast.StructType:
		w.walk(n.Fields)

	case *ast.FuncType:
		if n.TypeParams != nil {
			w.walk(n.TypeParams)
		}
		if n.Params != nil {
			w.walk(n.Params)
		}
		if n.Results != nil {
			w.walk(n.Results)
		}

	case *ast.InterfaceType:
		w.walk(n.Methods)

	case *ast.MapType:
		w.expr(n.Key)
		w.expr(n.Value)

	case *ast.ChanType:
		w.expr(n.Value)

	case *ast.DeclStmt:
		w.walk(n.Decl)

	case *ast.LabeledStmt:
		w.ident(n.Label)
		w.walk(n.Stmt)

	case *ast.ExprStmt:
		w.expr(n.X)

	case *ast.SendStmt:
		w.expr(n.Chan)
		w.expr(n.Value)

	case *ast.IncDecStmt:
		w.expr(n.X)

	case *ast.AssignStmt:
		w.exprs(n.Lhs)
		w.exprs(n.Rhs)

	case *ast.GoStmt:
		w.walk(n.Call)

	case *ast.DeferStmt:
		w.walk(n.Call)

	case *ast.ReturnStmt:
		w.exprs(n.Results)

	case *ast.BranchStmt:
		if n.Label != nil {
			w.ident(n.Label)
		}

	case *ast.BlockStmt:
		for _, s := range n.List {
			w.walk(s)
		}

	case *ast.IfStmt:
		if n.Init != nil {
			w.walk(n.Init)
		}
		w.expr(n.Cond)
		w.walk(n.Body)
		if n.Else != nil {
			w.walk(n.Else)
		}

	case *ast.CaseClause:
		w.exprs(n.List)
		for _, s := range n.Body {
			w.walk(s)
		}

	case *ast.SwitchStmt:
		if n.Init != nil {
			w.walk(n.Init)
		}
		w.expr(n.Tag)
		w.walk(n.Body)

	case *ast.TypeSwitchStmt:
		if n.Init != nil {
			w.walk(n.Init)
		}
		w.walk(n.Assign)
		w.walk(n.Body)

	case *ast.CommClause:
		if n.Comm != nil {
			w.walk(n.Comm)
		}
		for _, s := range n.Body {
			w.walk(s)
		}

	case *ast.SelectStmt:
		w.walk(n.Body)

	case *ast.ForStmt:
		if n.Init != nil {
			w.walk(n.Init)
		}
		w.expr(n.Cond)
		if n.Post != nil {
			w.walk(n.Post)
		}
		w.walk(n.Body)

	case *ast.RangeStmt:
		w.expr(n.Key)
		w.expr(n.Value)
		w.expr(n.X)
		w.walk(n.Body)

	case *ast.ImportSpec:
		if n.Doc != nil {
			w.walk(n.Doc)
		}
		if n.Name != nil {
			w.ident(n.Name)
		}
		f(n.Path)
		if n.Comment != nil {
			w.walk(n.Comment)
		}

	case *ast.ValueSpec:
		if n.Doc != nil {
			w.walk(n.Doc)
		}
		for _, id := range n.Names {
			w.ident(id)
		}
		w.expr(n.Type)
		w.exprs(n.Values)
		if n.Comment != nil {
			w.walk(n.Comment)
		}

	case *ast.TypeSpec:
		if n.Doc != nil {
			w.walk(n.Doc)
		}
		w.ident(n.Name)
		if n.TypeParams != nil {
			w.walk(n.TypeParams)
		}
		w.expr(n.Type)
		if n.Comment != nil {
			w.walk(n.Comment)
		}

	case *ast.GenDecl:
		if n.Doc != nil {
			w.walk(n.Doc)
		}
		for _, s := range n.Specs {
			w.walk(s)
		}

	case *ast.FuncDecl:
		if n.Doc != nil {
			w.walk(n.Doc)
		}
		if n.Recv != nil {
			w.walk(n.Recv)
		}
		w.ident(n.Name)
		w.walk(n.Type)
		if n.Body != nil {
			w.walk(n.Body)
		}

	case *ast.File:
		if n.Doc != nil {
			w.walk(n.Doc)
		}
		w.ident(n.Name)
		for _, d := range n.Decls {
			w.walk(d)
		}

	default:
		// A node type added to go/ast after this was written: its
		// children through ast.Inspect (f has seen n already).
		ast.Inspect(n, func(c ast.Node) bool {
			if _, ok := c.(*ast.Ident); ok && !w.idents {
				return false
			}
			return c == n || c != nil && f(c)
		})
	}
}

// expr visits an expression, with an identifier (the most common node)
// handled here.
func (w *walker) expr(x ast.Expr) {
	if id, ok := x.(*ast.Ident); ok {
		w.ident(id)
		return
	}
	if x != nil {
		w.walk(x)
	}
}

func (w *walker) exprs(list []ast.Expr) {
	for _, x := range list {
		w.expr(x)
	}
}

// Mentions reports whether n mentions obj (an identifier that uses it).
func Mentions(info *types.Info, n ast.Node, obj types.Object) bool {
	found := false
	Inspect(n, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok && info.Uses[id] == obj {
			found = true
		}
		return !found
	})
	return found
}

// Inlined returns the expression a call of a function literal without
// parameters, written where it is called, returns when its body is that
// one return statement (func() string { return cmp.Or(in.Key,
// uuid.NewString()) }() is cmp.Or(in.Key, uuid.NewString())), through
// any nesting of such calls; e itself otherwise. A check that reads an
// expression's syntax sees the same expression either way.
func Inlined(e ast.Expr) ast.Expr {
	for i := 0; i < 4; i++ {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || len(call.Args) > 0 {
			return e
		}
		x, ok := LitReturn(call.Fun)
		if !ok {
			return e
		}
		e = x
	}
	return e
}

// LitReturn returns the expression that e, a function literal without
// parameters whose body is one return statement of one value, returns.
func LitReturn(e ast.Expr) (ast.Expr, bool) {
	lit, ok := ast.Unparen(e).(*ast.FuncLit)
	if !ok || lit.Type.Params.NumFields() > 0 || len(lit.Body.List) != 1 {
		return nil, false
	}
	ret, ok := lit.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return nil, false
	}
	return ret.Results[0], true
}

// InspectHere is Inspect over the code that runs as part of n where it
// is written: it enters a function literal only where the literal is
// called in place (func() error { ... }()), and skips the others
// (callbacks, goroutines' bodies, handlers), which f is not called for.
func InspectHere(n ast.Node, f func(ast.Node) bool) {
	var called map[*ast.FuncLit]bool
	Inspect(n, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncLit:
			if !called[x] {
				return false
			}
		case *ast.CallExpr:
			if lit, ok := ast.Unparen(x.Fun).(*ast.FuncLit); ok {
				if called == nil {
					called = make(map[*ast.FuncLit]bool)
				}
				called[lit] = true
			}
		}
		return f(x)
	})
}

// InnermostLit returns the innermost function literal under root that
// encloses n, or nil.
func InnermostLit(root, n ast.Node) *ast.FuncLit {
	var lit *ast.FuncLit
	ast.Inspect(root, func(m ast.Node) bool {
		if m == nil || m.Pos() > n.Pos() || n.End() > m.End() {
			return false
		}
		if l, ok := m.(*ast.FuncLit); ok {
			lit = l
		}
		return true
	})
	return lit
}
