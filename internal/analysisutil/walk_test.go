package analysisutil

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
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

// TestInspect checks that Inspect visits the nodes ast.Inspect visits
// (nil calls aside), in the same order, pruning where f says so, on the
// standard library's go/... sources.
func TestInspect(t *testing.T) {
	dir := filepath.Join(runtime.GOROOT(), "src", "go")
	fset := token.NewFileSet()
	files := 0
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.Contains(path, "testdata") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return nil // some files are meant not to parse
		}
		files++
		for _, prune := range []func(ast.Node) bool{
			func(ast.Node) bool { return false },
			TypeSyntax,
			func(n ast.Node) bool { _, ok := n.(*ast.CallExpr); return ok },
		} {
			var want, got []ast.Node
			ast.Inspect(f, func(n ast.Node) bool {
				if n == nil {
					return true
				}
				want = append(want, n)
				return !prune(n)
			})
			Inspect(f, func(n ast.Node) bool {
				if n == nil {
					t.Fatalf("%s: Inspect called f(nil)", path)
				}
				got = append(got, n)
				return !prune(n)
			})
			var noIdents []ast.Node
			InspectNoIdents(f, func(n ast.Node) bool {
				if _, ok := n.(*ast.Ident); ok {
					t.Fatalf("%s: InspectNoIdents called f for an identifier", path)
				}
				noIdents = append(noIdents, n)
				return !prune(n)
			})
			var wantNoIdents []ast.Node
			for _, n := range want {
				if _, ok := n.(*ast.Ident); !ok {
					wantNoIdents = append(wantNoIdents, n)
				}
			}
			if !slices.Equal(noIdents, wantNoIdents) {
				t.Fatalf("%s: InspectNoIdents visited %d nodes, want the %d non-identifiers of ast.Inspect", path, len(noIdents), len(wantNoIdents))
			}
			if len(got) != len(want) {
				t.Fatalf("%s: Inspect visited %d nodes, ast.Inspect %d", path, len(got), len(want))
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("%s: node %d is %T at %s, want %T at %s", path, i, got[i], fset.Position(got[i].Pos()), want[i], fset.Position(want[i].Pos()))
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Fatalf("only %d files under %s", files, dir)
	}
}

func BenchmarkInspect(b *testing.B) {
	fset := token.NewFileSet()
	var files []*ast.File
	paths, _ := filepath.Glob(filepath.Join(runtime.GOROOT(), "src", "go", "types", "*.go"))
	for _, p := range paths {
		if f, err := parser.ParseFile(fset, p, nil, 0); err == nil {
			files = append(files, f)
		}
	}
	count := func(n ast.Node) bool { _, ok := n.(*ast.CallExpr); return !ok || n != nil }
	b.Run("ast.Inspect", func(b *testing.B) {
		for b.Loop() {
			for _, f := range files {
				ast.Inspect(f, count)
			}
		}
	})
	b.Run("Inspect", func(b *testing.B) {
		for b.Loop() {
			for _, f := range files {
				Inspect(f, count)
			}
		}
	})
}

func TestInnermostLit(t *testing.T) {
	src := `package p
func f() {
	a := func() {
		b := func() { g(1) }
		g(2)
		_ = b
	}
	g(3)
	_ = a
}
func g(int) {}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var lits []*ast.FuncLit
	calls := map[string]*ast.CallExpr{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			lits = append(lits, n)
		case *ast.CallExpr:
			if lit, ok := n.Args[0].(*ast.BasicLit); ok {
				calls[lit.Value] = n
			}
		}
		return true
	})
	for arg, want := range map[string]*ast.FuncLit{"1": lits[1], "2": lits[0], "3": nil} {
		if got := InnermostLit(f, calls[arg]); got != want {
			t.Errorf("g(%s): got the literal at %v, want %v", arg, got, want)
		}
	}
}
