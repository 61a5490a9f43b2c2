// Package builder sends requests that a callback builds: the client's
// retry loop calls the builder on each attempt (pushover's
// Client.do(ctx, func() (*http.Request, error) {...}, attempts)), so the
// method is the callback's.
package builder

import (
	"context"
	"net/http"
	"strings"
)

type Client struct{ hc *http.Client }

type requestBuilder func() (*http.Request, error)

func (c *Client) do(ctx context.Context, build requestBuilder, attempts int) (*http.Response, error) { // want do:`http\(sends request of param 1\(\)\)`
	var last error
	for i := 0; i < attempts; i++ {
		req, err := build()
		if err != nil {
			return nil, err
		}
		req = req.WithContext(ctx)
		req.Header.Set("User-Agent", "builder")
		resp, err := c.once(req)
		if err == nil {
			return resp, nil
		}
		last = err
	}
	return nil, last
}

func (c *Client) once(req *http.Request) (*http.Response, error) { // want once:`http\(sends request of param 0\)`
	client := c.hc
	if client == nil {
		client = http.DefaultClient
	}
	return client.Do(req)
}

func (c *Client) Send(ctx context.Context, msg string) error { // want Send:`effect\(HTTP POST: \(\*net/http.Client\).Do via \(\*builder.Client\).do\)`
	resp, err := c.do(ctx, func() (*http.Request, error) {
		return http.NewRequest(http.MethodPost, "https://api.example.com/messages.json", strings.NewReader(msg))
	}, 2)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Client) Messages(ctx context.Context) error { // want Messages:`http\(read\)`
	resp, err := c.do(ctx, func() (*http.Request, error) {
		return http.NewRequest(http.MethodGet, "https://api.example.com/messages.json", nil)
	}, 2)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
