// Package vf sends requests whose method travels one step further than
// an argument of the call that builds them: a field of a params struct,
// a request struct that a builder fills and a send function turns into
// an *http.Request later, a table of requests that a loop ranges over.
// The value-flow engine follows it; each case has a twin that only
// reads.
package vf

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
)

type Client struct {
	Base string
	HC   *http.Client
}

// Params is what CallAPI sends.
type Params struct {
	Method string
	Path   string
	Body   io.Reader
}

// CallAPI sends p: the method is a field of its parameter, which each
// call site decides.
func (c *Client) CallAPI(ctx context.Context, p Params) error { // want CallAPI:`http\(sends method of param 1's Method\)`
	req, err := http.NewRequestWithContext(ctx, p.Method, c.Base+p.Path, p.Body)
	if err != nil {
		return err
	}
	resp, err := c.HC.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Client) CreateUser(ctx context.Context, name string) error { // want CreateUser:`effect\(HTTP POST: \(\*net/http.Client\).Do via \(\*vf.Client\).CallAPI\)`
	return c.CallAPI(ctx, Params{Method: http.MethodPost, Path: "/users/" + name})
}

// ok: the same call with a GET.
func (c *Client) GetUser(ctx context.Context, name string) error { // want GetUser:`http\(read\)`
	return c.CallAPI(ctx, Params{Method: http.MethodGet, Path: "/users/" + name})
}

// Forward passes its params along: its callers decide, too.
func (c *Client) Forward(ctx context.Context, p Params) error { // want Forward:`http\(sends method of param 1's Method\)`
	return c.CallAPI(ctx, p)
}

// Request is a request being built: the builder stores its method, Send
// turns it into an *http.Request.
type Request struct {
	Method string
	Path   string
	Header map[string]string
}

// NewRequest starts a request for path; the method is set afterwards.
func (c *Client) NewRequest(path string) *Request {
	return &Request{Path: path, Header: map[string]string{"Accept": "application/json"}}
}

// Send sends r.
func (c *Client) Send(ctx context.Context, r *Request) error { // want Send:`http\(sends method of param 1's Method\)`
	req, err := http.NewRequestWithContext(ctx, r.Method, c.Base+r.Path, nil)
	if err != nil {
		return err
	}
	for k, v := range r.Header {
		req.Header.Set(k, v)
	}
	resp, err := c.HC.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Client) Disable(ctx context.Context, name string) error { // want Disable:`effect\(HTTP POST: \(\*net/http.Client\).Do via \(\*vf.Client\).Send\)`
	r := c.NewRequest("/users/" + name + "/disable")
	r.Method = http.MethodPost
	return c.Send(ctx, r)
}

// ok: the same builder with a GET.
func (c *Client) Status(ctx context.Context, name string) error { // want Status:`http\(read\)`
	r := c.NewRequest("/users/" + name + "/status")
	r.Method = http.MethodGet
	return c.Send(ctx, r)
}

// Submit sends the request it is called on: the method is the
// receiver's.
func (r *Request) Submit(ctx context.Context, c *Client) error { // want Submit:`http\(sends method of the receiver's Method\)`
	return c.Send(ctx, r)
}

func (c *Client) Archive(ctx context.Context, name string) error { // want Archive:`effect\(HTTP POST: \(\*net/http.Client\).Do via \(\*vf.Request\).Submit\)`
	r := &Request{Method: http.MethodPost, Path: "/users/" + name + "/archive"}
	return r.Submit(ctx, c)
}

// ok: a GET submitted.
func (c *Client) Export(ctx context.Context, name string) error { // want Export:`http\(read\)`
	r := &Request{Method: http.MethodGet, Path: "/users/" + name + "/export"}
	return r.Submit(ctx, c)
}

// step is one request of a table.
type step struct{ method, path string }

// resetSteps has a POST among its requests.
var resetSteps = []step{
	{http.MethodGet, "/status"},
	{http.MethodPost, "/reset"},
}

// probeSteps only reads.
var probeSteps = []step{
	{http.MethodGet, "/status"},
	{http.MethodHead, "/health"},
}

// Reset sends each request of its table.
func (c *Client) Reset(ctx context.Context) error { // want Reset:`effect\(HTTP POST: \(\*net/http.Client\).Do\)`
	for _, s := range resetSteps {
		req, err := http.NewRequestWithContext(ctx, s.method, c.Base+s.path, nil)
		if err != nil {
			return err
		}
		resp, err := c.HC.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
	}
	return nil
}

