package effects

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/types/typeutil"

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
// index into one (args["order_ref"]), a field of a typed input by its
// JSON name, or one a helper of the package reads from the request it is
// given.
func (r *Result) argsRead(info *types.Info, fi *funcInfo) []string {
	// Only another package can need the names: an exported function,
	// registered (or made a handler by) a package that imports it.
	if fi.decl == nil || fi.body == nil || !fi.obj.Exported() || !takesSDKRequest(info, fi.decl) {
		return nil
	}
	var out []string
	for _, rd := range r.argsFrom(info, fi.getFlow(r, info), fi.body, 0) {
		if len(out) < maxArgs && !slices.Contains(out, rd.name) {
			out = append(out, rd.name)
		}
	}
	slices.Sort(out)
	return out
}

// argRead is a tool-call argument a function reads from its parameters.
type argRead struct {
	name string // normalized
	from []int  // the parameters it is read from (KeyFrom's indices)
}

// maxArgDepth bounds the helpers argsFrom follows.
const maxArgDepth = 3

// argsFrom returns the tool-call arguments that body reads from the
// caller's data, as f sees it (see argsRead), with the parameters each is
// read from.
func (r *Result) argsFrom(info *types.Info, f *flow, body ast.Node, depth int) []argRead {
	var out []argRead
	add := func(name string, m mask) {
		if n := names.Normalize(name); n != "" && len(out) < maxArgs {
			out = append(out, argRead{name: n, from: m.indices()})
		}
	}
	analysisutil.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
				if m := f.from(sel.X); f.client(m) {
					for _, a := range n.Args {
						if s, ok := r.argName(info, a); ok {
							add(s, m)
						}
					}
					return true
				}
			}
			// A helper of the package given the request.
			if fn, ok := typeutil.Callee(info, n).(*types.Func); ok && depth < maxArgDepth {
				for _, rd := range r.argReadsOf(info, fn.Origin(), depth+1) {
					if m := f.argsMask(n, rd.from); f.client(m) {
						add(rd.name, m)
					}
				}
			}
		case *ast.IndexExpr:
			if s, ok := r.argName(info, n.Index); ok {
				if m := f.from(n.X); f.client(m) {
					add(s, m)
				}
			}
		case *ast.SelectorExpr:
			if sel, ok := info.Selections[n]; ok && sel.Kind() == types.FieldVal {
				if m := f.from(n.X); f.client(m) {
					if tag := fieldTag(sel); tag != "" {
						add(tag, m)
					}
				}
			}
		}
		return true
	})
	return out
}

// paramArgs returns the tool-call arguments that fn, a function of the
// package that takes an SDK request, reads from its parameters (for the
// checks, which may ask in parallel).
func (r *Result) paramArgs(info *types.Info, fn *types.Func) []argRead {
	if r.reqFuncs == nil {
		return nil
	}
	r.argMu.Lock()
	defer r.argMu.Unlock()
	return r.argReadsOf(info, fn.Origin(), 0)
}

// argReadsOf is paramArgs under argMu (or while run computes the facts),
// memoized; a function under way reads nothing.
func (r *Result) argReadsOf(info *types.Info, fn *types.Func, depth int) []argRead {
	if reads, ok := r.argReads[fn]; ok {
		return reads
	}
	decl := r.reqFuncs[fn]
	if decl == nil {
		return nil
	}
	r.argReads[fn] = nil
	reads := r.argsFrom(info, r.newFlow(info, decl.Recv, decl.Type, decl.Body), decl.Body, depth)
	r.argReads[fn] = reads
	return reads
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
