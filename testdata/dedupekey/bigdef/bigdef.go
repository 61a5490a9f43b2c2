// Package bigdef registers the large tool of another package.
package bigdef

import (
	"github.com/mark3labs/mcp-go/server"

	"example.com/dedupekey/bigdef/profile"
)

func Register(s *server.MCPServer) {
	// ok: the same large definition, a handler that reads.
	s.AddTool(profile.CreateProfileTool, profile.GetProfile)
	s.AddTool(profile.CreateProfileTool, profile.CreateProfile) // want `tool "create_profile" is not idempotent but sends an HTTP POST \(profile.CreateProfile\)`
}
