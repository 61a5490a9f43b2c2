package metamorph

import (
	"go/ast"
	"go/constant"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/mcpvet/mcpvet/internal/names"
)

// A site is a place a rewrite may change: an expression with its
// ancestors.
type site struct {
	e     ast.Expr
	pkg   *packages.Package
	file  *ast.File
	stack []ast.Node // ancestors of e, the file first
	class string
}

func (s *site) info() *types.Info { return s.pkg.TypesInfo }

func (s *site) typ() types.Type { return s.info().TypeOf(s.e) }

// topFunc returns the top-level function declaration the site is in, or
// nil at package level.
func (s *site) topFunc() *ast.FuncDecl {
	for _, n := range s.stack {
		if d, ok := n.(*ast.FuncDecl); ok {
			return d
		}
	}
	return nil
}

// originName names the fixture's top-level function the site is in.
func (s *site) originName(v *variant) string {
	if d := s.topFunc(); d != nil {
		n := funcName(d)
		if o, ok := v.origin[n]; ok {
			return o
		}
		return n
	}
	return "(package level)"
}

// stmt returns the statement before which a value of the site can be
// computed in its place (ins), and the statement that evaluates the site
// (eval, the same or the init statement of ins): the innermost statement
// around the site, when that statement is in a block, or is the init
// statement of an if or switch statement in a block, and evaluates the
// site once, right when it runs (not in a loop's condition, not in an
// if's condition after its init statement).
func (s *site) stmt() (ins, eval ast.Stmt) {
	for i := len(s.stack) - 1; i >= 1; i-- {
		st, ok := s.stack[i].(ast.Stmt)
		if !ok {
			if _, lit := s.stack[i].(*ast.FuncLit); lit {
				return nil, nil
			}
			continue
		}
		var child ast.Node = s.e
		if i+1 < len(s.stack) {
			child = s.stack[i+1]
		}
		switch st := st.(type) {
		case *ast.ExprStmt, *ast.AssignStmt, *ast.ReturnStmt, *ast.DeclStmt, *ast.SendStmt,
			*ast.IncDecStmt, *ast.GoStmt, *ast.DeferStmt:
		case *ast.IfStmt:
			if st.Init != nil || child != st.Cond {
				return nil, nil
			}
		case *ast.SwitchStmt:
			if st.Init != nil || child != st.Tag {
				return nil, nil
			}
		case *ast.RangeStmt:
			if child != st.X {
				return nil, nil
			}
		default:
			return nil, nil
		}
		if inBlock(s.stack[i-1], st, s.e) {
			return st, st
		}
		if i >= 2 && isInitOf(s.stack[i-1], st) && inBlock(s.stack[i-2], s.stack[i-1].(ast.Stmt), s.e) {
			return s.stack[i-1].(ast.Stmt), st
		}
		return nil, nil
	}
	return nil, nil
}

// inBlock reports whether statement st is a statement of a block or a
// clause's body (parent).
func inBlock(parent ast.Node, st ast.Stmt, e ast.Expr) bool {
	switch parent := parent.(type) {
	case *ast.BlockStmt:
		return true
	case *ast.CaseClause:
		for _, x := range parent.Body {
			if x == st {
				return true
			}
		}
	case *ast.CommClause:
		return parent.Comm != st
	}
	return false
}

// isInitOf reports whether st is the init statement of an if or switch
// statement n.
func isInitOf(n ast.Node, st ast.Stmt) bool {
	switch n := n.(type) {
	case *ast.IfStmt:
		return n.Init == st
	case *ast.SwitchStmt:
		return n.Init == st
	case *ast.TypeSwitchStmt:
		return n.Init == st
	}
	return false
}

// walk calls fn for every node of f with its ancestors.
func walk(f *ast.File, fn func(n ast.Node, stack []ast.Node) bool) {
	var stack []ast.Node
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if !fn(n, stack) {
			return false
		}
		stack = append(stack, n)
		return true
	})
}

