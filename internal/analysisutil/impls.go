package analysisutil

import "go/types"

// Implementations returns the methods named name of the non-generic
// types declared in pkg (as values or pointers) that implement iface, in
// the order of the package scope's names; ok is false when one such
// type's member of that name is not a method (a field of function type).
// The lookup is from the point of view of from, the package the method
// name belongs to (for an unexported method of the interface).
func Implementations(pkg *types.Package, iface *types.Interface, from *types.Package, name string) (ms []*types.Func, ok bool) {
	scope := pkg.Scope()
	for _, n := range scope.Names() {
		tn, isType := scope.Lookup(n).(*types.TypeName)
		if !isType || tn.IsAlias() || types.IsInterface(tn.Type()) {
			continue
		}
		if named, isNamed := tn.Type().(*types.Named); isNamed && named.TypeParams().Len() > 0 {
			continue
		}
		var t types.Type = tn.Type()
		if !types.Implements(t, iface) {
			t = types.NewPointer(t)
			if !types.Implements(t, iface) {
				continue
			}
		}
		obj, _, _ := types.LookupFieldOrMethod(t, false, from, name)
		m, isFunc := obj.(*types.Func)
		if !isFunc {
			return nil, false
		}
		ms = append(ms, m)
	}
	return ms, true
}
