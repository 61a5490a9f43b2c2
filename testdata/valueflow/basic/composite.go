package basic

// Options built from other options: a composite option applies them to
// the value it is given, and an option stores through a helper that
// makes the nested struct first (ensureHints). A default the
// constructor sets is overridden by the option applied after it.

type Hints struct {
	ReadOnly   bool
	Idempotent bool
}

type Tool struct {
	Name  string
	Hints *Hints
	Desc  string
}

type ToolOption func(*Tool)

func NewTool(name string, opts ...ToolOption) Tool {
	t := Tool{Name: name, Hints: &Hints{ReadOnly: false, Idempotent: false}}
	for _, opt := range opts {
		opt(&t)
	}
	return t
}

func ensureHints(t *Tool) *Hints {
	if t.Hints == nil {
		t.Hints = &Hints{}
	}
	return t.Hints
}

func WithIdempotent(v bool) ToolOption {
	return func(t *Tool) { ensureHints(t).Idempotent = v }
}

func WithReadOnlyHint(v bool) ToolOption {
	return func(t *Tool) { t.Hints.ReadOnly = v }
}

func WithDesc(d string) ToolOption {
	return func(t *Tool) { t.Desc = d }
}

func withUpdate() ToolOption {
	return func(t *Tool) {
		WithReadOnlyHint(false)(t)
		WithIdempotent(true)(t)
	}
}

func composite() {
	a := NewTool("direct", WithDesc("d"), WithReadOnlyHint(true))
	show(a.Name)           // want `"direct"`
	show(a.Hints.ReadOnly) // want `true`
	b := NewTool("helper", WithIdempotent(true))
	show(b.Hints.Idempotent) // want `true`
	c := NewTool("composite", withUpdate())
	show(c.Hints.Idempotent) // want `true`
	show(c.Hints.ReadOnly)   // want `false`
}

// cloneTool copies the tool and its hints, as a registration helper
// that normalizes a tool before adding it does.
func cloneTool(t Tool) Tool {
	c := t
	if t.Hints != nil {
		h := *t.Hints
		c.Hints = &h
	}
	return c
}

func cloned() {
	c := cloneTool(NewTool("cloned", WithIdempotent(true)))
	show(c.Name)             // want `"cloned"`
	show(c.Hints.Idempotent) // want `true`
}

// An option that may not store (under a condition the engine does not
// decide here) leaves the constructor's default possible, and so do two
// options that set the same hint.
func withIdempotentIf(v bool) ToolOption {
	return func(t *Tool) {
		if v {
			t.Hints.Idempotent = true
		}
	}
}

func overridden(cond bool) {
	a := NewTool("maybe", withIdempotentIf(cond))
	show(a.Hints.Idempotent) // want `\(false \| true\)`
	b := NewTool("twice", WithIdempotent(true), WithIdempotent(false))
	show(b.Hints.Idempotent) // want `\(false \| true\)`
	c := NewTool("once", WithIdempotent(true), WithReadOnlyHint(true))
	show(c.Hints.Idempotent) // want `true`
	show(c.Hints.ReadOnly)   // want `true`
}
