// Package mcptool implements the agent's Tool interface over an MCP
// session.
package mcptool

import (
	"context"

	"github.com/mark3labs/mcp-go/client"
	gomcp "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Tool is a remote MCP tool.
type Tool struct {
	cs   *mcp.ClientSession
	name string
}

func (t *Tool) Name() string { return t.name }

// Run calls the remote tool.
func (t *Tool) Run(ctx context.Context, input string) (string, error) { // want Run:"calltool"
	res, err := t.cs.CallTool(ctx, &mcp.CallToolParams{Name: t.name, Arguments: map[string]any{"input": input}})
	if err != nil {
		return "", err
	}
	_ = res
	return "", nil
}

// Status is a read-back tool of this package, called once.
type Status struct{ cs *mcp.ClientSession }

// Handle asks for the status.
func (s Status) Handle(ctx context.Context, id string) error { // want Handle:"calltool\\(tool=status\\)"
	_, err := s.cs.CallTool(ctx, &mcp.CallToolParams{Name: "status", Arguments: map[string]any{"id": id}})
	return err
}

// RemoteTool is the same over mcp-go.
type RemoteTool struct {
	c    *client.Client
	name string
}

func (t *RemoteTool) Name() string { return t.name }

// Run calls the remote tool.
func (t *RemoteTool) Run(ctx context.Context, input string) (string, error) { // want Run:"calltool"
	req := gomcp.CallToolRequest{}
	req.Params.Name = t.name
	req.Params.Arguments = map[string]any{"input": input}
	_, err := t.c.CallTool(ctx, req)
	return "", err
}
