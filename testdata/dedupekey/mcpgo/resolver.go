package mcpgo

import (
	"context"
	"errors"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/dedupekey/roomtools"
)

// The room tools of package roomtools, registered through a filtering
// wrapper with a resolver that takes the client from the context.

type clientKey struct{}

func contextResolver() roomtools.ClientResolver {
	return func(ctx context.Context) (*http.Client, error) {
		c, ok := ctx.Value(clientKey{}).(*http.Client)
		if !ok {
			return nil, errors.New("no client in context")
		}
		return c, nil
	}
}

// filtered registers only the tools it allows.
type filtered struct {
	srv   *server.MCPServer
	allow map[string]bool
}

func (f *filtered) AddTool(tool mcp.Tool, handler server.ToolHandlerFunc) {
	if f.allow[tool.Name] {
		f.srv.AddTool(tool, handler)
	}
}

func serveRooms(allow map[string]bool) {
	srv := server.NewMCPServer("rooms", "1.0.0")
	roomtools.RegisterRoomTools(&filtered{srv: srv, allow: allow}, contextResolver())
	roomtools.RegisterArchiveTool(srv, "Room") // ok: reported with note_archive, which shares its handler
	roomtools.RegisterArchiveTool(srv, "Note") // want `tool "note_archive" is not idempotent but sends an HTTP POST .*\(also for tool "room_archive", which shares the handler\)`
	roomtools.RegisterPurgeTool(srv, "Room")   // want `tool "room_purge" is not idempotent but sends an HTTP POST`
	roomtools.RegisterCountTool(srv, "Room")   // ok: its handler, made by an unexported constructor of roomtools, only reads
	roomtools.RegisterAccountTools(srv, func(ctx context.Context, account string) (*http.Client, error) {
		return http.DefaultClient, nil
	})
}
