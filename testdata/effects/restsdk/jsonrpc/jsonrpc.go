// Package jsonrpc is a client of a JSON-RPC 2.0 API shaped like
// Zabbix's: every call is a POST of an envelope to one endpoint, and the
// envelope's "method" ("user.create", "host.get") names the operation.
// The sender is picked through a method value held in a local.
package jsonrpc

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
)

type Client struct {
	hc           *http.Client
	url          string
	preferHeader bool
	token        string
}

type request struct {
	JSONRPC string `json:"jsonrpc"`
	Method  string `json:"method"`
	Params  any    `json:"params"`
	ID      int    `json:"id"`
}

func (c *Client) post(ctx context.Context, method string, params any) error { // want post:`effect\(HTTP request: \(\*net/http.Client\).Do \[rpc op \$2\]\)`
	body, err := json.Marshal(request{JSONRPC: "2.0", Method: method, Params: params, ID: 1})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	return c.send(req)
}

// postBearer sends the envelope as a map, with the token in a header.
func (c *Client) postBearer(ctx context.Context, method string, params any) error { // want postBearer:`effect\(HTTP request: \(\*net/http.Client\).Do \[rpc op \$2\]\)`
	body, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": method, "params": params, "id": 1})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	return c.send(req)
}

func (c *Client) send(req *http.Request) error { // want send:`http\(sends request of param 0\)`
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// call picks the sender through a method value: either one runs the
// operation its caller names.
func (c *Client) call(ctx context.Context, method string, params any) error { // want call:`effect\(HTTP request: \(\*net/http.Client\).Do \[rpc op \$2\]\)`
	var first func(context.Context, string, any) error
	if c.preferHeader {
		first = c.postBearer
	} else {
		first = c.post
	}
	return first(ctx, method, params)
}

// Call is the exported entry point; it logs in first. Logging in
// exchanges credentials: no effect of its own.
func (c *Client) Call(ctx context.Context, method string, params any) error { // want Call:`effect\(HTTP request: \(\*net/http.Client\).Do \[rpc op \$2\]\)`
	if c.token == "" {
		if err := c.Login(ctx); err != nil {
			return err
		}
	}
	return c.call(ctx, method, params)
}

func (c *Client) Login(ctx context.Context) error {
	return c.post(ctx, "user.login", map[string]string{"user": "admin"})
}

// CreateUser runs user.create: a write, not idempotent.
func (c *Client) CreateUser(ctx context.Context, name string) error { // want CreateUser:`effect\(HTTP POST \(rpc\): \(\*net/http.Client\).Do via \(\*jsonrpc.Client\).Call\)`
	return c.Call(ctx, "user.create", map[string]string{"username": name})
}

// DeleteHost runs host.delete, named in a constant.
func (c *Client) DeleteHost(ctx context.Context, id string) error { // want DeleteHost:`effect\(HTTP POST \(rpc\): \(\*net/http.Client\).Do via \(\*jsonrpc.Client\).Call\)`
	const op = "host.delete"
	return c.Call(ctx, op, []string{id})
}

// GetHosts runs host.get: a read.
func (c *Client) GetHosts(ctx context.Context) error {
	return c.Call(ctx, "host.get", map[string]any{"output": "extend"})
}

// Version runs apiinfo.version: a read.
func (c *Client) Version(ctx context.Context) error {
	return c.post(ctx, "apiinfo.version", nil)
}

// Massadd runs an operation whose verb says neither: the POST of an
// RPC-style client, as before.
func (c *Client) Massadd(ctx context.Context) error { // want Massadd:`effect\(HTTP POST \(rpc\): \(\*net/http.Client\).Do via \(\*jsonrpc.Client\).Call\)`
	return c.Call(ctx, "hostgroup.massadd", nil)
}

// Pay posts a body whose "method" is a payment method, in no JSON-RPC
// envelope: not an operation's name.
func (c *Client) Pay(ctx context.Context, method string) error { // want Pay:`effect\(HTTP POST \(rpc\): \(\*net/http.Client\).Do via \(\*jsonrpc.Client\).send\)`
	body, err := json.Marshal(map[string]any{"method": method, "amount": 10})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url+"/pay", bytes.NewReader(body))
	if err != nil {
		return err
	}
	return c.send(req)
}

// envelopeFor builds the envelope in a constructor, newPost the request
// from a body its caller gives: the operation is followed from the
// caller's body to the constructor's field.
func envelopeFor(method string, params any) request {
	return request{JSONRPC: "2.0", Method: method, Params: params, ID: 1}
}

func (c *Client) newPost(ctx context.Context, body []byte) (*http.Request, error) { // want newPost:`http\(builds POST, body of param 1, rpc\)`
	return http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
}

func (c *Client) postVia(ctx context.Context, method string, params any) error { // want postVia:`effect\(HTTP request: \(\*net/http.Client\).Do \[rpc op \$2\]\)`
	body, err := json.Marshal(envelopeFor(method, params))
	if err != nil {
		return err
	}
	req, err := c.newPost(ctx, body)
	if err != nil {
		return err
	}
	return c.send(req)
}

// ArchiveHost runs host.archive through them: a write.
func (c *Client) ArchiveHost(ctx context.Context, id string) error { // want ArchiveHost:`effect\(HTTP POST \(rpc\): \(\*net/http.Client\).Do via \(\*jsonrpc.Client\).postVia\)`
	return c.postVia(ctx, "host.archive", []string{id})
}

// ListItems runs item.list through them: a read.
func (c *Client) ListItems(ctx context.Context) error {
	return c.postVia(ctx, "item.list", nil)
}
