package analysisutil

import (
	"go/ast"
	"go/parser"
	"testing"
)

func TestTypeSyntax(t *testing.T) {
	for src, want := range map[string]bool{
		"[]int{}":                  false, // the literal, not its type
		"[4]byte":                  true,
		"map[string]int":           true,
		"chan error":               true,
		"func(x int) error":        true,
		"struct{ A string }":       true,
		"interface{ M() }":         true,
		"pkg.T":                    false, // a selector: a value elsewhere
		"f(x)":                     false,
		"func() { os.Remove(p) }":  false, // a func literal: its body runs
		"x.IdempotencyKey":         false,
		"*T":                       false,
		"(map[string]int)(nil)[k]": false,
	} {
		e, err := parser.ParseExpr(src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		if got := TypeSyntax(e); got != want {
			t.Errorf("TypeSyntax(%s) = %v, want %v", src, got, want)
		}
	}
	var n ast.Node = (*ast.FuncType)(nil)
	if !TypeSyntax(n) {
		t.Error("a nil *ast.FuncType is still type syntax")
	}
}
