package gosdk

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Tool constructors that return the zero tool when their schema does
// not marshal (a server seen in the wild): the zero value is no tool, the
// other return names it.

type provider struct{ c *http.Client }

func (p *provider) createTaskTool() mcp.Tool {
	schema, err := json.Marshal(map[string]any{"type": "object"})
	if err != nil {
		return mcp.Tool{}
	}
	return mcp.Tool{Name: "task_create", InputSchema: json.RawMessage(schema)}
}

func (p *provider) listTasksTool() mcp.Tool {
	schema, err := json.Marshal(map[string]any{"type": "object"})
	if err != nil {
		return mcp.Tool{}
	}
	return mcp.Tool{Name: "task_list", InputSchema: json.RawMessage(schema), Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true}}
}

func (p *provider) createTask(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := p.c.Post("https://tasks.example.com/tasks", "application/json", nil) // want `tool "task_create" is not idempotent but sends an HTTP POST`
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	return &mcp.CallToolResult{}, nil
}

func (p *provider) listTasks(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := p.c.Get("https://tasks.example.com/tasks")
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	return &mcp.CallToolResult{}, nil
}

type serverTool struct {
	tool    mcp.Tool
	handler mcp.ToolHandler
}

func registerTasks(s *mcp.Server, p *provider) {
	for _, t := range []serverTool{
		{p.createTaskTool(), p.createTask},
		{p.listTasksTool(), p.listTasks},
	} {
		s.AddTool(&t.tool, t.handler)
	}
}
