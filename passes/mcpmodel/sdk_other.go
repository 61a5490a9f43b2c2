package mcpmodel

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
)

// This file holds what the SDKs beside go-sdk and mcp-go share: the shape
// of their tables (one sdk_*.go file each) and the lookups that the model
// makes in them. Entry points are matched by package path, receiver type
// name and name, as in sdk.go.

// sdkTable describes one SDK.
type sdkTable struct {
	sdk   SDK
	paths []string // the packages holding the entry points below
	// registrations are the registering calls, as in sdk.go.
	registrations map[[3]string]registration
	// byName are registrations whose tool argument is the constant tool
	// name and that set no annotations: their hints are false.
	byName map[[3]string]bool
	// toolTypes are the SDK's tool struct types: the Name field names the
	// tool, the Annotations field (when the type has one) holds the hints.
	toolTypes map[[2]string]bool
	// constructors build a tool value.
	constructors map[[2]string]constructor
	// adapters wrap a handler in another handler (typed handlers).
	adapters map[[2]string]bool
}

// constructor describes a function that builds a tool value.
type constructor struct {
	name int // the argument holding the constant tool name
	// opts is the first variadic tool-option argument, or -1. An option
	// of the SDK's own package sets no hint unless it is annotations (the
	// function named annotations, whose one argument is the annotations
	// value); a project's own option may set any hint.
	opts        int
	annotations string
}

// Annotated reports whether the SDK lets a server annotate its tools.
// Without annotations a tool cannot be marked idempotent: an effect that
// is idempotent by nature is no finding there (dedupekey).
func (s SDK) Annotated() bool {
	switch s {
	case MCPGolang, Cortex, Foxy:
		return false
	}
	return true
}

// otherSDKs are the tables of the SDKs beside go-sdk and mcp-go.
var otherSDKs = []*sdkTable{&goMCPTable, &trpcTable, &mcpGolangTable, &cortexTable, &foxyTable, &viantTable}

// otherSDKPath reports whether path is a package of one of otherSDKs.
func otherSDKPath(path string) bool {
	return otherTableOf(path) != nil
}

func otherTableOf(path string) *sdkTable { return otherByPath[path] }

// otherByPath indexes otherSDKs by package path: the model asks for every
// call and type it classifies.
var otherByPath = func() map[string]*sdkTable {
	m := make(map[string]*sdkTable)
	for _, t := range otherSDKs {
		for _, p := range t.paths {
			m[p] = t
		}
	}
	return m
}()

// otherToolType reports whether the named type path.name is a tool type
// of one of otherSDKs.
func otherToolType(path, name string) bool {
	t := otherTableOf(path)
	return t != nil && t.toolTypes[[2]string{path, name}]
}

// otherAdapter reports whether key names a handler adapter of one of
// otherSDKs.
func otherAdapter(key [2]string) bool {
	t := otherTableOf(key[0])
	return t != nil && t.adapters[key]
}

// otherSDKCall records a registration through one of otherSDKs and
// reports whether call is one.
func (b *builder) otherSDKCall(key [3]string, call *ast.CallExpr) bool {
	tab := otherTableOf(key[0])
	if tab == nil {
		return false
	}
	reg, ok := tab.registrations[key]
	if !ok || reg.handler >= len(call.Args) || reg.tool >= len(call.Args) {
		return false
	}
	if !tab.byName[key] {
		b.add(reg.sdk, call, call.Args[reg.tool], call.Args[reg.handler])
		return true
	}
	// RegisterTool(name, description, handler): a constant name, and no
	// annotations in the SDK.
	def := call.Args[reg.tool]
	t := &Tool{SDK: reg.sdk, Reg: call, Def: def, HintNode: def, Idempotent: False, ReadOnly: False}
	if s, ok := analysisutil.ConstString(b.pass.TypesInfo, def); ok {
		t.Name = s
	}
	t.HandlerArg = call.Args[reg.handler]
	t.Handler = b.resolveHandler(t.HandlerArg, 0)
	b.model.Tools = append(b.model.Tools, t)
	return true
}

// otherConstructor fills t from a call of a tool constructor of one of
// otherSDKs and reports whether call is one.
func (b *builder) otherConstructor(t *Tool, call *ast.CallExpr, depth int) bool {
	info := b.pass.TypesInfo
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	k2, _, ok := calleeKey(fn)
	if !ok {
		return false
	}
	tab := otherTableOf(k2[0])
	if tab == nil {
		return b.otherToolFactory(t, fn, depth)
	}
	c, ok := tab.constructors[k2]
	if !ok || c.name >= len(call.Args) {
		return false
	}
	t.Idempotent, t.ReadOnly, t.Destructive = False, False, False // no annotations: the spec defaults
	if s, ok := analysisutil.ConstString(info, call.Args[c.name]); ok {
		t.Name = s
	}
	if c.opts < 0 {
		return true
	}
	for i := c.opts; i < len(call.Args); i++ {
		if call.Ellipsis.IsValid() && i == len(call.Args)-1 {
			t.Idempotent, t.ReadOnly, t.Destructive = Unknown, Unknown, Unknown // options not visible here
			continue
		}
		oc, ok := ast.Unparen(call.Args[i]).(*ast.CallExpr)
		if !ok {
			t.Idempotent, t.ReadOnly, t.Destructive = Unknown, Unknown, Unknown
			continue
		}
		ofn, _ := typeutil.Callee(info, oc).(*types.Func)
		if ofn == nil || ofn.Pkg() == nil || otherTableOf(ofn.Pkg().Path()) != tab {
			t.Idempotent, t.ReadOnly, t.Destructive = Unknown, Unknown, Unknown // a project's own option
			continue
		}
		if c.annotations != "" && ofn.Name() == c.annotations && len(oc.Args) == 1 {
			t.HintNode = oc
			b.annotations(t, oc.Args[0], depth+1)
		}
	}
	return true
}

