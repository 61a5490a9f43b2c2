// Package vault serves tools over HashiCorp Vault's API client, whose
// logical writes are PUTs to "/v1/"+path: the path says whether the write
// sets a value or runs an action that issues something new.
package vault

import (
	"context"
	"fmt"

	vault "github.com/hashicorp/vault/api"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct {
	Mount string `json:"mount"`
	Role  string `json:"role"`
	Key   string `json:"key"`
	Value string `json:"value"`
}

func Register(s *mcp.Server, c *vault.Client) {
	// Writing a secret sets its value: a repeat writes it again (a soft
	// finding: not marked idempotent).
	mcp.AddTool(s, &mcp.Tool{Name: "write_secret"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		path := fmt.Sprintf("%s/data/%s", in.Mount, in.Key)
		_, err := c.Logical().WriteWithContext(ctx, path, map[string]any{"data": map[string]any{in.Key: in.Value}}) // want `tool "write_secret" is not marked idempotent and sends an HTTP PUT`
		return nil, nil, err
	})
	// Issuing a certificate makes another one, with a new serial, on
	// each call.
	mcp.AddTool(s, &mcp.Tool{Name: "issue_certificate"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		path := fmt.Sprintf("%s/issue/%s", in.Mount, in.Role)
		_, err := c.Logical().Write(path, map[string]any{"common_name": in.Key}) // want `tool "issue_certificate" is not idempotent but sends an HTTP PUT`
		return nil, nil, err
	})
}
