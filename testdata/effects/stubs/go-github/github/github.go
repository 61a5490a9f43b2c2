// Package github is a stub of github.com/google/go-github/v79's client
// request API, at the real import path (the catalogue's rules cover the
// package, so no facts are computed from its bodies).
package github

import (
	"context"
	"net/http"
)

type Client struct{ client *http.Client }

type Response struct{ *http.Response }

func (c *Client) NewRequest(ctx context.Context, method, urlStr string, body any) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, method, urlStr, nil)
}

func (c *Client) Do(req *http.Request, v any) (*Response, error) {
	resp, err := c.client.Do(req)
	return &Response{resp}, err
}
