package valueflow

import (
	"go/types"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
)

// Implemented returns v with each alternative that is a call of an
// interface method on a receiver the engine could not follow (a
// parameter's dialect.UseDatabase(db), kept symbolic by Eval) replaced
// by what the implementations declared beside the interface return for
// those arguments: one alternative per implementation. An alternative
// whose receiver's type is not known, or whose interface has an
// implementation without a summary, is left as it is: the caller stays
// silent on it. Eval does not do this itself: a receiver the caller
// later binds dispatches to its own type only.
func (r *Result) Implemented(v *Value) *Value {
	if r == nil || r.en == nil || v == nil {
		return v
	}
	var out []*Value
	changed := false
	for _, a := range v.Each() {
		if a.Kind == Method {
			if impl := r.implemented(a); impl != nil {
				out = append(out, impl.Each()...)
				changed = true
				continue
			}
		}
		out = append(out, a)
	}
	if !changed {
		return v
	}
	return Union(out...)
}

// maxImpls bounds the implementations one call is resolved to.
const maxImpls = 8

func (r *Result) implemented(m *Value) *Value {
	t := valueType(m.X, 0)
	if t == nil || !types.IsInterface(t) {
		return nil
	}
	named, _ := types.Unalias(t).(*types.Named)
	if named == nil || named.Obj().Pkg() == nil {
		return nil
	}
	iface := t.Underlying().(*types.Interface)
	impls, ok := analysisutil.Implementations(named.Obj().Pkg(), iface, named.Obj().Pkg(), m.Name)
	if !ok || len(impls) > maxImpls {
		return nil
	}
	var out []*Value
	for _, fn := range impls {
		sum := r.Summary(fn)
		if sum == nil || sum.Results == nil || m.Index >= len(sum.Results) {
			return nil
		}
		out = append(out, r.Subst(fn, sum.Results[m.Index], m.Args))
	}
	if len(out) == 0 {
		return nil
	}
	return Union(out...)
}

// valueType returns the static type of a symbolic value: a parameter's,
// a call's result's, a method's result's or a field's; nil when not
// known.
func valueType(v *Value, depth int) types.Type {
	if v == nil || depth > 8 {
		return nil
	}
	switch v.Kind {
	case Param:
		if p, ok := v.Obj.(*types.Var); ok {
			return p.Type()
		}
	case Call:
		if fn, ok := v.Obj.(*types.Func); ok {
			if sig, ok := fn.Type().(*types.Signature); ok && v.Index < sig.Results().Len() {
				return sig.Results().At(v.Index).Type()
			}
		}
	case Method:
		base := valueType(v.X, depth+1)
		if base == nil {
			return nil
		}
		obj, _, _ := types.LookupFieldOrMethod(base, true, nil, v.Name)
		if fn, ok := obj.(*types.Func); ok {
			if sig, ok := fn.Type().(*types.Signature); ok && v.Index < sig.Results().Len() {
				return sig.Results().At(v.Index).Type()
			}
		}
	case Field:
		base := valueType(v.X, depth+1)
		if base == nil {
			return nil
		}
		obj, _, _ := types.LookupFieldOrMethod(base, true, nil, v.Name)
		if f, ok := obj.(*types.Var); ok {
			return f.Type()
		}
	}
	return nil
}
