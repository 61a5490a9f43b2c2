package mcpmodel

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// OptionHints is an object fact on a function of the program that returns
// an mcp-go ToolOption: which hints the option it returns sets. The option
// is a function literal that applies the SDK's options to the tool it is
// given (mcp.WithNumber("page", ...)(tool)), the project's own options
// (with this fact), or stores into the tool's annotations; or a call of
// such an option. terraform-mcp-server's utils.WithPagination() adds two
// parameters and sets no hint, so a tool built with it keeps the hints of
// its other options.
//
// A hint set on some paths only (in a branch, or by some of the return
// statements), or set to a value the model cannot resolve, is Unknown; a
// function whose option does anything else with the tool (passes it to
// another function, applies an option kept in a variable) has no fact,
// and the hints of a tool built with it stay unknown, as before.
//
// A function that configures a tool it is given (func addPaging(t
// *mcp.Tool), the body of an option extracted into a function) has the
// fact too, with Param the 1-based index of that parameter.
type OptionHints struct {
	Param                        int // 0: the option the function returns
	SetsReadOnly, SetsIdempotent bool
	ReadOnly, Idempotent         Hint
}

func (*OptionHints) AFact() {}

func (f *OptionHints) String() string {
	s := "optionhints("
	if f.SetsReadOnly {
		s += "readOnly=" + f.ReadOnly.String() + " "
	}
	if f.SetsIdempotent {
		s += "idempotent=" + f.Idempotent.String()
	}
	return s + ")"
}

// apply sets t's hints as the option sets them.
func (f *OptionHints) apply(t *Tool) {
	if f.SetsReadOnly {
		t.ReadOnly = f.ReadOnly
	}
	if f.SetsIdempotent {
		t.Idempotent = f.Idempotent
	}
}

// unset marks a hint no option has set yet, on the scratch tool an option
// is applied to.
const unset Hint = -1

// exportOptions exports the OptionHints fact of each function of the
// package that returns an mcp-go ToolOption.
func (b *builder) exportOptions() {
	for obj := range b.decls {
		fn, ok := obj.(*types.Func)
		if !ok {
			continue
		}
		if returnsToolOption(fn) {
			if f := b.optionHints(fn, 0); f != nil {
				b.pass.ExportObjectFact(fn, f)
			}
		} else if i := toolParam(fn); i >= 0 {
			if f := b.configHints(fn, i, 0); f != nil {
				b.pass.ExportObjectFact(fn, f)
			}
		}
	}
}

// returnsToolOption reports whether fn's only result is mcp-go's
// ToolOption.
func returnsToolOption(fn *types.Func) bool {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Results().Len() != 1 {
		return false
	}
	n, ok := types.Unalias(sig.Results().At(0).Type()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == mcpGoMCP && n.Obj().Name() == "ToolOption"
}

// optionHints returns the OptionHints of fn, a function returning a
// ToolOption: its fact, or computed from its declaration in this package;
// nil when they are not known.
func (b *builder) optionHints(fn *types.Func, depth int) *OptionHints {
	fn = fn.Origin()
	if fn.Pkg() != b.pass.Pkg {
		f := new(OptionHints)
		if b.pass.ImportObjectFact(fn, f) && f.Param == 0 {
			return f
		}
		return nil
	}
	if f, ok := b.optMemo[fn]; ok {
		return f
	}
	if b.optMemo == nil {
		b.optMemo = make(map[*types.Func]*OptionHints)
	}
	b.optMemo[fn] = nil // a recursive option is not known
	d := b.decls[fn]
	if d == nil || d.Body == nil || depth > 5 || !returnsToolOption(fn) {
		return nil
	}
	var f *OptionHints
	ok := true
	first := true
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) != 1 {
				ok = false
				return false
			}
			g := b.optionValueHints(n.Results[0], depth)
			if g == nil {
				ok = false
				return false
			}
			if first {
				f, first = g, false
			} else {
				f = joinOptionHints(f, g)
			}
		}
		return true
	})
	if !ok || f == nil {
		return nil
	}
	b.optMemo[fn] = f
	return f
}

// joinOptionHints is what an option that is f on some paths and g on
// others sets.
func joinOptionHints(f, g *OptionHints) *OptionHints {
	out := *f
	join := func(sf, sg bool, hf, hg Hint) (bool, Hint) {
		switch {
		case !sf && !sg:
			return false, hf
		case sf && sg && hf == hg:
			return true, hf
		}
		return true, Unknown
	}
	out.SetsReadOnly, out.ReadOnly = join(f.SetsReadOnly, g.SetsReadOnly, f.ReadOnly, g.ReadOnly)
	out.SetsIdempotent, out.Idempotent = join(f.SetsIdempotent, g.SetsIdempotent, f.Idempotent, g.Idempotent)
	return &out
}

