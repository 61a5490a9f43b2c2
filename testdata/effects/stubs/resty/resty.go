// Package resty is a stub of github.com/go-resty/resty/v2 v2.16.5's
// request API, at the real import path.
package resty

type Client struct{}

type Request struct{ Method, URL string }

type Response struct{}

func New() *Client { return &Client{} }

func (c *Client) R() *Request { return &Request{} }

func (r *Request) SetBody(body interface{}) *Request { return r }

func (r *Request) SetResult(res interface{}) *Request { return r }

func (r *Request) Get(url string) (*Response, error) { return r.Execute("GET", url) }

func (r *Request) Post(url string) (*Response, error) { return r.Execute("POST", url) }

func (r *Request) Put(url string) (*Response, error) { return r.Execute("PUT", url) }

func (r *Request) Patch(url string) (*Response, error) { return r.Execute("PATCH", url) }

func (r *Request) Delete(url string) (*Response, error) { return r.Execute("DELETE", url) }

func (r *Request) Execute(method, url string) (*Response, error) { return &Response{}, nil }