// otherToolFactory fills t from a call of a function of this package
// that returns one of the other SDKs' tools from its only return
// statement (func NewDeleteFileTool() *mcp.Tool { return mcp.NewTool(...) },
// as trpc-mcp-go's examples write), and reports whether fn is one.
func (b *builder) otherToolFactory(t *Tool, fn *types.Func, depth int) bool {
	if fn == nil || depth > 3 {
		return false
	}
	d := b.decls[fn.Origin()]
	if d == nil || d.Body == nil || d.Type.Results == nil || len(d.Type.Results.List) != 1 || len(d.Type.Results.List[0].Names) > 1 {
		return false
	}
	if path, name := namedIn(b.pass.TypesInfo.TypeOf(d.Type.Results.List[0].Type)); !otherToolType(path, name) {
		return false
	}
	var results []ast.Expr
	analysisutil.Inspect(d.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) == 1 {
				results = append(results, n.Results[0])
			} else {
				results = append(results, nil, nil)
			}
		}
		return true
	})
	if len(results) != 1 {
		return false
	}
	b.toolDef(t, results[0], depth+1)
	return true
}

// otherToolVar fills t from a local variable holding a tool built by a
// constructor of one of otherSDKs, including one assigned with its error
// (tool, err := protocol.NewTool(...)), and reports whether e is one.
// Annotations set later on the variable (tool.Annotations = ...) replace
// the constructor's: one assignment is read, several make the hints
// unknown.
func (b *builder) otherToolVar(t *Tool, e ast.Expr, depth int) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := b.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return false
	}
	call := b.constructedBy(v)
	if call == nil || !b.otherConstructor(t, call, depth) {
		return false
	}
	var sets []ast.Expr
	for _, f := range b.pass.Files {
		if v.Pos() < f.Pos() || v.Pos() >= f.End() {
			continue
		}
		analysisutil.Inspect(f, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || len(as.Lhs) != len(as.Rhs) {
				return true
			}
			for i, l := range as.Lhs {
				sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
				if !ok {
					continue
				}
				if x, ok := ast.Unparen(sel.X).(*ast.Ident); ok && b.pass.TypesInfo.Uses[x] == v {
					if sel.Sel.Name == "Annotations" {
						sets = append(sets, as.Rhs[i])
					}
				} else if throughAnnotations(sel.X) && analysisutil.RootVar(b.pass.TypesInfo, sel.X) == v {
					sets = append(sets, nil) // tool.Annotations.IdempotentHint = ...
				}
			}
			return true
		})
	}
	switch {
	case len(sets) == 1 && sets[0] != nil:
		t.HintNode = sets[0]
		b.annotations(t, sets[0], depth+1)
	case len(sets) > 0:
		t.Idempotent, t.ReadOnly, t.Destructive = Unknown, Unknown, Unknown
	}
	return true
}

// constructedBy returns the call that the local variable v is assigned
// from, once, alone or as the first of a call's results.
func (b *builder) constructedBy(v *types.Var) *ast.CallExpr {
	if xs := b.locals[v]; len(xs) == 1 && xs[0] != nil {
		c, _ := ast.Unparen(xs[0]).(*ast.CallExpr)
		return c
	}
	if len(b.locals[v]) != 1 {
		return nil
	}
	// tool, err := NewTool(...): the index records no value for it.
	var found *ast.CallExpr
	for _, f := range b.pass.Files {
		if v.Pos() < f.Pos() || v.Pos() >= f.End() {
			continue
		}
		analysisutil.Inspect(f, func(n ast.Node) bool {
			if found != nil {
				return false
			}
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Rhs) == 1 && len(n.Lhs) > 1 && n.Tok == token.DEFINE {
					if id, ok := n.Lhs[0].(*ast.Ident); ok && b.pass.TypesInfo.Defs[id] == v {
						found, _ = ast.Unparen(n.Rhs[0]).(*ast.CallExpr)
					}
				}
			case *ast.ValueSpec:
				if len(n.Values) == 1 && len(n.Names) > 1 && b.pass.TypesInfo.Defs[n.Names[0]] == v {
					found, _ = ast.Unparen(n.Values[0]).(*ast.CallExpr)
				}
			}
			return true
		})
	}
	return found
}

// throughAnnotations reports whether a selector chain selects a field
// named Annotations.
func throughAnnotations(e ast.Expr) bool {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			if x.Sel.Name == "Annotations" {
				return true
			}
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return false
		}
	}
}
