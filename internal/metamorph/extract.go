package metamorph

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
)

const docExtractFunc = `extract-func: a call that is a statement of its own, or the value of an
assignment, declaration or return statement, moves into a new function
of the same package (mmXN) that makes the call, with the local variables
it uses as parameters of the same names: x, err := led.Append(a, b)
becomes x, err := mmXN(a, b). Applies in every function body, handlers,
helpers and clients alike, where the call is not to a builtin or a
conversion, the file can name the types involved, the call changes no
local, and calls no recover. One variant per class of the callee: an MCP
SDK function (registrations, CallTool), another dependency's (the
effects), the module's own (helpers, and calls of function values).`

func extractFunc(v *variant, class string) {
	v.eachStmtCall(class, func(pkg *packages.Package, f *ast.File, c stmtCall) {
		info := pkg.TypesInfo
		vars, ok := freeVars(info, c.c)
		if !ok {
			v.skip("uses a local type or changes a local")
			return
		}
		n := v.namer(pkg, f)
		params, args, ok := paramList(n, vars)
		if !ok {
			v.skip("type of a local cannot be named")
			return
		}
		results, ok := resultList(n, info.TypeOf(c.c))
		if !ok {
			v.skip("type cannot be named")
			return
		}
		name := v.fresh("mmX")
		s := &site{e: c.c, pkg: pkg, file: f, stack: c.stack}
		v.origin[name] = s.originName(v)
		text := v.ed.Text(c.c.Pos(), c.c.End())
		body := "return " + text
		if results == "" {
			body = text
		}
		v.ed.Replace(c.c.Pos(), c.c.End(), fmt.Sprintf("%s(%s)", name, args))
		v.ed.Append(f.Pos(), fmt.Sprintf("func %s(%s) %s {\n\t%s\n}", name, params, results, body))
		v.sites++
	})
}

// eachStmtCall calls fn with each statement-level call (stmtCalls) of a
// function of the given class (callOfClass), innermost first in each
// file: a call inside a function literal that is an argument of another
// one is rewritten first, and the outer call's text holds its rewrite.
func (v *variant) eachStmtCall(class string, fn func(pkg *packages.Package, f *ast.File, c stmtCall)) {
	for _, pkg := range v.p.pkgs {
		for _, f := range pkg.Syntax {
			calls := stmtCalls(f)
			for i := len(calls) - 1; i >= 0; i-- {
				if v.callOfClass(pkg.TypesInfo, f, calls[i].c, class) {
					fn(pkg, f, calls[i])
				}
			}
		}
	}
}

// A stmtCall is a call that is a statement of its own, or the value of an
// assignment, declaration in a function or return statement.
type stmtCall struct {
	c     *ast.CallExpr
	stack []ast.Node // down to the statement
}

// stmtCalls returns the calls of f that are statements' values, in
// pre-order.
func stmtCalls(f *ast.File) []stmtCall {
	var calls []stmtCall
	walk(f, func(n ast.Node, stack []ast.Node) bool {
		var exprs []ast.Expr
		switch n := n.(type) {
		case *ast.ExprStmt:
			exprs = []ast.Expr{n.X}
		case *ast.AssignStmt:
			exprs = n.Rhs
		case *ast.ReturnStmt:
			exprs = n.Results
		case *ast.ValueSpec:
			if !inFuncBody(stack) {
				return true // package level
			}
			exprs = n.Values
		}
		for _, e := range exprs {
			if c, ok := ast.Unparen(e).(*ast.CallExpr); ok {
				calls = append(calls, stmtCall{c: c, stack: append(append([]ast.Node(nil), stack...), n)})
			}
		}
		return true
	})
	return calls
}

// callOfClass reports whether call is a call of a function (not a builtin
// or a conversion) of the given class, a call of a function value counting
// as the module's own, that a rewrite may move: not next to a directive,
// calling no recover. It counts the skipped ones.
func (v *variant) callOfClass(info *types.Info, f *ast.File, call *ast.CallExpr, class string) bool {
	if tv, ok := info.Types[call.Fun]; !ok || tv.IsType() || tv.IsBuiltin() {
		return false
	}
	if fn := staticCallee(info, call); fn == nil || fn.Pkg() == nil || v.p.classOf(fn.Pkg()) != class {
		if fn != nil || class != classMod {
			return false
		}
	}
	if v.p.nearDirective(f, call.Pos(), call.End()) {
		v.skip("next to an //mcpvet: directive")
		return false
	}
	if callsRecover(info, call) {
		v.skip("calls recover")
		return false
	}
	return true
}

