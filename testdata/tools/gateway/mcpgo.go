// Package gateway registers the tools of upstream MCP servers as its own,
// for the tool inventory: forwarders, whose names, hints and effects are
// the upstream tools', beside registrations that only look like them.
package gateway

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Mirror registers every tool the upstream server lists, under its own
// name, with the upstream client's CallTool as its handler (a relay).
func Mirror(ctx context.Context, up *client.Client, s *server.MCPServer) error {
	res, err := up.ListTools(ctx, mcp.ListToolsRequest{})
	if err != nil {
		return err
	}
	for _, tool := range res.Tools {
		// A forwarder: the handler is the upstream's CallTool.
		s.AddTool(tool, up.CallTool) // want "forwarder"
	}
	return nil
}

// Hub serves built-in tools and the tools of an upstream server through
// one handler, which runs a built-in tool or forwards the call.
type Hub struct {
	prefix  string
	names   []string // the built-in tools, configured at run time
	builtin map[string]func(context.Context, map[string]any) (string, error)
	up      *client.Client
}

func (h *Hub) Register(ctx context.Context, s *server.MCPServer) error {
	for _, n := range h.names {
		// ok: not a forwarder: its name is made at run time, but not
		// from an upstream's tools (a built-in tool, which the handler
		// runs itself).
		s.AddTool(mcp.NewTool(n), h.dispatch)
	}
	res, err := h.up.ListTools(ctx, mcp.ListToolsRequest{})
	if err != nil {
		return err
	}
	for _, tool := range res.Tools {
		schema, err := json.Marshal(tool.InputSchema)
		if err != nil {
			return err
		}
		// A forwarder: the name is made from the upstream tool's, and
		// the handler passes the request's name and arguments on
		// through forward.
		name := fmt.Sprintf("%s_%s", h.prefix, tool.Name)
		s.AddTool(mcp.NewToolWithRawSchema(name, tool.Description, schema), h.dispatch) // want "forwarder"
	}
	return nil
}

func (h *Hub) dispatch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^calltool\(forwards=1\)$`
	if run := h.builtin[req.Params.Name]; run != nil {
		out, err := run(ctx, req.GetArguments())
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return mcp.NewToolResultText(out), nil
	}
	return h.forward(ctx, strings.TrimPrefix(req.Params.Name, h.prefix+"_"), req.GetArguments())
}

// forward calls the upstream tool name with args.
func (h *Hub) forward(ctx context.Context, name string, args map[string]any) (*mcp.CallToolResult, error) { // want `^calltool\(nameparam=1,forwards=1\+2\)$`
	var call mcp.CallToolRequest
	call.Params.Name = name
	call.Params.Arguments = args
	return h.up.CallTool(ctx, call)
}

// Decoded registers the upstream tools with a handler made for each: it
// decodes the arguments and passes them on to the tool it was made for.
func (h *Hub) Decoded(ctx context.Context, s *server.MCPServer) error { // want `^calltool$`
	res, err := h.up.ListTools(ctx, mcp.ListToolsRequest{})
	if err != nil {
		return err
	}
	for _, tool := range res.Tools {
		// A forwarder: the handler made for the tool passes the
		// arguments it decodes from the request on.
		s.AddTool(mcp.NewTool(tool.Name, mcp.WithDescription(tool.Description)), h.handler(tool.Name)) // want "forwarder"
	}
	return nil
}

func (h *Hub) handler(name string) server.ToolHandlerFunc { // want `^calltool\(forwards=0\)$`
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		raw, err := json.Marshal(req.Params.Arguments)
		if err != nil {
			return nil, err
		}
		var args map[string]any
		if err := json.Unmarshal(raw, &args); err != nil {
			return nil, err
		}
		return h.forward(ctx, name, args)
	}
}

// Describe registers, for each upstream tool, a tool that describes it.
func Describe(ctx context.Context, up *client.Client, s *server.MCPServer) error {
	res, err := up.ListTools(ctx, mcp.ListToolsRequest{})
	if err != nil {
		return err
	}
	for _, tool := range res.Tools {
		desc := tool.Description
		// ok: not a forwarder: its name comes from an upstream's tool,
		// but its handler answers itself.
		s.AddTool(mcp.NewTool("describe_"+tool.Name), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultText(desc), nil
		})
	}
	return nil
}

// Sync is a tool of its own that calls an upstream tool the client names.
func Sync(up *client.Client, s *server.MCPServer) { // want `^calltool$`
	// ok: not a forwarder: its name is a constant.
	s.AddTool(mcp.NewTool("sync", mcp.WithString("target")), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return up.CallTool(ctx, mcp.CallToolRequest{Params: mcp.CallToolParams{
			Name:      req.GetString("target", ""),
			Arguments: req.GetArguments(),
		}})
	})
}
