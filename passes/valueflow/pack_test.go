package valueflow

import (
	"go/constant"
	"testing"
)

// TestPackVariadicWithoutCall: a summary applied without syntax (a
// function value's call resolved by applyValue) packs its variadic
// arguments into a slice with no node, not a nil *ast.CallExpr that
// hashing a union would dereference (flux-operator panicked so).
func TestPackVariadicWithoutCall(t *testing.T) {
	a := &Value{Kind: Const, Const: constant.MakeString("a")}
	b := &Value{Kind: Const, Const: constant.MakeString("b")}
	packed := packVariadic([]*Value{a, b}, 1, nil)
	if len(packed) != 1 || packed[0].Kind != Slice {
		t.Fatalf("packVariadic = %v, want one slice", packed)
	}
	if packed[0].Node != nil {
		t.Errorf("Node = %#v, want nil", packed[0].Node)
	}
	_ = Union(packed[0], a).key() // must not panic
}
