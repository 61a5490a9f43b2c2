package metamorph

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"strings"

	"golang.org/x/tools/go/packages"
)

const docTableLocal = `table-local: consecutive registrations of the same shape become one
range loop over a local slice of structs holding their tools and
handlers: mcp.AddTool(s, t1, h1); mcp.AddTool(s, t2, h2) becomes
for _, r := range []struct{A1 T1; A2 T2}{{t1, h1}, {t2, h2}} {
mcp.AddTool(s, r.A1, r.A2) }. A registration is a statement that calls an
MCP SDK function whose name says it adds or registers a tool (alone, or
as the init of an if statement with no else); the tabled arguments are
those that are not variables (the server, the context stay), evaluate no
call but an SDK constructor, and whose types the file can name. Consecutive
registrations group when the rest of their text is the same. Applies to
registrations with no break, continue or //mcpvet: directive.`

const docTablePkg = `table-pkg: as table-local, but the table is a package-level variable,
so only arguments that use no local variable are tabled.`

var regName = regexp.MustCompile(`^(Add|Register|Set|Handle|Must)?[A-Za-z]*Tools?$`)

// regCall returns the call of a registration statement.
func (v *variant) regCall(info *types.Info, st ast.Stmt) *ast.CallExpr {
	var call *ast.CallExpr
	switch st := st.(type) {
	case *ast.ExprStmt:
		call, _ = st.X.(*ast.CallExpr)
	case *ast.IfStmt:
		if as, ok := st.Init.(*ast.AssignStmt); ok && st.Else == nil && len(as.Rhs) == 1 {
			call, _ = as.Rhs[0].(*ast.CallExpr)
		}
	}
	if call == nil {
		return nil
	}
	fn := staticCallee(info, call)
	if fn == nil || fn.Pkg() == nil || !isSDKPath(fn.Pkg().Path()) {
		return nil
	}
	if strings.Contains(fn.Name(), "Call") || strings.HasPrefix(fn.Name(), "New") || !regName.MatchString(fn.Name()) {
		return nil
	}
	return call
}

type regStmt struct {
	st       ast.Stmt
	call     *ast.CallExpr
	args     []int    // tabled arguments
	types    []string // their types
	template string   // the statement's text with the tabled arguments as %[n]s
}

func tableLoop(v *variant, pkgLevel bool) {
	for _, pkg := range v.p.pkgs {
		for _, f := range pkg.Syntax {
			var lists [][]ast.Stmt
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.BlockStmt:
					lists = append(lists, n.List)
				case *ast.CaseClause:
					lists = append(lists, n.Body)
				case *ast.CommClause:
					lists = append(lists, n.Body)
				}
				return true
			})
			// Inner blocks first: an outer registration's text includes
			// the tables inside its handlers.
			for i := len(lists) - 1; i >= 0; i-- {
				list := lists[i]
				var group []*regStmt
				flush := func() {
					if len(group) > 0 {
						v.emitTable(pkg, f, group, pkgLevel)
					}
					group = nil
				}
				for _, st := range list {
					r := v.regStmt(pkg, f, st, pkgLevel)
					if r == nil {
						flush()
						continue
					}
					if len(group) > 0 && (group[0].template != r.template || strings.Join(group[0].types, ";") != strings.Join(r.types, ";")) {
						flush()
					}
					group = append(group, r)
				}
				flush()
			}
		}
	}
}

func (v *variant) regStmt(pkg *packages.Package, f *ast.File, st ast.Stmt, pkgLevel bool) *regStmt {
	info := pkg.TypesInfo
	call := v.regCall(info, st)
	if call == nil {
		return nil
	}
	if v.p.nearDirective(f, st.Pos(), st.End()) {
		v.skip("next to an //mcpvet: directive")
		return nil
	}
	branch := false
	ast.Inspect(st, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BranchStmt:
			if n.Tok == token.BREAK || n.Tok == token.CONTINUE || n.Tok == token.GOTO {
				branch = true
			}
		}
		return true
	})
	if branch {
		v.skip("break or continue in the registration")
		return nil
	}
	r := &regStmt{st: st, call: call}
	n := v.namer(pkg, f)
	var b strings.Builder
	at := st.Pos()
	for i, a := range call.Args {
		if isVariable(info, a) || (call.Ellipsis.IsValid() && i == len(call.Args)-1) {
			continue
		}
		if !v.p.sdkPure(info, a) {
			continue
		}
		if pkgLevel {
			if vars, ok := freeVars(info, a); !ok || len(vars) > 0 {
				continue
			}
		} else if _, ok := freeVars(info, a); !ok {
			continue
		}
		t, ok := n.typeString(info.TypeOf(a))
		if !ok {
			continue
		}
		b.WriteString(strings.ReplaceAll(v.ed.Text(at, a.Pos()), "%", "%%"))
		fmt.Fprintf(&b, "%%[%d]s", len(r.args)+1)
		at = a.End()
		r.args = append(r.args, i)
		r.types = append(r.types, t)
	}
	if len(r.args) == 0 {
		v.skip("no argument to table")
		return nil
	}
	b.WriteString(strings.ReplaceAll(v.ed.Text(at, st.End()), "%", "%%"))
	r.template = b.String()
	return r
}

// isVariable reports whether e denotes a variable (a local, a package
// variable, a field of one): the values a table does not hold.
func isVariable(info *types.Info, e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		_, ok := info.Uses[e].(*types.Var)
		return ok
	case *ast.SelectorExpr:
		if sel := info.Selections[e]; sel != nil {
			return sel.Kind() == types.FieldVal
		}
		return isVariable(info, e.Sel)
	}
	return false
}

func (v *variant) emitTable(pkg *packages.Package, f *ast.File, group []*regStmt, pkgLevel bool) {
	var fields []string
	for i, t := range group[0].types {
		fields = append(fields, fmt.Sprintf("A%d %s", i+1, t))
	}
	var rows []string
	for _, r := range group {
		var vals []string
		for _, i := range r.args {
			a := r.call.Args[i]
			vals = append(vals, v.ed.Text(a.Pos(), a.End()))
		}
		rows = append(rows, "{"+strings.Join(vals, ", ")+"}")
	}
	table := fmt.Sprintf("[]struct {\n%s\n}{\n%s,\n}", strings.Join(fields, "\n"), strings.Join(rows, ",\n"))
	r := v.fresh("mmR")
	if pkgLevel {
		name := v.fresh("mmTable")
		v.ed.Append(f.Pos(), fmt.Sprintf("var %s = %s", name, table))
		table = name
	}
	var refs []any
	for i := range group[0].types {
		refs = append(refs, fmt.Sprintf("%s.A%d", r, i+1))
	}
	body := fmt.Sprintf(group[0].template, refs...)
	v.ed.Replace(group[0].st.Pos(), group[0].st.End(), fmt.Sprintf("for _, %s := range %s {\n%s\n}", r, table, body))
	for _, g := range group[1:] {
		v.ed.Replace(g.st.Pos(), g.st.End(), "")
	}
	v.sites += len(group)
}
