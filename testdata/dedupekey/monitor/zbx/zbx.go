// Package zbx is a JSON-RPC client shaped like zabbix-mcp-go's: every
// call POSTs an envelope whose "method" names the operation, through an
// interface the tools are given.
package zbx

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
)

// API is what the tools call.
type API interface {
	Call(ctx context.Context, method string, params any, out any) error
}

type Client struct {
	HC  *http.Client
	URL string
}

type envelope struct {
	Version string `json:"jsonrpc"`
	Op      string `json:"method"`
	Params  any    `json:"params"`
	ID      int    `json:"id"`
}

func (c *Client) Call(ctx context.Context, method string, params any, out any) error {
	body, err := json.Marshal(envelope{Version: "2.0", Op: method, Params: params, ID: 1})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.URL, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.HC.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return json.NewDecoder(resp.Body).Decode(out)
}
