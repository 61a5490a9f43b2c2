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

// AccountClient returns the client of an account.
type AccountClient func(ctx context.Context, account string) (*http.Client, error)

// RegisterAccountTools adds a tool whose handler picks its client by an
// argument of the call: the picker is no handler it forwards to either.
func RegisterAccountTools(s Registrar, pick AccountClient) {
	s.AddTool(mcp.NewTool("account_post_note"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		c, err := pick(ctx, req.GetString("account", ""))
		if err != nil {
			return mcp.NewToolResultError(fmt.Sprintf("auth error: %v", err)), nil
		}
		resp, err := c.Post("https://notes.example.com/notes", "text/plain", strings.NewReader(req.GetString("text", ""))) // want `tool "account_post_note" is not idempotent but sends an HTTP POST`
		if err != nil {
			return nil, err
		}
		resp.Body.Close()
		return mcp.NewToolResultText(resp.Status), nil
	})
}

// RegisterArchiveTool adds the archive tool of one kind of thing, named
// after it: each importer's call is a tool of its own name.
func RegisterArchiveTool(s Registrar, kind string) {
	s.AddTool(mcp.NewTool(fmt.Sprintf("%s_archive", strings.ToLower(kind))), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		resp, err := http.Post("https://archive.example.com/"+kind, "text/plain", strings.NewReader(req.GetString("id", "")))
		if err != nil {
			return nil, err
		}
		resp.Body.Close()
		return mcp.NewToolResultText(resp.Status), nil
	})
}

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

// RegisterPurgeTool adds the purge tool of one kind of thing; its handler
// is made by an unexported constructor, which an importer cannot name:
// the registration's handler stands as a literal of RegisterPurgeTool,
// whose effect includes the constructor's.
func RegisterPurgeTool(s Registrar, kind string) {
	s.AddTool(mcp.NewTool(strings.ToLower(kind)+"_purge"), purgeHandler(kind))
}

func purgeHandler(kind string) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		resp, err := http.Post("https://purge.example.com/"+kind, "text/plain", strings.NewReader(req.GetString("id", "")))
		if err != nil {
			return nil, err
		}
		resp.Body.Close()
		return mcp.NewToolResultText(resp.Status), nil
	}
}

// RegisterCountTool adds the count tool of one kind of thing, a read made
// by an unexported constructor too.
func RegisterCountTool(s Registrar, kind string) {
	s.AddTool(mcp.NewTool(strings.ToLower(kind)+"_count"), countHandler(kind))
}

func countHandler(kind string) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		resp, err := http.Get("https://count.example.com/" + kind)
		if err != nil {
			return nil, err
		}
		resp.Body.Close()
		return mcp.NewToolResultText(resp.Status), nil
	}
}
