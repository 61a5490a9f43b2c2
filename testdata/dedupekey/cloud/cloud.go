// Package cloud is a downstream API client. Its Client carries an API
// credential named like an AWS ClientToken, set once at startup: sending
// it is authentication, not a dedupe key.
package cloud

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
)

type Client struct {
	Endpoint    string
	ClientToken string // the API credential, the same for every call
}

func New(endpoint, token string) *Client { return &Client{Endpoint: endpoint, ClientToken: token} }

func (c *Client) post(ctx context.Context, path, body string, hdr http.Header) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Endpoint+path, strings.NewReader(body))
	if err != nil {
		return err
	}
	for k, v := range hdr {
		req.Header[k] = v
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Launch starts an instance, authenticated with the client's own token.
func (c *Client) Launch(ctx context.Context, name string) error {
	h := http.Header{}
	h.Set("Client-Token", c.ClientToken)
	return c.post(ctx, "/instances", name, h)
}

// LaunchOnce starts an instance at most once per clientToken: the caller's
// key.
func (c *Client) LaunchOnce(ctx context.Context, clientToken, name string) error {
	h := http.Header{}
	h.Set("Client-Token", clientToken)
	return c.post(ctx, "/instances", name, h)
}

// Input is a charge request whose body carries a dedupe key.
type Input struct {
	IdempotencyKey string `json:"idempotency_key"`
	Amount         int    `json:"amount"`
}

// Charge posts in as it is.
func (c *Client) Charge(ctx context.Context, in *Input) error {
	b, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Endpoint+"/charges", bytes.NewReader(b))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ChargeWithKey sends key as the Idempotency-Key header.
func (c *Client) ChargeWithKey(ctx context.Context, key string, amount int) error {
	h := http.Header{}
	h.Set("Idempotency-Key", key)
	return c.post(ctx, "/charges", strconv.Itoa(amount), h)
}