// optionValueHints returns the hints an option expression sets: a
// function literal taking the tool, or a call of an SDK or project
// option; nil when not known.
func (b *builder) optionValueHints(e ast.Expr, depth int) *OptionHints {
	switch e := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return b.literalOptionHints(e, depth)
	case *ast.CallExpr:
		return b.callOptionHints(e, depth)
	}
	return nil
}

// callOptionHints returns the hints the option made by call sets.
func (b *builder) callOptionHints(call *ast.CallExpr, depth int) *OptionHints {
	fn, _ := typeutil.Callee(b.pass.TypesInfo, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil {
		return nil
	}
	if fn.Pkg().Path() != mcpGoMCP {
		if !returnsToolOption(fn) {
			return nil
		}
		return b.optionHints(fn, depth+1)
	}
	t := &Tool{ReadOnly: unset, Idempotent: unset}
	b.option(t, call)
	return &OptionHints{
		SetsReadOnly: t.ReadOnly != unset, ReadOnly: max(t.ReadOnly, Unknown),
		SetsIdempotent: t.Idempotent != unset, Idempotent: max(t.Idempotent, Unknown),
	}
}

// literalOptionHints returns the hints an option literal func(t *mcp.Tool)
// sets: each use of t must be an option applied to it (opt(t)), a store
// into its annotations, or a field other than the annotations.
func (b *builder) literalOptionHints(lit *ast.FuncLit, depth int) *OptionHints {
	params := lit.Type.Params
	if params == nil || len(params.List) != 1 || len(params.List[0].Names) != 1 {
		return nil
	}
	tool := b.pass.TypesInfo.Defs[params.List[0].Names[0]]
	if tool == nil {
		return nil
	}
	return b.toolHints(lit.Body, tool, depth)
}

// toolHints returns the hints body sets on tool, one of its function's
// parameters: each use of tool must be an option applied to it (opt(t)),
// a function that configures it (addPaging(t)), a store into its
// annotations, or a field other than the annotations.
func (b *builder) toolHints(body *ast.BlockStmt, tool types.Object, depth int) *OptionHints {
	if depth > 5 {
		return nil
	}
	info := b.pass.TypesInfo
	isTool := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.Uses[id] == tool
	}
	f := &OptionHints{}
	top := make(map[ast.Stmt]bool, len(body.List))
	for _, s := range body.List {
		top[s] = true
	}
	// set records what one step sets; a step under a condition or in a
	// loop makes what it sets unknown.
	set := func(g *OptionHints, cond bool) {
		if g.SetsReadOnly {
			f.SetsReadOnly = true
			f.ReadOnly = g.ReadOnly
			if cond {
				f.ReadOnly = Unknown
			}
		}
		if g.SetsIdempotent {
			f.SetsIdempotent = true
			f.Idempotent = g.Idempotent
			if cond {
				f.Idempotent = Unknown
			}
		}
	}
	ok := true
	handled := make(map[*ast.Ident]bool)
	var stmt ast.Stmt
	ast.Inspect(body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		if s, isStmt := n.(ast.Stmt); isStmt && top[s] {
			stmt = s
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			// configure(x, tool): a function of the program that
			// configures the tool it is given.
			if fn := typeutil.StaticCallee(info, n); fn != nil && !isMethodExpr(info, n) {
				for i, a := range n.Args {
					if !isTool(a) {
						continue
					}
					if fn.Pkg() == nil || fn.Pkg().Path() == mcpGoMCP {
						break // left to the check below
					}
					g := b.configHints(fn, i, depth+1)
					if g == nil {
						ok = false
						return false
					}
					set(g, !b.isTopExpr(stmt, n))
					handled[ast.Unparen(a).(*ast.Ident)] = true
				}
			}
			// opt(tool): an option applied to the tool.
			if len(n.Args) == 1 && isTool(n.Args[0]) && !handled[ast.Unparen(n.Args[0]).(*ast.Ident)] {
				inner, isCall := ast.Unparen(n.Fun).(*ast.CallExpr)
				if !isCall {
					ok = false
					return false
				}
				g := b.callOptionHints(inner, depth)
				if g == nil {
					ok = false
					return false
				}
				set(g, !b.isTopExpr(stmt, n))
				handled[ast.Unparen(n.Args[0]).(*ast.Ident)] = true
			}
		case *ast.AssignStmt:
			// tool.Annotations.ReadOnlyHint = v, tool.Annotations = ...
			if len(n.Lhs) != len(n.Rhs) {
				break
			}
			for i, l := range n.Lhs {
				path, id := toolPath(l)
				if id == nil || !isTool(id) || len(path) == 0 || path[0] != "Annotations" {
					continue
				}
				handled[id] = true
				g := &OptionHints{}
				t := &Tool{ReadOnly: unset, Idempotent: unset}
				switch {
				case len(path) == 1:
					b.annotations(t, n.Rhs[i], 0)
				case len(path) == 2 && path[1] == "ReadOnlyHint":
					t.ReadOnly = b.boolHint(n.Rhs[i])
				case len(path) == 2 && path[1] == "IdempotentHint":
					t.Idempotent = b.boolHint(n.Rhs[i])
				}
				g.SetsReadOnly, g.ReadOnly = t.ReadOnly != unset, max(t.ReadOnly, Unknown)
				g.SetsIdempotent, g.Idempotent = t.Idempotent != unset, max(t.Idempotent, Unknown)
				set(g, n != stmt || n.Tok != token.ASSIGN)
			}
		case *ast.SelectorExpr:
			// tool.InputSchema..., tool.Name: fields other than the
			// annotations, read or written.
			if id, isID := ast.Unparen(n.X).(*ast.Ident); isID && isTool(id) && n.Sel.Name != "Annotations" {
				handled[id] = true
			}
		case *ast.Ident:
			if info.Uses[n] == tool && !handled[n] {
				ok = false // the tool itself goes somewhere else
				return false
			}
		}
		return true
	})
	if !ok {
		return nil
	}
	return f
}

