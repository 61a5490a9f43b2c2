// Package catalogue declares its tools in tools.yaml, which the build
// embeds and the server decodes at run time into a map of tools by name:
// mcpvet tools reads the names and hints there (hintsFrom), for the
// registrations that look a tool up by a constant name. unlisted_item has
// no entry and stays unknown.
package catalogue

import (
	"context"
	_ "embed"
	"encoding/json"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

//go:embed tools.yaml
var toolsFile []byte

type def struct {
	Name        string
	Annotations struct{ ReadOnlyHint, IdempotentHint bool }
}

func load(data []byte) map[string]mcp.Tool {
	var defs []def
	_ = json.Unmarshal(data, &defs) // stands in for a YAML decoder
	tools := make(map[string]mcp.Tool)
	for _, d := range defs {
		tools[d.Name] = mcp.NewTool(d.Name,
			mcp.WithReadOnlyHintAnnotation(d.Annotations.ReadOnlyHint),
			mcp.WithIdempotentHintAnnotation(d.Annotations.IdempotentHint))
	}
	return tools
}

func Register(s *server.MCPServer) {
	tools := load(toolsFile)
	add(s, tools, "create_item", func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		resp, err := http.Post("https://items.example/items", "application/json", nil)
		if err != nil {
			return nil, err
		}
		resp.Body.Close()
		return mcp.NewToolResultText("created"), nil
	})
	add(s, tools, "list_items", func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("items"), nil
	})
	add(s, tools, "unlisted_item", func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("unlisted"), nil
	})
}

func add(s *server.MCPServer, tools map[string]mcp.Tool, name string, h server.ToolHandlerFunc) {
	if t, ok := tools[name]; ok {
		s.AddTool(t, h)
	}
}
