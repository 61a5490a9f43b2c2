// Package other registers a handler declared in another package.
package other

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/gosdk"
	"example.com/dedupekey/store"
)

func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "remote"}, gosdk.Exported) // want `tool "remote" is not idempotent but writes a file \(gosdk.Exported\)`
	_ = store.Log
}
