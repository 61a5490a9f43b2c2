package analysisutil

import "go/ast"

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
// when f returns false. It costs about half as much per node (no Visitor
// interface, one call of f per node instead of two), which matters in
// walks of every function body of a build. Use ast.Inspect where f needs
// the nil calls (to pop a stack of ancestors).
func Inspect(n ast.Node, f func(ast.Node) bool) {
	if n == nil || !f(n) {
		return
	}
	switch n := n.(type) {
	case *ast.Comment, *ast.BadExpr, *ast.Ident, *ast.BasicLit, *ast.BadStmt, *ast.EmptyStmt, *ast.BadDecl:

	case *ast.CommentGroup:
		for _, c := range n.List {
			Inspect(c, f)
		}

	case *ast.Field:
		if n.Doc != nil {
			Inspect(n.Doc, f)
		}
		for _, id := range n.Names {
			f(id)
		}
		Inspect(n.Type, f)
		if n.Tag != nil {
			f(n.Tag)
		}
		if n.Comment != nil {
			Inspect(n.Comment, f)
		}

	case *ast.FieldList:
		for _, fl := range n.List {
			Inspect(fl, f)
		}

	case *ast.Ellipsis:
		Inspect(n.Elt, f)

	case *ast.FuncLit:
		Inspect(n.Type, f)
		Inspect(n.Body, f)

	case *ast.CompositeLit:
		Inspect(n.Type, f)
		inspectExprs(n.Elts, f)

	case *ast.ParenExpr:
		Inspect(n.X, f)

	case *ast.SelectorExpr:
		inspectExpr(n.X, f)
		f(n.Sel)

	case *ast.IndexExpr:
		inspectExpr(n.X, f)
		inspectExpr(n.Index, f)

	case *ast.IndexListExpr:
		inspectExpr(n.X, f)
		inspectExprs(n.Indices, f)

	case *ast.SliceExpr:
		inspectExpr(n.X, f)
		inspectExpr(n.Low, f)
		inspectExpr(n.High, f)
		inspectExpr(n.Max, f)

	case *ast.TypeAssertExpr:
		inspectExpr(n.X, f)
		inspectExpr(n.Type, f)

	case *ast.CallExpr:
		inspectExpr(n.Fun, f)
		inspectExprs(n.Args, f)

	case *ast.StarExpr:
		inspectExpr(n.X, f)

	case *ast.UnaryExpr:
		inspectExpr(n.X, f)

	case *ast.BinaryExpr:
		inspectExpr(n.X, f)
		inspectExpr(n.Y, f)

	case *ast.KeyValueExpr:
		inspectExpr(n.Key, f)
		inspectExpr(n.Value, f)

	case *ast.ArrayType:
		inspectExpr(n.Len, f)
		inspectExpr(n.Elt, f)

	case *ast.StructType:
		Inspect(n.Fields, f)

	case *ast.FuncType:
		if n.TypeParams != nil {
			Inspect(n.TypeParams, f)
		}
		if n.Params != nil {
			Inspect(n.Params, f)
		}
		if n.Results != nil {
			Inspect(n.Results, f)
		}

	case *ast.InterfaceType:
		Inspect(n.Methods, f)

	case *ast.MapType:
		inspectExpr(n.Key, f)
		inspectExpr(n.Value, f)

	case *ast.ChanType:
		inspectExpr(n.Value, f)

	case *ast.DeclStmt:
		Inspect(n.Decl, f)

	case *ast.LabeledStmt:
		f(n.Label)
		Inspect(n.Stmt, f)

	case *ast.ExprStmt:
		inspectExpr(n.X, f)

	case *ast.SendStmt:
		inspectExpr(n.Chan, f)
		inspectExpr(n.Value, f)

	case *ast.IncDecStmt:
		inspectExpr(n.X, f)

	case *ast.AssignStmt:
		inspectExprs(n.Lhs, f)
		inspectExprs(n.Rhs, f)

	case *ast.GoStmt:
		Inspect(n.Call, f)

	case *ast.DeferStmt:
		Inspect(n.Call, f)

	case *ast.ReturnStmt:
		inspectExprs(n.Results, f)

	case *ast.BranchStmt:
		if n.Label != nil {
			f(n.Label)
		}

	case *ast.BlockStmt:
		for _, s := range n.List {
			Inspect(s, f)
		}

	case *ast.IfStmt:
		if n.Init != nil {
			Inspect(n.Init, f)
		}
		inspectExpr(n.Cond, f)
		Inspect(n.Body, f)
		if n.Else != nil {
			Inspect(n.Else, f)
		}

	case *ast.CaseClause:
		inspectExprs(n.List, f)
		for _, s := range n.Body {
			Inspect(s, f)
		}

	case *ast.SwitchStmt:
		if n.Init != nil {
			Inspect(n.Init, f)
		}
		inspectExpr(n.Tag, f)
		Inspect(n.Body, f)

	case *ast.TypeSwitchStmt:
		if n.Init != nil {
			Inspect(n.Init, f)
		}
		Inspect(n.Assign, f)
		Inspect(n.Body, f)

	case *ast.CommClause:
		if n.Comm != nil {
			Inspect(n.Comm, f)
		}
		for _, s := range n.Body {
			Inspect(s, f)
		}

	case *ast.SelectStmt:
		Inspect(n.Body, f)

	case *ast.ForStmt:
		if n.Init != nil {
			Inspect(n.Init, f)
		}
		inspectExpr(n.Cond, f)
		if n.Post != nil {
			Inspect(n.Post, f)
		}
		Inspect(n.Body, f)

	case *ast.RangeStmt:
		inspectExpr(n.Key, f)
		inspectExpr(n.Value, f)
		inspectExpr(n.X, f)
		Inspect(n.Body, f)

	case *ast.ImportSpec:
		if n.Doc != nil {
			Inspect(n.Doc, f)
		}
		if n.Name != nil {
			f(n.Name)
		}
		f(n.Path)
		if n.Comment != nil {
			Inspect(n.Comment, f)
		}

	case *ast.ValueSpec:
		if n.Doc != nil {
			Inspect(n.Doc, f)
		}
		for _, id := range n.Names {
			f(id)
		}
		inspectExpr(n.Type, f)
		inspectExprs(n.Values, f)
		if n.Comment != nil {
			Inspect(n.Comment, f)
		}

	case *ast.TypeSpec:
		if n.Doc != nil {
			Inspect(n.Doc, f)
		}
		f(n.Name)
		if n.TypeParams != nil {
			Inspect(n.TypeParams, f)
		}
		inspectExpr(n.Type, f)
		if n.Comment != nil {
			Inspect(n.Comment, f)
		}

	case *ast.GenDecl:
		if n.Doc != nil {
			Inspect(n.Doc, f)
		}
		for _, s := range n.Specs {
			Inspect(s, f)
		}

	case *ast.FuncDecl:
		if n.Doc != nil {
			Inspect(n.Doc, f)
		}
		if n.Recv != nil {
			Inspect(n.Recv, f)
		}
		f(n.Name)
		Inspect(n.Type, f)
		if n.Body != nil {
			Inspect(n.Body, f)
		}

	case *ast.File:
		if n.Doc != nil {
			Inspect(n.Doc, f)
		}
		f(n.Name)
		for _, d := range n.Decls {
			Inspect(d, f)
		}

	default:
		// A node type added to go/ast after this was written: its
		// children through ast.Inspect (f has seen n already).
		ast.Inspect(n, func(c ast.Node) bool { return c == n || c != nil && f(c) })
	}
}

// inspectExpr is Inspect for an expression, with an identifier (the most
// common node) handled here.
func inspectExpr(x ast.Expr, f func(ast.Node) bool) {
	if id, ok := x.(*ast.Ident); ok {
		if id != nil {
			f(id)
		}
		return
	}
	if x != nil {
		Inspect(x, f)
	}
}

func inspectExprs(list []ast.Expr, f func(ast.Node) bool) {
	for _, x := range list {
		inspectExpr(x, f)
	}
}