// valueSites returns the values passed to functions and stored in
// struct fields, in pre-order: every argument of a call of a declared
// function (not a builtin, a conversion or a function value), every
// element of a composite literal of a named struct type, and the keys and
// values of a map literal that is itself such a value. The class is that
// of the callee's or the struct type's package. Untyped nil, types, void
// values and variables (x, x.f: the server, the context, the input) are
// left out.
func (v *variant) valueSites() []*site {
	var sites []*site
	for _, pkg := range v.p.pkgs {
		info := pkg.TypesInfo
		for _, f := range pkg.Syntax {
			seen := make(map[ast.Expr]bool)
			add := func(e ast.Expr, stack []ast.Node, class string) {
				tv, ok := info.Types[e]
				if !ok || tv.IsType() || tv.IsNil() || tv.IsVoid() || tv.IsBuiltin() || tv.Type == nil || seen[e] {
					return
				}
				if b, ok := tv.Type.(*types.Basic); ok && b.Kind() == types.Invalid {
					return
				}
				if _, ok := tv.Type.(*types.Tuple); ok {
					return // f(g()): the results of g go to f's parameters
				}
				if isVariable(info, e) {
					return // a variable's value flows already; the rewrites move values
				}
				seen[e] = true
				sites = append(sites, &site{e: e, pkg: pkg, file: f, stack: append([]ast.Node(nil), stack...), class: class})
			}
			walk(f, func(n ast.Node, stack []ast.Node) bool {
				stack = append(stack, n)
				switch n := n.(type) {
				case *ast.CallExpr:
					fn := staticCallee(info, n)
					if fn == nil || fn.Pkg() == nil {
						return true
					}
					class := v.p.classOf(fn.Pkg())
					for _, a := range n.Args {
						add(a, stack, class)
					}
				case *ast.CompositeLit:
					t := info.TypeOf(n)
					if t == nil {
						return true
					}
					if p, ok := t.Underlying().(*types.Pointer); ok {
						t = p.Elem()
					}
					named, ok := types.Unalias(t).(*types.Named)
					if !ok {
						return true
					}
					if _, isStruct := named.Underlying().(*types.Struct); !isStruct {
						return true
					}
					class := v.p.classOf(named.Obj().Pkg())
					for _, elt := range n.Elts {
						if kv, ok := elt.(*ast.KeyValueExpr); ok {
							add(kv.Value, append(stack, kv), class)
						} else {
							add(elt, stack, class)
						}
					}
				}
				return true
			})
			// Map literals that are values: their keys and values too.
			n := len(sites)
			for _, s := range sites[:n] {
				if s.file != f {
					continue
				}
				cl, ok := s.e.(*ast.CompositeLit)
				if !ok {
					continue
				}
				if _, isMap := info.TypeOf(cl).Underlying().(*types.Map); !isMap {
					continue
				}
				stack := append(append([]ast.Node(nil), s.stack...), cl)
				for _, elt := range cl.Elts {
					if kv, ok := elt.(*ast.KeyValueExpr); ok {
						add(kv.Key, append(stack, kv), s.class)
						add(kv.Value, append(stack, kv), s.class)
					}
				}
			}
		}
	}
	sort.SliceStable(sites, func(i, j int) bool {
		a, b := sites[i], sites[j]
		if a.file != b.file {
			return v.p.fileName(a.file) < v.p.fileName(b.file)
		}
		if a.e.Pos() != b.e.Pos() {
			return a.e.Pos() < b.e.Pos()
		}
		return a.e.End() > b.e.End()
	})
	return sites
}

// handlerSites returns the function values handed to an MCP SDK (an
// argument of an SDK function, a field of an SDK struct) whose
// signature takes and returns something: tool handlers, not options.
func (v *variant) handlerSites() []*site {
	var out []*site
	for _, s := range v.valueSites() {
		if s.class != classSDK {
			continue
		}
		sig, ok := s.typ().Underlying().(*types.Signature)
		if !ok || sig.Params().Len() == 0 || sig.Results().Len() == 0 {
			continue
		}
		out = append(out, s)
	}
	return out
}

// Roles refine the classes of value sites, for the reasons of the gaps
// (which value mcpvet stopped following): a variant "field/sdk:hint"
// rewrites only the hints given to an SDK.
var roles = map[string][]string{
	classSDK: {"tool", "name", "hint", "schema", "handler", "params", "key", "other"},
	classDep: {"http-method", "http-url", "http-header", "http-other", "exec", "sql", "key", "other"},
	classMod: {"func", "const", "other"},
}

// roleWords name the roles in the reasons.
var roleWords = map[string]string{
	"sdk:tool":        "a tool value given to the MCP SDK",
	"sdk:name":        "a tool name given to the MCP SDK (or to CallTool)",
	"sdk:hint":        "a tool hint (annotations) given to the MCP SDK",
	"sdk:schema":      "an input-schema property given to the MCP SDK",
	"sdk:handler":     "a handler given to the MCP SDK",
	"sdk:params":      "CallTool's parameters or arguments",
	"sdk:key":         "a dedupe key's name in CallTool's arguments or _meta, or in an input schema",
	"sdk:other":       "another value given to the MCP SDK",
	"dep:http-method": "the HTTP method given to net/http",
	"dep:http-url":    "the URL given to net/http",
	"dep:http-header": "a header name or value given to net/http",
	"dep:http-other":  "another argument of net/http (body, client, request)",
	"dep:exec":        "an argument of os/exec (command, args)",
	"dep:sql":         "an argument of an SQL client (statement, args)",
	"dep:key":         "a dedupe key's name given to a dependency",
	"dep:other":       "an argument of another dependency",
	"mod:func":        "a function value given to the module's own function",
	"mod:const":       "a constant given to the module's own function (method, URL, command, key name...)",
	"mod:other":       "another value given to the module's own function",
}

// matches reports whether site s is of class c ("sdk", or "sdk:hint").
func (s *site) matches(c string) bool {
	class, role, ok := strings.Cut(c, ":")
	if s.class != class {
		return false
	}
	return !ok || s.role() == role
}

