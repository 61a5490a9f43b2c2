package effects

import (
	"go/ast"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/internal/names"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// KeyReadAt reports whether node n reads a dedupe key, and its name:
//
//   - a struct field named like a key, by field name or JSON tag
//     (in.IdempotencyKey);
//   - an index with a constant key name (args["idempotency_key"],
//     req.Params.Meta["idempotencyKey"]);
//   - a call with a constant key-name argument (req.GetString(
//     "idempotency_key", ""), r.Header.Get("Idempotency-Key"),
//     h.Set("Idempotency-Key", key));
//   - a call of a function with a KeyRead fact.
//
// It does not descend: callers walk the tree.
func (r *Result) KeyReadAt(info *types.Info, n ast.Node) (string, bool) {
	m := r.keys()
	switch n := n.(type) {
	case *ast.SelectorExpr:
		sel, ok := info.Selections[n]
		if !ok || sel.Kind() != types.FieldVal {
			return "", false
		}
		field, _ := sel.Obj().(*types.Var)
		if field == nil {
			return "", false
		}
		if k, ok := r.fieldKeys[field]; ok {
			return k, k != ""
		}
		k := ""
		if m.IsKey(field.Name()) {
			k = field.Name()
		} else if tag := fieldTag(sel); tag != "" && m.IsKey(tag) {
			k = tag // the tag of the struct that declares the field, whatever the path
		} else if schemaDescribed(field, structTag(sel)) {
			// A typed input field the tool's schema describes as a key
			// (go-sdk jsonschema:"idempotency key for ..."), whatever
			// its name.
			k = field.Name()
			if tag != "" {
				k = tag
			}
		}
		if r.fieldKeys != nil {
			r.fieldKeys[field] = k
		}
		return k, k != ""
	case *ast.IndexExpr:
		return r.keyNameOf(info, n.Index)
	case *ast.CallExpr:
		return r.keyReadCall(info, n, typeutil.Callee(info, n))
	}
	return "", false
}

// keyReadCall is KeyReadAt for a call whose callee (typeutil.Callee) is
// obj.
func (r *Result) keyReadCall(info *types.Info, call *ast.CallExpr, obj types.Object) (string, bool) {
	// A constant string goes only to a parameter of a string or an
	// interface type: the callee's signature rules out most arguments
	// before their lookups.
	var params *types.Tuple
	variadic := false
	if fn, ok := obj.(*types.Func); ok {
		sig := fn.Signature()
		params, variadic = sig.Params(), sig.Variadic()
	}
	vf := flowFor(r.vf, obj)
	for i, a := range call.Args {
		if params != nil && !analysisutil.MayTakeString(params, variadic, i) {
			continue
		}
		if s, ok := keyNameIn(info, vf, a, r.keys().IsKey); ok {
			return s, true
		}
	}
	if obj != nil {
		if kr := r.FuncKeyRead(obj); kr != nil {
			return kr.Key, true
		}
	}
	return "", false
}

// keyNameOf returns the dedupe key's name that e, an index or a call's
// argument, holds (keyNameIn with the configured names).
func (r *Result) keyNameOf(info *types.Info, e ast.Expr) (string, bool) {
	return keyNameIn(info, r.vf, e, r.keys().IsKey)
}

// keyStdPkgs are the standard packages whose functions take a key's name
// (a header, a query parameter, a context key).
var keyStdPkgs = map[string]bool{"net/http": true, "net/url": true, "net/textproto": true, "context": true}

// flowFor returns vf, the engine to ask for a key's name passed to obj,
// or nil when obj is a function of the standard library that takes no
// key's name (fmt.Sprintf, strings.Split): only constants count there,
// and the engine is not asked about every string they are given.
func flowFor(vf *valueflow.Result, obj types.Object) *valueflow.Result {
	if fn, ok := obj.(*types.Func); ok && fn.Pkg() != nil && isStdPath(fn.Pkg().Path()) && !keyStdPkgs[fn.Pkg().Path()] {
		return nil
	}
	if _, ok := obj.(*types.Builtin); ok {
		return nil
	}
	return vf
}

// keyNameIn returns the key's name that e holds, by isKey: its constant
// value, or the one name the value-flow engine vf (nil: none) finds for
// a name kept in a variable, a field or a table, or returned by a
// constructor.
func keyNameIn(info *types.Info, vf *valueflow.Result, e ast.Expr, isKey func(string) bool) (string, bool) {
	if s, ok := analysisutil.ConstString(info, e); ok {
		return s, isKey(s)
	}
	switch ast.Unparen(e).(type) {
	case *ast.Ident, *ast.SelectorExpr, *ast.CallExpr, *ast.IndexExpr:
	default:
		return "", false
	}
	if vf == nil {
		return "", false
	}
	// A key's name is a string: the engine is not asked about the rest
	// (an index, a byte slice, an any).
	t := info.TypeOf(e)
	if t == nil {
		return "", false
	}
	if b, ok := t.Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
		return "", false
	}
	ss, ok := vf.Strings(e)
	if !ok {
		return "", false
	}
	for _, s := range ss {
		if !isKey(s) {
			return "", false
		}
	}
	return ss[0], true
}

// fieldTag returns the JSON name of the selected field, found through the
// struct type the selection ends in.
func fieldTag(sel *types.Selection) string { return names.JSONName(structTag(sel)) }

// schemaDescribed reports whether a field of a key's type (a string or an
// integer) has a schema description that says it is a key: the tags
// jsonschema (go-sdk, google/jsonschema-go), jsonschema_description and
// description (invopop/jsonschema, used by mcp-go's WithInputSchema).
func schemaDescribed(field *types.Var, tag string) bool {
	if tag == "" || !strings.Contains(tag, "schema") && !strings.Contains(tag, "description") {
		return false
	}
	t := field.Type()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if b, ok := t.Underlying().(*types.Basic); !ok || b.Info()&(types.IsString|types.IsInteger) == 0 {
		return false
	}
	st := reflect.StructTag(tag)
	for _, k := range []string{"jsonschema", "jsonschema_description", "description"} {
		if d, ok := st.Lookup(k); ok && names.DescribesKey(d) {
			return true
		}
	}
	return false
}

// structTag returns the whole tag of the selected field.
func structTag(sel *types.Selection) string {
	t := sel.Recv()
	idx := sel.Index()
	for i, fi := range idx {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok || fi >= st.NumFields() {
			return ""
		}
		if i == len(idx)-1 {
			return st.Tag(fi)
		}
		t = st.Field(fi).Type()
	}
	return ""
}

// keys returns the configured key-name matcher (nil matches the default
// names).
func (r *Result) keys() *names.Matcher {
	if r.Config == nil {
		return nil
	}
	return r.Config.Keys
}
