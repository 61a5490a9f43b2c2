// Package client sends every request as a POST, as a JSON-RPC client
// does: the method says nothing of what a request does.
package client

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
)

// Client talks to a paste service.
type Client struct {
	http      *http.Client
	createURL string
	lookupURL string
}

// New returns a client of the service at base.
func New(base string) *Client {
	return &Client{http: &http.Client{}, createURL: base + "/api", lookupURL: base + "/api/lookup"}
}

// CreatePaste stores text and returns its id.
func (c *Client) CreatePaste(ctx context.Context, text string) (string, error) {
	return c.post(ctx, c.createURL, map[string]string{"text": text})
}

// LookupPaste returns the text of a paste.
func (c *Client) LookupPaste(ctx context.Context, id string) (string, error) {
	return c.post(ctx, c.lookupURL, map[string]string{"id": id})
}

func (c *Client) post(ctx context.Context, url string, body any) (string, error) {
	b, err := json.Marshal(body)
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(b))
	if err != nil {
		return "", err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var out struct{ Result string }
	return out.Result, json.NewDecoder(resp.Body).Decode(&out)
}
