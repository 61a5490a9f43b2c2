// Package basic exercises the engine within one package.
package basic

import (
	"net/http"
	"slices"
	"strings"
)

func show(...any) {}

func locals(c bool) {
	m := "GET"
	if c {
		m = http.MethodPost
	}
	show(m) // want `\("GET" \| \[p0 in \{true\}\] "POST"\)`
	const k = "k"
	x := k
	show(x) // want `"k"`
}

// methodFor assigns its local under a condition on its parameter: a
// call with a constant argument decides it.
func methodFor(write bool) string {
	m := "GET"
	if write {
		m = http.MethodPost
	}
	return m
}

func decided() {
	show(methodFor(false)) // want `"GET"`
	show(methodFor(true))  // want `\("GET" \| "POST"\)`
}

type Params struct {
	Method string
	Path   string
	Opts   *Opts
}

type Opts struct {
	ReadOnly bool
	Name     string
}

func fields() {
	p := Params{Method: http.MethodPost}
	show(p.Method) // want `"POST"`
	show(p.Path)   // want `""`
	var r Params
	r.Method = "PUT"
	show(r.Method) // want `"PUT"`
	q := &Params{Opts: &Opts{Name: "n"}}
	q.Opts.ReadOnly = true
	show(q.Opts.ReadOnly) // want `true`
	show(q.Opts.Name)     // want `"n"`
}

func setMethod(p *Params, m string) { p.Method = m }

func (p *Params) SetPath(s string) { p.Path = s }

func setters() {
	var p Params
	setMethod(&p, "DELETE")
	p.SetPath("/x")
	show(p.Method) // want `"DELETE"`
	show(p.Path)   // want `"/x"`
}

type Option func(*Opts)

func WithReadOnly(b bool) Option { return func(o *Opts) { o.ReadOnly = b } }

func WithName(n string) Option {
	return func(o *Opts) {
		o.Name = n
	}
}

func Build(opts ...Option) Opts {
	var o Opts
	for _, f := range opts {
		f(&o)
	}
	return o
}

func options() {
	o := Build(WithName("tool"), WithReadOnly(true))
	show(o.Name)     // want `"tool"`
	show(o.ReadOnly) // want `true`
	d := Build()
	show(d.ReadOnly) // want `false`
}

func newParams(m string) *Params { return &Params{Method: m, Path: "/p"} }

func post() *Params { return newParams(http.MethodPost) }

func results() {
	show(post().Method)         // want `"POST"`
	show(newParams("GET").Path) // want `"/p"`
}

type Def struct {
	Name    string
	Handler func() error
}

func h1() error { return nil }
func h2() error { return nil }

var table = []Def{
	{Name: "one", Handler: h1},
	{Name: "two", Handler: h2},
}

func loops() {
	for _, d := range table {
		show(d.Name)    // want `\("one" \| "two"\)`
		show(d.Handler) // want `\(basic.h1 \| basic.h2\)`
	}
	m := map[string]string{"a": "x", "b": "y"}
	show(m["a"]) // want `"x"`
	for k := range m {
		show(k) // want `\("a" \| "b"\)`
	}
}

type S struct{ name string }

func (s *S) Name() string { return s.name }

func methods() {
	s := &S{name: "s"}
	show(s.Name()) // want `"s"`
	f := s.Name
	show(f()) // want `"s"`
}

func closures() {
	name := "c"
	f := func() string { return name }
	show(f()) // want `"c"`
	g := func(x string) string { return x + "" }
	_ = g
}

func Ident[T any](x T) T { return x }

func generics() {
	show(Ident("g")) // want `"g"`
}

type Namer interface{ Name() string }

type A struct{}

func (A) Name() string { return "a" }

type B struct{}

func (*B) Name() string { return "b" }

func ifaces(c bool) {
	var n Namer = A{}
	if c {
		n = &B{}
	}
	show(n.Name()) // want `\("a" \| "b"\)`
	all := []Namer{A{}, &B{}}
	for _, x := range all {
		show(x.Name()) // want `\("a" \| "b"\)`
	}
}

func param(m string) {
	show(m) // want `p0`
}

func unknownish(s []string) {
	show(s[0]) // want `p0\[_\]`
}

