package effects

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/internal/names"
)

// maxArgs bounds the argument names an Effect fact records.
const maxArgs = 16

// ReadsArg reports whether the function reads one of the named tool-call
// arguments (Effect.Args): a key its tool's input schema describes.
func (e *Effect) ReadsArg(args []string) bool {
	for _, k := range args {
		if slices.Contains(e.Args, names.Normalize(k)) {
			return true
		}
	}
	return false
}

// argsRead returns the normalized names of the tool-call arguments fi
// reads from its SDK request parameters (Effect.Args), or nil when fi is
// not exported, or takes no SDK request, nor returns a literal that does. A name is a
// constant string given to a method of the request or of a value made
// from it (req.GetString("order_ref"), req.RequireString), a constant
// index into one (args["order_ref"]), or a field of a typed input by its
// JSON name.
func (r *Result) argsRead(info *types.Info, fi *funcInfo) []string {
	// Only another package can need the names: an exported function,
	// registered (or made a handler by) a package that imports it.
	if fi.decl == nil || fi.body == nil || !fi.obj.Exported() || !takesSDKRequest(info, fi.decl) {
		return nil
	}
	f := fi.getFlow(r, info)
	var out []string
	add := func(name string) {
		if n := names.Normalize(name); n != "" && len(out) < maxArgs && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	analysisutil.Inspect(fi.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
			if !ok || !f.client(f.from(sel.X)) {
				return true
			}
			for _, a := range n.Args {
				if s, ok := r.argName(info, a); ok {
					add(s)
				}
			}
		case *ast.IndexExpr:
			if s, ok := r.argName(info, n.Index); ok && f.client(f.from(n.X)) {
				add(s)
			}
		case *ast.SelectorExpr:
			if sel, ok := info.Selections[n]; ok && sel.Kind() == types.FieldVal && f.client(f.from(n.X)) {
				if tag := fieldTag(sel); tag != "" {
					add(tag)
				}
			}
		}
		return true
	})
	slices.Sort(out)
	return out
}

// argName returns the argument name e holds: a constant, or the one
// string the engine finds (a local, a package variable).
func (r *Result) argName(info *types.Info, e ast.Expr) (string, bool) {
	return keyNameIn(info, r.vf, e, func(string) bool { return true })
}

// takesSDKRequest reports whether decl, or a function literal it
// returns, has a parameter of a type declared in an MCP SDK's module.
func takesSDKRequest(info *types.Info, decl *ast.FuncDecl) bool {
	lists := []*ast.FieldList{decl.Type.Params}
	if returnsFuncType(info, decl.Type) {
		for _, lit := range returnedLits(decl.Body) {
			lists = append(lists, lit.Type.Params)
		}
	}
	for _, l := range lists {
		if l == nil {
			continue
		}
		for _, fld := range l.List {
			t := types.Unalias(info.TypeOf(fld.Type))
			if p, ok := t.(*types.Pointer); ok {
				t = types.Unalias(p.Elem())
			}
			if nt, ok := t.(*types.Named); ok && nt.Obj().Pkg() != nil && InSDKModule(nt.Obj().Pkg().Path()) {
				return true
			}
		}
	}
	return false
}
