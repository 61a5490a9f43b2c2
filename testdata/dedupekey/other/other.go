// Package other registers a handler declared in another package.
package other

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/gosdk"
	"example.com/dedupekey/store"
)

func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "remote"}, gosdk.Exported) // want `tool "remote" is not idempotent and its handler commits a file write via gosdk.Exported \(which reaches os.OpenFile\)`
	_ = store.Log
}
