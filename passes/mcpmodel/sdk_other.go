package mcpmodel

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// This file holds what the SDKs beside go-sdk and mcp-go share: the shape
// of their tables (one sdk_*.go file each) and the lookups that the model
// makes in them. Entry points are matched by package path, receiver type
// name and name, as in sdk.go.

// sdkTable describes one SDK.
type sdkTable struct {
	sdk   SDK
	paths []string // the packages holding the entry points below
	// registrations are the registering calls, as in sdk.go. One whose
	// tool argument is a string registers by name
	// (RegisterTool(name, description, handler)) and sets no annotations:
	// its hints are false.
	registrations map[[3]string]registration
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
// reports whether call is one. A registration by name
// (RegisterTool(name, description, handler)) registers a name, and the
// SDK no annotations: toolDef and valueDef read a string definition so.
func (b *builder) otherSDKCall(key [3]string, call *ast.CallExpr) bool {
	tab := otherTableOf(key[0])
	if tab == nil {
		return false
	}
	reg, ok := tab.registrations[key]
	if !ok || reg.handler >= len(call.Args) || reg.tool >= len(call.Args) {
		return false
	}
	b.add(reg.sdk, call, call.Args[reg.tool], call.Args[reg.handler])
	return true
}

// otherConstructorOf returns the table and the entry of fn when it is a
// tool constructor of one of otherSDKs.
func otherConstructorOf(fn *types.Func) (*sdkTable, constructor, bool) {
	k2, _, ok := calleeKey(fn)
	if !ok {
		return nil, constructor{}, false
	}
	tab := otherTableOf(k2[0])
	if tab == nil {
		return nil, constructor{}, false
	}
	c, ok := tab.constructors[k2]
	return tab, c, ok
}

// ctorOption is one option given to a tool constructor of one of
// otherSDKs, as the syntax or the engine sees it.
type ctorOption struct {
	// fn is the function the option calls; nil when the option is not a
	// call seen where the tool is built (a variable, a spread slice, a
	// value the engine does not resolve).
	fn    *types.Func
	nargs int
	// annotations reads the hints from the option's one argument, when
	// it is the SDK's annotations option.
	annotations func()
}

// constructed fills t as constructor c of tab builds a tool named name
// ("": not resolved) with opts, in order: the spec defaults (the
// constructor sets no annotations), replaced by what the SDK's
// annotations option says; an option of the SDK's own package sets no
// other hint, and any other (a project's own, one not seen) may set any.
func (tab *sdkTable) constructed(t *Tool, c constructor, name string, opts []ctorOption) {
	t.Name = name
	t.Idempotent, t.ReadOnly, t.Destructive = False, False, False
	for _, o := range opts {
		switch {
		case !tab.own(o):
			t.Idempotent, t.ReadOnly, t.Destructive = Unknown, Unknown, Unknown
		case c.annotates(o):
			o.annotations()
		}
	}
}

// own reports whether option o is a call of a function of tab's SDK.
func (tab *sdkTable) own(o ctorOption) bool {
	return o.fn != nil && o.fn.Pkg() != nil && otherTableOf(o.fn.Pkg().Path()) == tab
}

// annotates reports whether option o, of the constructor's SDK, is its
// annotations option.
func (c constructor) annotates(o ctorOption) bool {
	return c.annotations != "" && o.fn != nil && o.fn.Name() == c.annotations && o.nargs == 1
}

// otherConstructor fills t from a call of a tool constructor of one of
// otherSDKs and reports whether call is one.
func (b *builder) otherConstructor(t *Tool, call *ast.CallExpr, depth int) bool {
	info := b.pass.TypesInfo
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	tab, c, ok := otherConstructorOf(fn)
	if !ok || c.name >= len(call.Args) {
		return false
	}
	name, _ := analysisutil.ConstString(info, call.Args[c.name])
	var opts []ctorOption
	for i := c.opts; c.opts >= 0 && i < len(call.Args); i++ {
		var o ctorOption
		oc, ok := ast.Unparen(call.Args[i]).(*ast.CallExpr)
		if ok && !(call.Ellipsis.IsValid() && i == len(call.Args)-1) {
			o.fn, _ = typeutil.Callee(info, oc).(*types.Func)
			o.nargs = len(oc.Args)
			o.annotations = func() {
				t.HintNode = oc
				b.annotations(t, oc.Args[0], depth+1)
			}
		}
		opts = append(opts, o)
	}
	tab.constructed(t, c, name, opts)
	return true
}

// valueConstructed fills t from a Call value of tool constructor c of
// tab, and from what the package stores into the tool it returns
// (valueStored). The options of a spread slice are in no known order:
// its annotations options are taken first, and several of them make the
// hints unknown.
func (b *builder) valueConstructed(t *Tool, tab *sdkTable, c constructor, v *valueflow.Value) {
	if c.name >= len(v.Args) {
		return
	}
	name, _ := v.Args[c.name].String1()
	var opts []ctorOption
	for i := c.opts; c.opts >= 0 && i < len(v.Args); i++ {
		a := v.Args[i]
		if a.Kind != valueflow.Slice {
			opts = append(opts, b.valueCtorOption(t, a))
			continue
		}
		if a.Elems == nil {
			continue // an empty slice
		}
		var annots, rest []ctorOption
		for _, e := range a.Elems.Each() {
			o := b.valueCtorOption(t, e)
			if tab.own(o) && c.annotates(o) {
				annots = append(annots, o)
			} else {
				rest = append(rest, o)
			}
		}
		if len(annots) > 1 {
			rest = append(rest, ctorOption{})
		}
		opts = append(append(opts, annots...), rest...)
	}
	tab.constructed(t, c, name, opts)
	b.valueStored(t, v)
}

// valueCtorOption returns an option value as constructed judges it: a
// call of a function, or a value not seen (several alternatives, a
// project's option the engine resolved to its literal).
func (b *builder) valueCtorOption(t *Tool, o *valueflow.Value) ctorOption {
	fn, ok := o.Obj.(*types.Func)
	if o.Kind != valueflow.Call || !ok {
		return ctorOption{}
	}
	return ctorOption{fn: fn, nargs: len(o.Args), annotations: func() { b.valueAnnotations(t, o.Args[0]) }}
}

// valueStored fills t from what the package stores into the tool a
// constructor's Call value returns (tool.Annotations = a, read as the
// syntax reads it in otherToolVar): a stored Name or Annotations
// replaces the constructor's, a hint stored into its annotations
// replaces that hint, and a store the engine does not follow makes the
// hints unknown.
func (b *builder) valueStored(t *Tool, v *valueflow.Value) {
	if len(v.Sets) > 0 {
		t.Idempotent, t.ReadOnly, t.Destructive = Unknown, Unknown, Unknown
	}
	if n, ok := v.Stored("Name"); ok {
		t.Name, _ = n.String1()
	}
	if a, ok := v.Stored("Annotations"); ok && !a.PartlyStored() {
		b.valueAnnotations(t, a)
	}
	// One hint set on the annotations the constructor made (tool.
	// Annotations.IdempotentHint = mcp.ToBoolPtr(true)).
	for _, h := range []struct {
		field string
		dst   *Hint
	}{{"IdempotentHint", &t.Idempotent}, {"ReadOnlyHint", &t.ReadOnly}, {"DestructiveHint", &t.Destructive}} {
		if x, ok := v.Stored("Annotations." + h.field); ok {
			*h.dst = boolValueHint(x)
		}
	}
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