// Stores through the pointer element a range loop binds, and through a
// group function that marks what it is passed, land in the elements.
type item struct {
	Name string
	Mark bool
	Kind string
}

func (i *item) setKind(k string) { i.Kind = k }

var marked = []*item{{Name: "m"}}

func markEach(is ...*item) []*item {
	for _, i := range is {
		i.Mark = true
	}
	return is
}

func groups() {
	for _, i := range marked {
		i.setKind("read")
	}
	for _, i := range marked {
		show(i.Kind) // want `"read"`
		show(i.Mark) // want `false`
	}
	for _, i := range markEach(&item{Name: "g"}) {
		show(i.Mark) // want `true`
	}
	unmarked := []*item{{Name: "u"}}
	for _, i := range unmarked {
		show(i.Mark) // want `false`
	}
}

func prefix() string { return "kiali" }

func names() {
	n := prefix() + "_get_logs"
	show(n)                   // want `"kiali_get_logs"`
	show(n + unknownSuffix()) // want `^"kiali_get_logsX"$`
	show(n + <-suffixes)      // want `^\?$`
	show(named("github"))     // want `^"github_create"$`
	show(named(<-suffixes))   // want `^\?$`
}

var suffixes = make(chan string)

// named concatenates its parameter: a call with a constant folds.
func named(p string) string { return p + "_create" }

// unknownSuffix calls the standard library on a constant: the call folds
// (Value.String1).
func unknownSuffix() string { return strings.ToUpper("x") }

const nameOverride = ""

// toolsetName returns the override when one is built in: the engine
// finds the guard constant, so the name is one string.
func toolsetName() string {
	override := nameOverride
	if override != "" {
		return override
	}
	return "kiali"
}

// modeName's guard depends on a parameter: both returns count.
func modeName(mode string) string {
	if mode == "dry" {
		return "preview"
	}
	return "apply"
}

func guarded(mode string) {
	show(toolsetName() + "_get_logs") // want `^"kiali_get_logs"$`
	show(modeName(mode))              // want `^\(\[p0 in \{"dry"\}\] "preview" \| \[p0 not in \{"dry"\}\] "apply"\)$`
	show(modeName("dry"))             // want `^"preview"$`
	show(modeName("run"))             // want `^"apply"$`
}

// A range over a function iterator: both values it yields are elements
// of the iterator.
func iterate(names []string) {
	for n := range slices.Values(names) {
		show(n) // want `slices.Values\(p0\)\[_\]`
	}
	for i, n := range slices.All(names) {
		show(i) // want `slices.All\(p0\)\[_\]`
		show(n) // want `slices.All\(p0\)\[_\]`
	}
}

// The address of a local the engine does not follow (filled later
// through it) is kept through an option closure, a constructor and a
// field, so that a consumer can tell which local a pointer names.
type addrOpts struct{ V *[]string }

func withAddr(v *[]string) func(*addrOpts) { return func(o *addrOpts) { o.V = v } }

func applyAddr(opts ...func(*addrOpts)) *addrOpts {
	o := new(addrOpts)
	for _, opt := range opts {
		opt(o)
	}
	return o
}

func addressed() {
	var names []string
	show(&names)                        // want `^&names\?$`
	show(applyAddr(withAddr(&names)).V) // want `^&names\?$`
	show(addrOpts{V: &names}.V)         // want `^&names\?$`
	filled := []string{"a"}
	show(&filled) // want `^\["a"\]$`
}

type bindIn struct{ Key string }

func addressedStruct() {
	var in bindIn
	show(applyIn(withIn(&in)).V) // want `^&in:bindIn\{\}$`
	set := bindIn{Key: "k"}
	show(&set) // want `^bindIn\{Key: "k"\}$`
}

type inOpts struct{ V *bindIn }

func withIn(v *bindIn) func(*inOpts) { return func(o *inOpts) { o.V = v } }

func applyIn(opts ...func(*inOpts)) *inOpts {
	o := new(inOpts)
	for _, opt := range opts {
		opt(o)
	}
	return o
}

// combine concatenates lists of options, grown in a loop.
func combine(lists ...[]string) []string {
	var out []string
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

func combined() {
	show(combine([]string{"a"}, []string{"b"})) // want `^\(\[\("a" \| "b"\)\] \| nil\)$`
}
