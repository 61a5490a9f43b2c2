// Package wired builds the paste client and registers the handlers of
// package handlers with it: the handlers' interface calls are decided
// here, by the implementation this package imports.
package wired

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/paste/client"
	"example.com/dedupekey/paste/handlers"
)

// Serve registers the tools.
func Serve(base string) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "paste", Version: "1.0.0"}, nil)
	c := client.New(base)
	mcp.AddTool(s, &mcp.Tool{Name: "create_paste_wired"}, handlers.Create(c)) // want `tool "create_paste_wired" is not idempotent but sends an HTTP POST \(handlers.Create\)`
	mcp.AddTool(s, &mcp.Tool{Name: "lookup_paste_wired"}, handlers.Lookup(c)) // ok: LookupPaste reads
	return s
}
