// Package other registers a handler declared in another package.
package other

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/gosdk"
	"example.com/dedupekey/store"
)

func Register(s *mcp.Server) {
	// A handler of another package is reported once, at the registration
	// of its tool first by name (helper_write, helper.go), naming the
	// others (as a body of this package is, at its effect).
	mcp.AddTool(s, &mcp.Tool{Name: "remote"}, gosdk.Exported)       // ok: reported with helper_write
	mcp.AddTool(s, &mcp.Tool{Name: "remote_again"}, gosdk.Exported) // ok: reported with helper_write
	_ = store.Log
}
