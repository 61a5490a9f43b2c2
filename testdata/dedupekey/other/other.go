// Package other registers a handler declared in another package.
package other

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/gosdk"
	"example.com/dedupekey/store"
)

func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "remote"}, gosdk.Exported) // want `tool "remote" is not idempotent but writes a file \(gosdk.Exported\)`
	// The same handler again: a handler of another package is reported at
	// each registration (a body of this package, once, at its effect).
	mcp.AddTool(s, &mcp.Tool{Name: "remote_again"}, gosdk.Exported) // want `tool "remote_again" is not idempotent but writes a file \(gosdk.Exported\)`
	_ = store.Log
}