// isTopExpr reports whether call is the expression statement s itself,
// or a top statement of a literal s runs in place: func() { opt(tool)
// }(), or a helper's run(func() { opt(tool) }) (valueflow's RunsHere).
func (b *builder) isTopExpr(s ast.Stmt, call *ast.CallExpr) bool {
	es, ok := s.(*ast.ExprStmt)
	if !ok {
		return false
	}
	if ast.Unparen(es.X) == call {
		return true
	}
	c, ok := ast.Unparen(es.X).(*ast.CallExpr)
	if !ok {
		return false
	}
	var lits []*ast.FuncLit
	if lit, ok := ast.Unparen(c.Fun).(*ast.FuncLit); ok && len(c.Args) == 0 {
		lits = append(lits, lit)
	} else if b.vf != nil {
		for _, a := range c.Args {
			if lit, ok := ast.Unparen(a).(*ast.FuncLit); ok && b.vf.RunsHere(lit) {
				lits = append(lits, lit)
			}
		}
	}
	for _, lit := range lits {
		for _, s2 := range lit.Body.List {
			if b.isTopExpr(s2, call) {
				return true
			}
		}
	}
	return false
}

// toolPath returns the field path of a selector chain x.f.g and its base
// identifier.
func toolPath(e ast.Expr) ([]string, *ast.Ident) {
	var path []string
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			path = append([]string{x.Sel.Name}, path...)
			e = x.X
		case *ast.Ident:
			return path, x
		default:
			return nil, nil
		}
	}
}

// projectOption returns the OptionHints of a project's function that
// returns a ToolOption; nil for anything else.
func (b *builder) projectOption(fn *types.Func) *OptionHints {
	if fn == nil || fn.Pkg() == nil || !returnsToolOption(fn) {
		return nil
	}
	return b.optionHints(fn, 0)
}

// closureOption returns the OptionHints of an option closure the engine
// found: a literal of this package, or one returned by a project's
// function that returns a ToolOption (its fact covers every literal it
// returns).
func (b *builder) closureOption(o *valueflow.Value) *OptionHints {
	if o.Lit != nil {
		return b.literalOptionHints(o.Lit, 0)
	}
	fn, _ := o.Obj.(*types.Func)
	return b.projectOption(fn)
}

// toolParam returns the index of fn's first parameter of type *mcp.Tool
// (mcp-go), or -1.
func toolParam(fn *types.Func) int {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil {
		return -1
	}
	for i := 0; i < sig.Params().Len(); i++ {
		if p, ok := types.Unalias(sig.Params().At(i).Type()).(*types.Pointer); ok {
			if n, ok := types.Unalias(p.Elem()).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == mcpGoMCP && n.Obj().Name() == "Tool" {
				return i
			}
		}
	}
	return -1
}

// configHints returns the hints fn sets on the tool given as its
// parameter i: its fact, or computed from its declaration in this
// package; nil when they are not known.
func (b *builder) configHints(fn *types.Func, i, depth int) *OptionHints {
	fn = fn.Origin()
	if toolParam(fn) != i {
		return nil
	}
	if fn.Pkg() != b.pass.Pkg {
		f := new(OptionHints)
		if b.pass.ImportObjectFact(fn, f) && f.Param == i+1 {
			return f
		}
		return nil
	}
	if f, ok := b.cfgMemo[fn]; ok {
		return f
	}
	if b.cfgMemo == nil {
		b.cfgMemo = make(map[*types.Func]*OptionHints)
	}
	b.cfgMemo[fn] = nil // recursion is not known
	d := b.decls[fn]
	if d == nil || d.Body == nil {
		return nil
	}
	var param types.Object
	k := 0
	for _, field := range d.Type.Params.List {
		for _, n := range field.Names {
			if k == i {
				param = b.pass.TypesInfo.Defs[n]
			}
			k++
		}
		if len(field.Names) == 0 {
			k++
		}
	}
	if param == nil {
		return nil
	}
	f := b.toolHints(d.Body, param, depth)
	if f != nil {
		f.Param = i + 1
	}
	b.cfgMemo[fn] = f
	return f
}
