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
	if hasBranch(st) {
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

const docTableRow = `table-row: a registration whose handler is a function literal runs in a
range loop over a one-row table that holds the constants the literal
passes to functions or stores in struct fields, read back from the row
inside the literal: mcp.AddTool(s, t, func(...) {... do("POST") ...})
becomes for _, r := range []struct{A1 string}{{"POST"}} { mcp.AddTool(s,
t, func(...) {... do(r.A1) ...}) }. The literal captures its row, as a
handler made per row of a table does. Applies to registrations as in
table-local, to the constants (value sites) inside their function
literals whose types the file can name.`

func tableRow(v *variant, _ string) {
	sites := v.valueSites()
	for _, pkg := range v.p.pkgs {
		info := pkg.TypesInfo
		for _, f := range pkg.Syntax {
			var regs []ast.Stmt
			ast.Inspect(f, func(n ast.Node) bool {
				if st, ok := n.(ast.Stmt); ok && v.regCall(info, st) != nil {
					regs = append(regs, st)
					return false // the outermost registration
				}
				return true
			})
			for _, st := range regs {
				v.rowTable(pkg, f, st, sites)
			}
		}
	}
}

// rowTable puts the constants of the function literals of registration
// st into a one-row table around it.
func (v *variant) rowTable(pkg *packages.Package, f *ast.File, st ast.Stmt, sites []*site) {
	info := pkg.TypesInfo
	if v.p.nearDirective(f, st.Pos(), st.End()) {
		v.skip("next to an //mcpvet: directive")
		return
	}
	if hasBranch(st) {
		v.skip("break or continue in the registration")
		return
	}
	n := v.namer(pkg, f)
	row := v.fresh("mmRow")
	var fields, vals []string
	end := token.NoPos // the end of the last tabled site: sites nest
	for _, s := range sites {
		if s.file != f || s.e.Pos() < st.Pos() || s.e.End() > st.End() || s.e.Pos() < end {
			continue
		}
		if info.Types[s.e].Value == nil || !inFuncLit(s, st) {
			continue
		}
		t, ok := n.typeString(s.typ())
		if !ok {
			v.skip("type cannot be named")
			continue
		}
		name := fmt.Sprintf("A%d", len(fields)+1)
		fields = append(fields, name+" "+t)
		vals = append(vals, v.ed.Text(s.e.Pos(), s.e.End()))
		v.ed.Replace(s.e.Pos(), s.e.End(), row+"."+name)
		end = s.e.End()
		v.sites++
	}
	if len(fields) == 0 {
		v.skip("no constant in a handler literal")
		return
	}
	v.ed.Insert(st.Pos(), fmt.Sprintf("for _, %s := range []struct {\n%s\n}{{%s}} {\n", row, strings.Join(fields, "\n"), strings.Join(vals, ", ")))
	v.ed.Insert(st.End(), "\n}")
}

// inFuncLit reports whether site s is inside a function literal of
// statement st.
func inFuncLit(s *site, st ast.Stmt) bool {
	for _, n := range s.stack {
		if lit, ok := n.(*ast.FuncLit); ok && lit.Pos() >= st.Pos() && lit.End() <= st.End() {
			return true
		}
	}
	return false
}

// hasBranch reports whether st holds a break, continue or goto outside
// its function literals: in a loop, they would act on the loop.
func hasBranch(st ast.Stmt) bool {
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
	return branch
}
