// Package apireq has the shape of opsgenie's SDK: each operation's // want package:"hidden\\(wrapped\\)"
// request type says its method by a method of its own, and one Exec
// builds and sends any request through an interface.
package apireq

import (
	"context"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

// APIRequest is what Exec sends.
type APIRequest interface {
	Method() string
	Path() string
}

type Client struct {
	Base string
	HC   *http.Client
}

// build makes the request an APIRequest describes.
func (c *Client) build(ctx context.Context, r APIRequest) (*http.Request, error) { // want build:`http\(builds method of param 1's Method\(\)\)`
	return http.NewRequestWithContext(ctx, r.Method(), c.Base+r.Path(), nil)
}

// Exec sends any request: each caller's request type decides the method.
func (c *Client) Exec(ctx context.Context, r APIRequest) error { // want Exec:`http\(sends method of param 1's Method\(\)\)`
	req, err := c.build(ctx, r)
	if err != nil {
		return err
	}
	resp, err := c.HC.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type AckRequest struct{ ID string }

func (r *AckRequest) Method() string { return http.MethodPost }
func (r *AckRequest) Path() string   { return "/alerts/" + r.ID + "/acknowledge" }

type GetRequest struct{ ID string }

func (r *GetRequest) Method() string { return http.MethodGet }
func (r *GetRequest) Path() string   { return "/alerts/" + r.ID }

func (c *Client) Acknowledge(ctx context.Context, req *AckRequest) error { // want Acknowledge:`effect\(HTTP POST: .* via \(\*apireq.Client\).Exec\)`
	return c.Exec(ctx, req)
}

func (c *Client) Get(ctx context.Context, req *GetRequest) error { // want Get:`http\(read\)`
	return c.Exec(ctx, req)
}

// wrapped holds the go-retryablehttp request a builder made (opsgenie's
// client.request).
type wrapped struct {
	*retryablehttp.Request
}

type RetryingClient struct {
	Base string
	RC   *retryablehttp.Client
}

// build starts from a zero request that the constructor's replaces.
func (c *RetryingClient) build(r APIRequest) (*wrapped, error) {
	var req = new(retryablehttp.Request)
	req, err := retryablehttp.NewRequest(r.Method(), c.Base+r.Path(), nil)
	if err != nil {
		return nil, err
	}
	return &wrapped{req}, nil
}

func (c *RetryingClient) send(w *wrapped) error { // want send:`http\(sends request of param 0's Request\)`
	resp, err := c.RC.Do(w.Request)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *RetryingClient) Exec(r APIRequest) error { // want Exec:`http\(sends method of param 0's Method\(\)\)`
	w, err := c.build(r)
	if err != nil {
		return err
	}
	return c.send(w)
}

func (c *RetryingClient) Acknowledge(req *AckRequest) error { // want Acknowledge:`effect\(HTTP POST: .* via \(\*apireq.RetryingClient\).Exec\)`
	return c.Exec(req)
}
