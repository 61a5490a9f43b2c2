package analysisutil

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

func checkSrc(t *testing.T, src string) *types.Package {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

// TestImplementations: value and pointer receivers implement, a generic
// type and the interface itself do not count, a field of that name
// makes the answer not ok.
func TestImplementations(t *testing.T) {
	pkg := checkSrc(t, `package p
type I interface{ M() string }
type A struct{}
func (A) M() string { return "a" }
type B struct{}
func (*B) M() string { return "b" }
type G[T any] struct{}
func (G[T]) M() string { return "g" }
type N struct{}
`)
	iface := pkg.Scope().Lookup("I").Type().Underlying().(*types.Interface)
	ms, ok := Implementations(pkg, iface, pkg, "M")
	if !ok || len(ms) != 2 {
		t.Fatalf("Implementations = %v, %v; want A.M and (*B).M", ms, ok)
	}
	for i, want := range []string{"(p.A).M", "(*p.B).M"} {
		if got := ms[i].FullName(); got != want {
			t.Errorf("method %d = %s, want %s", i, got, want)
		}
	}

	pkg = checkSrc(t, `package p
type I interface{ M() }
type F struct{ M func() }
type fm struct{ F }
`)
	iface = pkg.Scope().Lookup("I").Type().Underlying().(*types.Interface)
	if ms, ok := Implementations(pkg, iface, pkg, "M"); !ok || len(ms) != 0 {
		t.Errorf("a field is no method and implements nothing: got %v, %v", ms, ok)
	}
}
