package analysisutil

import (
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"strings"
	"testing"
)

// TestInlined checks which calls of function literals are read as the
// expression they return.
func TestInlined(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`func() string { return uuid.NewString() }()`, `uuid.NewString()`},
		{`func() string { return func() string { return k }() }()`, `k`},
		{`(func() (int, error) { return f(x) })()`, `f(x)`},
		{`func(s string) string { return s }("a")`, ""}, // a parameter: itself
		{`func() string { log(); return k }()`, ""},     // two statements: itself
		{`f(x)`, ""},
	} {
		e, err := parser.ParseExpr(c.src)
		if err != nil {
			t.Fatal(err)
		}
		got := Inlined(e)
		if c.want == "" {
			if got != e {
				t.Errorf("Inlined(%s) is not the expression itself", c.src)
			}
			continue
		}
		var b strings.Builder
		printer.Fprint(&b, token.NewFileSet(), got)
		if b.String() != c.want {
			t.Errorf("Inlined(%s) = %s, want %s", c.src, b.String(), c.want)
		}
	}
}

// TestInspectHere checks that the walk enters a literal called in place
// and no other literal.
func TestInspectHere(t *testing.T) {
	src := `package p
func f() {
	a()
	func() { b() }()
	go func() { c() }()
	defer func() { d() }()
	h := func() { e() }
	register(func() { g() })
	_ = h
}`
	file, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var called []string
	InspectHere(file.Decls[0].(*ast.FuncDecl).Body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if id, ok := c.Fun.(*ast.Ident); ok {
				called = append(called, id.Name)
			}
		}
		return true
	})
	// go and defer call their literal in place too: the walk enters
	// them (their calls run, later); callbacks and stored literals not.
	if got, want := strings.Join(called, " "), "a b c d register"; got != want {
		t.Errorf("calls walked: %s, want %s", got, want)
	}
}
