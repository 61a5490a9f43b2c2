// Package rpc is a client of an RPC-style API, as Kiali's is: every
// request is a POST to an endpoint named by the operation, so the method
// says nothing about what the operation does.
package rpc

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
)

type Client struct {
	URL  string
	HTTP *http.Client
}

func (c *Client) Call(ctx context.Context, endpoint string, args map[string]any) error { // want Call:`http\(sends POST, path of param 1, rpc\)` Call:`effect\(HTTP POST \(rpc\): \(\*net/http.Client\).Do\)`
	body, err := json.Marshal(args)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.URL+endpoint, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// DeleteItem is named like a mutation.
func (c *Client) DeleteItem(ctx context.Context, id string) error { // want DeleteItem:`effect\(HTTP POST \(rpc\): .*\)`
	return c.Call(ctx, "/api/delete_item", map[string]any{"id": id})
}
