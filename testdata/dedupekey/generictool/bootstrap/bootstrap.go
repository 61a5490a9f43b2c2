// Package bootstrap registers the typed tools through the registry. The
// tools' constructors take a caller's base URL, which decides neither
// their names nor their handlers: the registration is resolved here.
package bootstrap

import (
	"github.com/mark3labs/mcp-go/server"

	"example.com/dedupekey/generictool/manage"
	"example.com/dedupekey/generictool/search"
	"example.com/dedupekey/generictool/tools"
)

func Register(s *server.MCPServer, base string) {
	r := tools.NewRegistry()
	r.Register(manage.New(base))
	r.Register(search.New(base))
	r.RegisterAll(s) // want `tool "create_case" is not idempotent but sends an HTTP POST \(manage.Tool.Handle\)`
}

func New(base string) *server.MCPServer {
	s := server.NewMCPServer("cases", "1.0.0")
	Register(s, base)
	return s
}
