// Package tools registers monitoring tools that call the JSON-RPC API
// through its interface: each operation's name says what it does.
package tools

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/dedupekey/monitor/zbx"
)

func createHost(api zbx.API) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var ids []string
		if err := api.Call(ctx, "host.create", map[string]any{"host": req.GetString("name", "")}, &ids); err != nil { // want `tool "create_host" is not idempotent but sends an HTTP POST`
			return nil, err
		}
		return mcp.NewToolResultText("created"), nil
	}
}

func deleteHost(api zbx.API) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if err := api.Call(ctx, "host.delete", []string{req.GetString("id", "")}, nil); err != nil { // want `tool "delete_host" is not marked idempotent and sends an HTTP POST`
			return nil, err
		}
		return mcp.NewToolResultText("deleted"), nil
	}
}

// deleteHostMarked is the same delete, annotated idempotent.
func deleteHostMarked(api zbx.API) server.ToolHandlerFunc { return deleteHost(api) }

func getHosts(api zbx.API) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var hosts []map[string]any
		if err := api.Call(ctx, "host.get", map[string]any{"output": "extend"}, &hosts); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("ok"), nil
	}
}

// Register adds the tools.
func Register(s *server.MCPServer, api zbx.API) {
	s.AddTool(mcp.NewTool("create_host"), createHost(api))
	s.AddTool(mcp.NewTool("delete_host"), deleteHost(api))
	s.AddTool(mcp.NewTool("delete_host_marked", mcp.WithIdempotentHintAnnotation(true)), deleteHostMarked(api))
	s.AddTool(mcp.NewTool("get_hosts"), getHosts(api))
}

// Serve wires the client in.
func Serve() *server.MCPServer {
	s := server.NewMCPServer("monitor", "1.0.0")
	Register(s, &zbx.Client{URL: "https://zabbix.example/api_jsonrpc.php"})
	return s
}