// role returns the role of a value site within its class.
func (s *site) role() string {
	info := s.info()
	tv := info.Types[s.e]
	t := s.typ()
	var callee *types.Func
	var key string
	if len(s.stack) > 0 {
		switch p := s.stack[len(s.stack)-1].(type) {
		case *ast.CallExpr:
			callee = staticCallee(info, p)
		case *ast.KeyValueExpr:
			if id, ok := p.Key.(*ast.Ident); ok {
				key = id.Name
			}
		}
	}
	calleeName := ""
	if callee != nil {
		calleeName = callee.Name()
	}
	isKeyName := tv.Value != nil && tv.Value.Kind() == constant.String && new(names.Matcher).IsKey(constant.StringVal(tv.Value))
	switch s.class {
	case classSDK:
		if isKeyName {
			return "key"
		}
		if sig, ok := t.Underlying().(*types.Signature); ok && sig.Params().Len() > 0 && sig.Results().Len() > 0 {
			return "handler"
		}
		for _, n := range s.stack {
			switch n := n.(type) {
			case *ast.KeyValueExpr:
				if id, ok := n.Key.(*ast.Ident); ok && (strings.HasSuffix(id.Name, "Hint") || id.Name == "Annotations") {
					return "hint"
				}
			case *ast.CallExpr:
				if fn := staticCallee(info, n); fn != nil && (strings.Contains(fn.Name(), "Hint") || strings.Contains(fn.Name(), "Annotation")) {
					return "hint"
				}
			}
		}
		if tn := typeName(t); strings.Contains(tn, "Annotation") {
			return "hint"
		}
		if strings.Contains(calleeName, "CallTool") || key == "Arguments" || key == "Meta" || strings.Contains(typeName(t), "CallTool") {
			if isString(t) && (key == "" || key == "Name") && strings.Contains(calleeName, "CallTool") {
				return "name"
			}
			return "params"
		}
		if isString(t) && (key == "Name" || (strings.Contains(calleeName, "Tool") && len(s.stack) > 0 && firstStringArg(info, s.stack[len(s.stack)-1], s.e))) {
			return "name"
		}
		if tn := typeName(t); tn == "Tool" || tn == "ServerTool" || strings.HasPrefix(calleeName, "NewTool") {
			return "tool"
		}
		if c, ok := ast.Unparen(s.e).(*ast.CallExpr); ok {
			if fn := staticCallee(info, c); fn != nil && strings.HasPrefix(fn.Name(), "NewTool") {
				return "tool"
			}
		}
		for _, n := range s.stack {
			switch n := n.(type) {
			case *ast.KeyValueExpr:
				if id, ok := n.Key.(*ast.Ident); ok && (id.Name == "InputSchema" || id.Name == "Properties" || id.Name == "Required") {
					return "schema"
				}
			case *ast.CallExpr:
				if fn := staticCallee(info, n); fn != nil && (strings.HasPrefix(fn.Name(), "With") || fn.Name() == "Required" || fn.Name() == "Description") {
					return "schema"
				}
			}
		}
		return "other"
	case classDep:
		if isKeyName {
			return "key"
		}
		if callee != nil && callee.Pkg() != nil {
			switch path := callee.Pkg().Path(); {
			case path == "net/http" || path == "net/url":
				return httpRole(info, s.stack[len(s.stack)-1], s.e, callee)
			case path == "os/exec":
				return "exec"
			case strings.Contains(path, "sql") || strings.Contains(path, "pgx"):
				return "sql"
			}
		}
		return "other"
	case classMod:
		if _, ok := t.Underlying().(*types.Signature); ok {
			return "func"
		}
		if tv.Value != nil {
			return "const"
		}
		return "other"
	}
	return "other"
}

func typeName(t types.Type) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// firstStringArg reports whether e is the first string argument of call.
func firstStringArg(info *types.Info, call ast.Node, e ast.Expr) bool {
	c, ok := call.(*ast.CallExpr)
	if !ok {
		return false
	}
	for _, a := range c.Args {
		if isString(info.TypeOf(a)) {
			return a == e
		}
	}
	return false
}

// httpRole says which argument of a net/http function e is.
func httpRole(info *types.Info, call ast.Node, e ast.Expr, fn *types.Func) string {
	c, ok := call.(*ast.CallExpr)
	if !ok {
		return "http-other"
	}
	i := -1
	for j, a := range c.Args {
		if a == e {
			i = j
		}
	}
	if recv := fn.Type().(*types.Signature).Recv(); recv != nil && typeName(recv.Type()) == "Header" {
		return "http-header"
	}
	switch fn.Name() {
	case "NewRequest":
		return [...]string{"http-method", "http-url", "http-other"}[min(max(i, 0), 2)]
	case "NewRequestWithContext":
		return [...]string{"http-other", "http-method", "http-url", "http-other"}[min(max(i, 0), 3)]
	case "Get", "Head", "Post", "PostForm":
		if i == 0 {
			return "http-url"
		}
	}
	return "http-other"
}