// resultList returns the result list of a function returning a value of
// type t ("" for none, "T", "(T1, T2)"), when the file can name it.
func resultList(n *namer, t types.Type) (string, bool) {
	tup, ok := t.(*types.Tuple)
	if !ok {
		return n.typeString(t)
	}
	if tup.Len() == 0 {
		return "", true
	}
	var rs []string
	for j := 0; j < tup.Len(); j++ {
		s, ok := n.typeString(tup.At(j).Type())
		if !ok {
			return "", false
		}
		rs = append(rs, s)
	}
	return "(" + strings.Join(rs, ", ") + ")", true
}

func inFuncBody(stack []ast.Node) bool {
	for _, n := range stack {
		switch n.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return true
		}
	}
	return false
}

func callsRecover(info *types.Info, n ast.Node) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if c, ok := x.(*ast.CallExpr); ok {
			if id, ok := ast.Unparen(c.Fun).(*ast.Ident); ok {
				if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "recover" {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

const docInlineLocal = `inline-local: a local variable declared with a value (x := e, var x = e,
var x T = e) and used exactly once is replaced at its use by its value
(converted to its type where e is an untyped constant or of another
type), and its declaration deleted. Applies where the variable's address
is never taken nor the variable assigned, the use is in the same
function literal and loop iteration as the declaration, and either e is
pure and no variable it reads is ever assigned, or the use is in the
very next statement and evaluated first there (see extract-local).`

func inlineLocal(v *variant, _ string) {
	for _, pkg := range v.p.pkgs {
		info := pkg.TypesInfo
		for _, f := range pkg.Syntax {
			// Uses, assignments and address-taking of every local.
			uses := make(map[*types.Var][]*ast.Ident)
			assigned := make(map[*types.Var]bool)
			var usesStack = make(map[*ast.Ident][]ast.Node)
			walk(f, func(n ast.Node, stack []ast.Node) bool {
				switch n := n.(type) {
				case *ast.Ident:
					if x, ok := info.Uses[n].(*types.Var); ok && !x.IsField() {
						uses[x] = append(uses[x], n)
						usesStack[n] = append([]ast.Node(nil), stack...)
					}
				case *ast.AssignStmt:
					if n.Tok != token.DEFINE {
						for _, l := range n.Lhs {
							if id := rootIdent(info, l); id != nil {
								if x, ok := info.Uses[id].(*types.Var); ok {
									assigned[x] = true
								}
							}
						}
					}
				case *ast.IncDecStmt:
					if id := rootIdent(info, n.X); id != nil {
						if x, ok := info.Uses[id].(*types.Var); ok {
							assigned[x] = true
						}
					}
				case *ast.RangeStmt:
					if n.Tok == token.ASSIGN {
						for _, e := range []ast.Expr{n.Key, n.Value} {
							if e != nil {
								if id := rootIdent(info, e); id != nil {
									if x, ok := info.Uses[id].(*types.Var); ok {
										assigned[x] = true
									}
								}
							}
						}
					}
				case *ast.UnaryExpr:
					if n.Op == token.AND {
						if id := rootIdent(info, n.X); id != nil {
							if x, ok := info.Uses[id].(*types.Var); ok {
								assigned[x] = true
							}
						}
					}
				case *ast.SelectorExpr:
					if sel := info.Selections[n]; sel != nil && sel.Kind() == types.MethodVal {
						if _, ptrRecv := sel.Obj().Type().(*types.Signature).Recv().Type().(*types.Pointer); ptrRecv {
							if _, ptrX := info.TypeOf(n.X).Underlying().(*types.Pointer); !ptrX {
								if id := rootIdent(info, n.X); id != nil {
									if x, ok := info.Uses[id].(*types.Var); ok {
										assigned[x] = true
									}
								}
							}
						}
					}
				}
				return true
			})
			type decl struct {
				stmt  ast.Stmt
				id    *ast.Ident
				value ast.Expr
				stack []ast.Node
			}
			var decls []decl
			walk(f, func(n ast.Node, stack []ast.Node) bool {
				if len(stack) == 0 {
					return true
				}
				if _, inBlock := stack[len(stack)-1].(*ast.BlockStmt); !inBlock {
					if _, inCase := stack[len(stack)-1].(*ast.CaseClause); !inCase {
						return true
					}
				}
				switch n := n.(type) {
				case *ast.AssignStmt:
					if n.Tok == token.DEFINE && len(n.Lhs) == 1 && len(n.Rhs) == 1 {
						if id, ok := n.Lhs[0].(*ast.Ident); ok && info.Defs[id] != nil {
							decls = append(decls, decl{n, id, n.Rhs[0], append(append([]ast.Node(nil), stack...), n)})
						}
					}
				case *ast.DeclStmt:
					gd := n.Decl.(*ast.GenDecl)
					if gd.Tok == token.VAR && len(gd.Specs) == 1 {
						vs := gd.Specs[0].(*ast.ValueSpec)
						if len(vs.Names) == 1 && len(vs.Values) == 1 {
							decls = append(decls, decl{n, vs.Names[0], vs.Values[0], append(append([]ast.Node(nil), stack...), n)})
						}
					}
				}
				return true
			})
			// Inner declarations first (a function literal's locals before
			// the literal's own variable), then in order.
			sort.SliceStable(decls, func(i, j int) bool { return decls[i].stmt.End() < decls[j].stmt.End() })
			inlined := make(map[*types.Var]bool)
			for _, d := range decls {
				x, ok := info.Defs[d.id].(*types.Var)
				if !ok || d.id.Name == "_" {
					continue
				}
				chained := false
				ast.Inspect(d.value, func(n ast.Node) bool {
					if id, ok := n.(*ast.Ident); ok {
						if y, ok := info.Uses[id].(*types.Var); ok && inlined[y] && !(d.value.Pos() <= y.Pos() && y.Pos() < d.value.End()) {
							chained = true
						}
					}
					return !chained
				})
				if chained {
					v.skip("its value uses a variable inlined already")
					continue
				}
				if len(uses[x]) != 1 || assigned[x] {
					if len(uses[x]) == 1 {
						v.skip("assigned or address taken")
					}
					continue
				}
				use := uses[x][0]
				if v.p.nearDirective(f, d.stmt.Pos(), d.stmt.End()) || v.p.nearDirective(f, use.Pos(), use.End()) {
					v.skip("next to an //mcpvet: directive")
					continue
				}
				// Either the value is pure and stable (no variable it
				// reads is assigned anywhere), or the use is in the next
				// statement, evaluated first there.
				stable := pure(info, d.value)
				ast.Inspect(d.value, func(n ast.Node) bool {
					if id, ok := n.(*ast.Ident); ok {
						if y, ok := info.Uses[id].(*types.Var); ok && assigned[y] {
							stable = false
						}
					}
					return stable
				})
				if !stable {
					next := nextStmt(d.stack)
					eval := innermostStmt(usesStack[use], next)
					if next == nil || eval == nil || !evaluatedFirst(info, eval, use) {
						v.skip("not pure, and not evaluated first in the next statement")
						continue
					}
				}
				if st := usesStack[use]; len(st) > 0 {
					if se, ok := st[len(st)-1].(*ast.SliceExpr); ok && se.X == use {
						if _, arr := x.Type().Underlying().(*types.Array); arr {
							v.skip("an array sliced: needs a variable")
							continue
						}
					}
				}
				if !sameIteration(d.stack, usesStack[use]) {
					v.skip("used in another function literal or loop")
					continue
				}
				if ctl := headerUse(usesStack[use]); ctl && isCompositeLit(d.value) {
					v.skip("composite literal in a statement header")
					continue
				}
				n := v.namer(pkg, f)
				text := v.ed.Text(d.value.Pos(), d.value.End())
				vt := info.TypeOf(d.value)
				if tv := info.Types[d.value]; tv.Value != nil || !types.Identical(vt, x.Type()) {
					t, ok := n.typeString(x.Type())
					if !ok {
						v.skip("type cannot be named")
						continue
					}
					text = conversion(t, text)
				} else if needsParens(d.value) {
					text = "(" + text + ")"
				}
				v.ed.Replace(use.Pos(), use.End(), text)
				v.ed.Replace(d.stmt.Pos(), d.stmt.End(), "")
				inlined[x] = true
				v.sites++
			}
		}
	}
}

// sameIteration reports whether a use (with its ancestors) runs in the
// same function literal and loop iteration as the declaration (with its
// ancestors, the declaration last).
func sameIteration(declStack, useStack []ast.Node) bool {
	parent := declStack[len(declStack)-2]
	i := -1
	for j, n := range useStack {
		if n == parent {
			i = j
		}
	}
	if i < 0 {
		return false
	}
	for _, n := range useStack[i+1:] {
		switch n.(type) {
		case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt:
			return false
		}
	}
	return true
}

// headerUse reports whether a use is in the header of an if, for or
// switch statement, where a composite literal needs parentheses.
func headerUse(stack []ast.Node) bool {
	for i := len(stack) - 1; i >= 0; i-- {
		switch stack[i].(type) {
		case *ast.BlockStmt, *ast.FuncLit:
			return false
		case *ast.IfStmt, *ast.ForStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.RangeStmt:
			return true
		}
	}
	return false
}

func isCompositeLit(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		return true
	case *ast.UnaryExpr:
		return isCompositeLit(e.X)
	}
	return false
}

func needsParens(e ast.Expr) bool {
	switch e.(type) {
	case *ast.Ident, *ast.BasicLit, *ast.CompositeLit, *ast.CallExpr, *ast.SelectorExpr,
		*ast.IndexExpr, *ast.ParenExpr, *ast.FuncLit:
		return false
	}
	return true
}

// conversion returns the conversion of text to type t.
func conversion(t, text string) string {
	if strings.HasPrefix(t, "*") || strings.HasPrefix(t, "func") || strings.HasPrefix(t, "<-") || strings.HasPrefix(t, "chan") {
		return "(" + t + ")(" + text + ")"
	}
	return t + "(" + text + ")"
}

// nextStmt returns the statement after the last node of stack in its
// block, or nil.
func nextStmt(stack []ast.Node) ast.Stmt {
	st := stack[len(stack)-1]
	var list []ast.Stmt
	switch b := stack[len(stack)-2].(type) {
	case *ast.BlockStmt:
		list = b.List
	case *ast.CaseClause:
		list = b.Body
	case *ast.CommClause:
		list = b.Body
	}
	for i, x := range list {
		if x == st && i+1 < len(list) {
			return list[i+1]
		}
	}
	return nil
}

// innermostStmt returns the statement that evaluates a use (with its
// ancestors stack), when that is st, or the init statement of st (an if
// or switch statement), with no function literal between, and evaluates
// its expressions once and unconditionally; else nil.
func innermostStmt(stack []ast.Node, st ast.Stmt) ast.Stmt {
	if st == nil {
		return nil
	}
	for i := len(stack) - 1; i >= 0; i-- {
		switch n := stack[i].(type) {
		case *ast.FuncLit:
			return nil
		case ast.Stmt:
			if n != st && !(i > 0 && stack[i-1] == st && isInitOf(st, n)) {
				return nil
			}
			switch x := n.(type) {
			case *ast.ExprStmt, *ast.AssignStmt, *ast.ReturnStmt, *ast.DeclStmt, *ast.SendStmt, *ast.GoStmt, *ast.DeferStmt:
				return n
			case *ast.IfStmt:
				if x.Init == nil && i+1 < len(stack) && stack[i+1] == x.Cond {
					return n
				}
			case *ast.SwitchStmt:
				if x.Init == nil && i+1 < len(stack) && stack[i+1] == x.Tag {
					return n
				}
			}
			return nil
		}
	}
	return nil
}
