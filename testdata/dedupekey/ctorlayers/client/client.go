// Package client is an API client whose requests run inside a retry
// helper of another module: the operation is a local closure handed to
// backoff.Retry (go-buildkite's Client.Do).
package client

import (
	"context"
	"net/http"
	"strings"

	"github.com/cenkalti/backoff/v4"
)

// Client talks to the order API.
type Client struct {
	HC   *http.Client
	Base string
}

func (c *Client) do(req *http.Request) error {
	op := func() error {
		resp, err := c.HC.Do(req)
		if err != nil {
			return backoff.Permanent(err)
		}
		return resp.Body.Close()
	}
	return backoff.Retry(op, backoff.NewExponentialBackOff())
}

// CreateOrder places an order.
func (c *Client) CreateOrder(ctx context.Context, item string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Base+"/orders", strings.NewReader(item))
	if err != nil {
		return err
	}
	return c.do(req)
}

// GetOrder reads one.
func (c *Client) GetOrder(ctx context.Context, id string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.Base+"/orders/"+id, nil)
	if err != nil {
		return err
	}
	return c.do(req)
}
