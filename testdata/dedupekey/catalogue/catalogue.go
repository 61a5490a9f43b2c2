// Tools whose names and hints live in a data file the module embeds
// (tooldef/tools.yaml): the server decodes the file into a map of tools
// by name at run time and registers each by looking it up. The name is
// the key, the hints are the file's entry for it (mcpmodel/catalogue.go;
// the test gives the catalogue, as the standalone driver does).
package catalogue

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type def struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Annotations struct {
		ReadOnly   bool `json:"readOnlyHint"`
		Idempotent bool `json:"idempotentHint"`
	} `json:"annotations"`
}

// load reads the definitions from a path given at run time.
func load(path string) map[string]mcp.Tool {
	data, _ := os.ReadFile(path)
	var defs []def
	_ = json.Unmarshal(data, &defs)
	tools := make(map[string]mcp.Tool)
	for _, d := range defs {
		tools[d.Name] = mcp.NewTool(d.Name,
			mcp.WithDescription(d.Description),
			mcp.WithReadOnlyHintAnnotation(d.Annotations.ReadOnly),
			mcp.WithIdempotentHintAnnotation(d.Annotations.Idempotent))
	}
	return tools
}

type Server struct {
	srv   *server.MCPServer
	tools map[string]mcp.Tool
}

func New(path string) *Server {
	s := &Server{srv: server.NewMCPServer("orders", "1.0"), tools: load(path)}
	s.addToolIfExists("createOrder", s.handleCreate())
	s.addToolIfExists("listOrders", s.handleList())
	s.addToolIfExists("cancelOrder", s.handleCancel())
	s.addToolIfExists("describeOrder", s.handlePost("describe"))
	s.addToolIfExists("unlistedOrder", s.handlePost("unlisted"))
	return s
}

func (s *Server) addToolIfExists(name string, h server.ToolHandlerFunc) {
	if tool, ok := s.tools[name]; ok {
		s.srv.AddTool(tool, h)
	}
}

func post(ctx context.Context, url, body string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (s *Server) handleCreate() server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if err := post(ctx, "https://orders.example/orders", req.GetString("item", "")); err != nil { // want `tool "createOrder" is not idempotent but sends an HTTP POST`
			return nil, err
		}
		return mcp.NewToolResultText("ordered"), nil
	}
}

// ok: a read.
func (s *Server) handleList() server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		resp, err := http.Get("https://orders.example/orders")
		if err != nil {
			return nil, err
		}
		resp.Body.Close()
		return mcp.NewToolResultText("orders"), nil
	}
}

// ok: the file annotates cancelOrder idempotent.
func (s *Server) handleCancel() server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		r, err := http.NewRequestWithContext(ctx, http.MethodDelete, "https://orders.example/orders/"+req.GetString("id", ""), nil)
		if err != nil {
			return nil, err
		}
		resp, err := http.DefaultClient.Do(r)
		if err != nil {
			return nil, err
		}
		resp.Body.Close()
		return mcp.NewToolResultText("cancelled"), nil
	}
}

// ok: describeOrder's entry has no annotations and unlistedOrder has no
// entry: their hints are not known, and nothing is reported.
func (s *Server) handlePost(path string) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if err := post(ctx, "https://orders.example/"+path, ""); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText(path), nil
	}
}