// ok: a table of reads.
func (c *Client) Probe(ctx context.Context) error { // want Probe:`http\(read\)`
	for _, s := range probeSteps {
		req, err := http.NewRequestWithContext(ctx, s.method, c.Base+s.path, nil)
		if err != nil {
			return err
		}
		resp, err := c.HC.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
	}
	return nil
}

// seeds is a table of params.
var seeds = []Params{
	{Method: http.MethodPut, Path: "/config"},
	{Method: http.MethodPost, Path: "/seed"},
}

// Seed calls CallAPI with each params of its table.
func (c *Client) Seed(ctx context.Context) error { // want Seed:`effect\(HTTP POST: \(\*net/http.Client\).Do via \(\*vf.Client\).CallAPI\)`
	for _, p := range seeds {
		if err := c.CallAPI(ctx, p); err != nil {
			return err
		}
	}
	return nil
}

// Choose sends a method its caller does not give and the engine cannot
// tell: no fact.
func (c *Client) Choose(ctx context.Context, methods map[string]string, name string) error {
	req, err := http.NewRequestWithContext(ctx, methods[name], c.Base+"/choose", nil)
	if err != nil {
		return err
	}
	resp, err := c.HC.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The shapes below were http.go's own before the engine took them over:
// an http.Request literal, a method in a local, strings.ToUpper.

// Patch sends an http.Request literal.
func (c *Client) Patch(ctx context.Context, u *url.URL) error { // want Patch:`effect\(HTTP PATCH: \(\*net/http.Client\).Do\)`
	req := &http.Request{Method: http.MethodPatch, URL: u, Header: http.Header{}}
	resp, err := c.HC.Do(req.WithContext(ctx))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ok: a literal without a Method is a GET.
func (c *Client) Fetch(ctx context.Context, u *url.URL) error { // want Fetch:`http\(read\)`
	req := &http.Request{URL: u, Header: http.Header{}}
	resp, err := c.HC.Do(req.WithContext(ctx))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Local keeps its method in a local.
func (c *Client) Local(ctx context.Context, name string) error { // want Local:`effect\(HTTP POST: \(\*net/http.Client\).Do\)` Local:`http\(sends POST, path of param 1\)`
	method := http.MethodPost
	req, err := http.NewRequestWithContext(ctx, method, c.Base+"/users/"+name, nil)
	if err != nil {
		return err
	}
	resp, err := c.HC.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Upper sends the method of its parameter, upper-cased.
func (c *Client) Upper(ctx context.Context, method, path string) error { // want Upper:`http\(sends method of param 1, path of param 2\)`
	req, err := http.NewRequestWithContext(ctx, strings.ToUpper(method), c.Base+path, nil)
	if err != nil {
		return err
	}
	resp, err := c.HC.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Client) Lock(ctx context.Context, name string) error { // want Lock:`effect\(HTTP POST: \(\*net/http.Client\).Do via \(\*vf.Client\).Upper\)`
	return c.Upper(ctx, "post", "/locks/"+name)
}

// ok: a lowercase get.
func (c *Client) Locks(ctx context.Context) error { // want Locks:`http\(read\)`
	return c.Upper(ctx, "get", "/locks")
}

// WithMethod sets the method of the request it is called on, and
// returns it: a fluent builder.
func (r *Request) WithMethod(m string) *Request {
	r.Method = m
	return r
}

// Fluent chains the setter on a constructor's result: the setter's
// store into its receiver is carried to the result it returns.
func (c *Client) Fluent(ctx context.Context) error { // want Fluent:`effect\(HTTP POST: \(\*net/http.Client\).Do via \(\*vf.Request\).Submit\)`
	return c.NewRequest("/fluent").WithMethod(http.MethodPost).Submit(ctx, c)
}

// ok: the same chain with a GET is a read.
func (c *Client) FluentGet(ctx context.Context) error { // want FluentGet:`http\(read\)`
	return c.NewRequest("/fluent").WithMethod(http.MethodGet).Submit(ctx, c)
}

// Unset leaves Params.Method unset: unknown, as above.
func (c *Client) Unset(ctx context.Context) error {
	return c.CallAPI(ctx, Params{Path: "/unset"})
}
