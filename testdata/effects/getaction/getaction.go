// Package getaction is a client of an API that GETs its commands
// (Centreon's /monitoring-servers/{id}/generate-and-reload): a GET to
// a path naming a restart or reload runs it; any other GET reads.
package getaction

import (
	"context"
	"fmt"
	"net/http"
)

type Client struct {
	base string
	hc   *http.Client
}

func (c *Client) buildURL(path string) string { return fmt.Sprintf("%s/api/%s", c.base, path) }

func (c *Client) send(ctx context.Context, method, u string) error { // want send:`http\(sends method of param 1, path of param 2\)`
	req, err := http.NewRequestWithContext(ctx, method, u, nil)
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Client) do(ctx context.Context, method, path string) error { // want do:`http\(sends method of param 1, path of param 2\)`
	return c.send(ctx, method, c.buildURL(path))
}

// get is judged at each call by its path.
func (c *Client) get(ctx context.Context, path string) error { // want get:`http\(sends GET, path of param 1\)`
	return c.do(ctx, http.MethodGet, path)
}

func (c *Client) Reload(ctx context.Context, id int) error { // want Reload:`effect\(HTTP GET`
	return c.get(ctx, fmt.Sprintf("/servers/%d/generate-and-reload", id))
}

func (c *Client) Status(ctx context.Context, id int) error { // want Status:`http\(read\)`
	return c.get(ctx, fmt.Sprintf("/servers/%d/status", id))
}

func (c *Client) Reload2(ctx context.Context) error { // want Reload2:`effect\(HTTP GET`
	return c.get(ctx, "/servers/generate-and-reload")
}

// Handler makes a handler of one of the client's methods: its literal
// commits nothing of its own but calls fn, which each call of Handler
// binds (Anchors.Own: literal 0 calls parameter 0).
func Handler(fn func(context.Context, int) error) func(context.Context, int) error { // want Handler:`anchors\(; lit 0 calls param 0\)`
	return func(ctx context.Context, id int) error {
		return fn(ctx, id)
	}
}

// Logged calls fn itself: no literal calls it.
func Logged(fn func(context.Context, int) error) error {
	return fn(context.Background(), 0)
}
