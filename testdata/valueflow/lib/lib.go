// Package lib declares constructors and options used from another package.
package lib

import (
	"net/http"
	"time"
)

type Request struct {
	Method string
	Path   string
}

func NewRequest(method, path string) *Request { return &Request{Method: method, Path: path} }

func Post(path string) *Request { return NewRequest(http.MethodPost, path) }

type Tool struct {
	Name     string
	ReadOnly bool
	Handler  func() error
}

type Option func(*Tool)

func ReadOnly() Option { return func(t *Tool) { t.ReadOnly = true } }

// WithHandler sets the tool's handler.
func WithHandler(h func() error) Option { return func(t *Tool) { t.Handler = h } }

func New(name string, opts ...Option) *Tool {
	t := &Tool{Name: name}
	for _, o := range opts {
		o(t)
	}
	return t
}

// Apply applies one option: New2 calls it in place of o(t).
func Apply(o Option, t *Tool) { o(t) }

// ApplyAll applies each option through Apply.
func ApplyAll(t *Tool, opts []Option) {
	for _, o := range opts {
		Apply(o, t)
	}
}

// New2 is New with the options applied by a helper.
func New2(name string, opts ...Option) *Tool {
	t := &Tool{Name: name}
	ApplyAll(t, opts)
	return t
}

func Charge() error { return nil }

func ChargeTool() *Tool {
	t := New("charge")
	t.Handler = Charge
	return t
}

type Sender interface {
	Method() string
}

type Ack struct{}

func (*Ack) Method() string { return http.MethodPost }

type Get struct{}

func (Get) Method() string { return http.MethodGet }

// Exec builds what a request says.
func Exec(s Sender) string { return s.Method() }

// StdRequest stores into the result of a call the engine does not
// summarize: the stores stay on the Call value.
func StdRequest(host string) *http.Request {
	r, _ := http.NewRequest(http.MethodGet, "/", nil)
	r.Host = host
	r.URL.Path = "/p"
	return r
}

// Params are a request's parameters.
type Params struct{ Name string }

// ChargeParams is kept in a variable for every call (VarValue).
var ChargeParams = &Params{Name: "charge"}

// Mode is written here too: importers see both values.
var Mode = "fast"

func SetSlow() { Mode = "slow" }

// Clock holds no constant: no fact, importers see nothing.
var Clock = time.Now

// Stamp returns what the engine does not follow: no summary, and its
// calls stay opaque calls of Stamp.
func Stamp(n int) string { return <-stamps }

var stamps = make(chan string)

// Retrier is a client that retries RetryMax times.
type Retrier struct{ RetryMax int }

// NewRetrier returns a Retrier with the default retries.
func NewRetrier() *Retrier { return &Retrier{RetryMax: 4} }

// Wrapped holds a Retrier.
type Wrapped struct{ R *Retrier }

// Wrap wraps the receiver.
func (r *Retrier) Wrap() *Wrapped { return &Wrapped{R: r} }

// Hints, HTool and its options: a constructor sets defaults that the
// options override, some through a helper that makes the nested struct
// first (ensureHints).
type Hints struct {
	ReadOnly   bool
	Idempotent bool
}

type HTool struct {
	Name   string
	Hints  *Hints
	Labels map[string]any
}

type HOption func(*HTool)

func NewHTool(name string, opts ...HOption) HTool {
	t := HTool{Name: name, Hints: &Hints{ReadOnly: false, Idempotent: false}}
	for _, opt := range opts {
		opt(&t)
	}
	return t
}

func ensureHints(t *HTool) *Hints {
	if t.Hints == nil {
		t.Hints = &Hints{}
	}
	return t.Hints
}

func WithIdempotent(v bool) HOption {
	return func(t *HTool) { ensureHints(t).Idempotent = v }
}

func WithReadOnly(v bool) HOption {
	return func(t *HTool) { t.Hints.ReadOnly = v }
}

// WithLabel returns what an unexported helper makes: a literal of the
// helper, whose summary travels with WithLabel's (FuncSummary.Inl).
func WithLabel(key, value string) HOption {
	return withEntry(key, value, "label")
}

func withEntry(key, value, kind string) HOption {
	return func(t *HTool) {
		m := t.Labels
		if m == nil {
			m = map[string]any{}
		}
		m[key] = kind + ":" + value
		t.Labels = m
	}
}

// Opts is a generic options struct: its options and Apply are generic
// functions (the metamorphic options-pkg rewrite's shape).
type Opts[T any] struct{ V T }

// With returns an unexported helper's closure.
func With[T any](v T) func(*Opts[T]) { return set(v) }

func set[T any](v T) func(*Opts[T]) { return func(o *Opts[T]) { o.V = v } }

// ApplyOpts applies its options to new options.
func ApplyOpts[T any](opts ...func(*Opts[T])) *Opts[T] {
	o := new(Opts[T])
	for _, opt := range opts {
		opt(o)
	}
	return o
}

// Combine concatenates lists of options (mcp-gitee's CombineOptions).
func Combine(options ...[]Option) []Option {
	var result []Option
	for _, option := range options {
		result = append(result, option...)
	}
	return result
}

// Concat concatenates lists of strings, as Combine does options.
func Concat(lists ...[]string) []string {
	var out []string
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}
