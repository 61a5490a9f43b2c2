// Package keyhelper reads the client's dedupe key from a go-sdk request:
// a KeyRead fact on its parameter.
package keyhelper

import "github.com/modelcontextprotocol/go-sdk/mcp"

// FromMeta returns the idempotency key the client sent in _meta.
func FromMeta(req *mcp.CallToolRequest) string {
	s, _ := req.Params.Meta["idempotency_key"].(string)
	return s
}

// Config holds the server's settings.
type Config struct {
	ClientToken string // an API credential
}

// Token returns the configured credential: a field read of the receiver,
// no key of the client.
func (c *Config) Token() string { return c.ClientToken }
