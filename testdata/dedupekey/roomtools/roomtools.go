// Package roomtools registers handlers that get their client from a
// resolver function of the context, through an interface the server and
// a filtering wrapper implement: the resolver is no handler the closure
// forwards to. Its importer (mcpgo/resolver.go) makes the calls.
package roomtools

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Registrar is what the tools are added to.
type Registrar interface {
	AddTool(tool mcp.Tool, handler server.ToolHandlerFunc)
}

// ClientResolver returns the client of a call.
type ClientResolver func(ctx context.Context) (*http.Client, error)

// RegisterRoomTools adds the room tools.
func RegisterRoomTools(s Registrar, resolve ClientResolver) {
	s.AddTool(mcp.NewTool("room_post_message"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		c, err := resolve(ctx)
		if err != nil {
			return mcp.NewToolResultError(fmt.Sprintf("auth error: %v", err)), nil
		}
		resp, err := c.Post("https://chat.example.com/rooms/messages", "text/plain", strings.NewReader(req.GetString("text", ""))) // want `tool "room_post_message" is not idempotent but sends an HTTP POST`
		if err != nil {
			return nil, err
		}
		resp.Body.Close()
		return mcp.NewToolResultText(resp.Status), nil
	})
	s.AddTool(mcp.NewTool("room_list_messages", mcp.WithReadOnlyHintAnnotation(true)), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		c, err := resolve(ctx)
		if err != nil {
			return mcp.NewToolResultError(fmt.Sprintf("auth error: %v", err)), nil
		}
		resp, err := c.Get("https://chat.example.com/rooms/messages")
		if err != nil {
			return nil, err
		}
		resp.Body.Close()
		return mcp.NewToolResultText(resp.Status), nil
	})
}
