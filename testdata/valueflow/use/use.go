// Package use asks for values that come from package lib.
package use

import "example.com/valueflow/lib"

func show(...any) {}

func f() {
	show(lib.Post("/x").Method)           // want `"POST"`
	show(lib.NewRequest("GET", "/").Path) // want `"/"`
	t := lib.New("deploy", lib.ReadOnly())
	show(t.Name)     // want `"deploy"`
	show(t.ReadOnly) // want `true`
	u := lib.New("plain")
	show(u.ReadOnly) // want `false`
	// Options applied by a helper that calls them (Store.Apply).
	t2 := lib.New2("deploy", lib.ReadOnly())
	show(t2.ReadOnly) // want `^true$`
	u2 := lib.New2("plain")
	show(u2.ReadOnly) // want `^false$`
	// An option made by a helper from its parameter: the closure the
	// option constructor returns captured the helper's argument.
	t4 := lib.New("wrapped", handlerOpt(lib.Charge))
	show(t4.Handler) // want `^lib.Charge$`
	t3 := &lib.Tool{Name: "local"}
	lib.Apply(lib.ReadOnly(), t3)
	show(t3.ReadOnly) // want `^true$`
	c := lib.ChargeTool()
	show(c.Name)               // want `"charge"`
	show(c.Handler)            // want `lib.Charge`
	show(lib.Exec(&lib.Ack{})) // want `"POST"`
	show(lib.Exec(lib.Get{}))  // want `"GET"`
	show(lib.StdRequest("h"))  // want `http.NewRequest\("GET", "/", nil\)\{Host: "h", URL: \?, URL.Path: "/p"\}`
}

func vars() {
	show(lib.ChargeParams.Name) // want `"charge"`
	show(lib.Mode)              // want `^\("fast" \| "slow"\)$`
	show(lib.Clock)             // want `\?`
	show(lib.Stamp(2))          // want `^lib.Stamp\(2\)$`
}

// stores: a field stored after the constructor adds to the value it set
// (flow-insensitively), through a method and a helper's result too.
func stores() {
	r := lib.NewRetrier()
	r.RetryMax = 0
	show(r.RetryMax)          // want `^\(0 \| 4\)$`
	show(r.Wrap().R.RetryMax) // want `^\(0 \| 4\)$`
	show(quiet().R.RetryMax)  // want `^\(0 \| 4\)$`
}

func quiet() *lib.Wrapped {
	r := lib.NewRetrier()
	r.RetryMax = 0
	return r.Wrap()
}

// handlerOpt passes its handler on to the option constructor.
func handlerOpt(h func() error) lib.Option { return lib.WithHandler(h) }

// Options of another package that override its constructor's defaults,
// directly and from a composite option of this package.
func withUpdate() lib.HOption {
	return func(t *lib.HTool) {
		lib.WithReadOnly(false)(t)
		lib.WithIdempotent(true)(t)
	}
}

func hintOptions() {
	a := lib.NewHTool("direct", lib.WithIdempotent(true), lib.WithReadOnly(true))
	show(a.Hints.Idempotent) // want `true`
	show(a.Hints.ReadOnly)   // want `true`
	b := lib.NewHTool("composite", withUpdate())
	show(b.Hints.Idempotent) // want `true`
	show(b.Hints.ReadOnly)   // want `false`
	c := lib.NewHTool("default")
	show(c.Hints.Idempotent) // want `false`
}

// An option of another package made by an unexported helper there
// leaves the fields it does not set known.
func helperOption() {
	d := lib.NewHTool("labelled", lib.WithLabel("team", "core"), lib.WithIdempotent(true))
	show(d.Name)             // want `"labelled"`
	show(d.Hints.Idempotent) // want `true`
}

// Generic options of another package: the value an option sets.
func genericOptions() {
	show(lib.ApplyOpts(lib.With[string]("charge")).V) // want `^"charge"$`
	show(lib.ApplyOpts(lib.With[int](0)).V)           // want `^0$`
	show(lib.ApplyOpts[int]().V)                      // want `^\?$`
}

// named is a list of options declared at package level.
var named = []lib.Option{lib.ReadOnly()}

// Lists of options concatenated by a helper of another package.
func combinedOptions() {
	t := lib.New("combined", lib.Combine([]lib.Option{lib.WithHandler(lib.Charge)}, named)...)
	show(t.ReadOnly) // want `^true$`
	show(t.Handler)  // want `^lib.Charge$`
	u := lib.New("plain", lib.Combine([]lib.Option{lib.WithHandler(lib.Charge)})...)
	show(u.ReadOnly) // want `^false$`
}

// A tool made by a function literal called at package level, its options
// concatenated by a helper of another package (mcp-gitee's tools).
var iifeTool = func() *lib.Tool {
	options := lib.Combine([]lib.Option{lib.WithHandler(lib.Charge)}, named)
	return lib.New("iife", options...)
}()

func iifeOptions() {
	show(iifeTool.ReadOnly) // want `^true$`
	show(iifeTool.Name)     // want `^"iife"$`
}

var moreWords = []string{"b"}

func concatenated() {
	show(lib.Concat([]string{"a"}, moreWords)) // want `^\(\[\("a" \| "b"\)\] \| nil\)$`
}
