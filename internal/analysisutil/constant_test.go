package analysisutil

import (
	"go/ast"
	"go/constant"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

func TestConstString(t *testing.T) {
	src := `package p

import "net/http"

type K string

const key = "Idempotency-Key"
const typed K = "request_id"

var v = "not constant"

func f(string) string { return "" }

var (
	_ = "lit"
	_ = key
	_ = (key)
	_ = http.MethodPost
	_ = key + "-suffix"
	_ = string(typed)
	_ = min("b", "a")
	_ = v
	_ = f(key)
	_ = 42
	_ = 'x'
	_ = []string{key}[0]
	_ = typed
	_ = "tab\tkey"
	_ = "quote\"q"
	_ = ` + "`raw\\n`" + `
	_ = ` + "`Idempotency-Key`" + `
)
`
	want := []struct {
		s  string
		ok bool
	}{
		{"lit", true},
		{"Idempotency-Key", true},
		{"Idempotency-Key", true},
		{"POST", true},
		{"Idempotency-Key-suffix", true},
		{"request_id", true},
		{"a", true},
		{"", false},
		{"", false},
		{"", false},
		{"", false},
		{"", false},
		{"request_id", true},
		{"tab\tkey", true},
		{`quote"q`, true},
		{`raw\n`, true},
		{"Idempotency-Key", true},
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: importer.Default()}
	if _, err := conf.Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	var got []ast.Expr
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			continue
		}
		for _, s := range gd.Specs {
			vs := s.(*ast.ValueSpec)
			if vs.Names[0].Name == "_" {
				got = append(got, vs.Values[0])
			}
		}
	}
	if len(got) != len(want) {
		t.Fatalf("found %d expressions, want %d", len(got), len(want))
	}
	for i, e := range got {
		s, ok := ConstString(info, e)
		if s != want[i].s || ok != want[i].ok {
			t.Errorf("ConstString(%s) = %q, %v; want %q, %v", types.ExprString(e), s, ok, want[i].s, want[i].ok)
		}
		// The fast paths agree with the plain lookup in Types.
		tv := info.Types[e]
		plain := tv.Value != nil && tv.Value.Kind() == constant.String
		if plain != ok || (ok && constant.StringVal(tv.Value) != s) {
			t.Errorf("ConstString(%s) = %q, %v; Types says %v", types.ExprString(e), s, ok, tv.Value)
		}
	}
}

func TestMayTakeString(t *testing.T) {
	const src = `package p
type Name string
func f(n int, s string, v any, nm Name, b []byte, rest ...string) {}
func g(fs ...int) {}
func h[T any](x T) {}
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := new(types.Config).Check("p", fset, []*ast.File{file}, nil)
	if err != nil {
		t.Fatal(err)
	}
	sig := func(name string) *types.Signature { return pkg.Scope().Lookup(name).Type().(*types.Signature) }
	f, g, h := sig("f"), sig("g"), sig("h")
	for _, c := range []struct {
		sig  *types.Signature
		i    int
		want bool
	}{
		{f, 0, false}, // int
		{f, 1, true},  // string
		{f, 2, true},  // any
		{f, 3, true},  // a named string type
		{f, 4, false}, // []byte
		{f, 5, true},  // ...string
		{f, 9, true},  // further variadic arguments
		{g, 0, false}, // ...int
		{h, 0, true},  // a type parameter
	} {
		if got := MayTakeString(c.sig.Params(), c.sig.Variadic(), c.i); got != c.want {
			t.Errorf("MayTakeString(%v, %d) = %v, want %v", c.sig, c.i, got, c.want)
		}
	}
}
