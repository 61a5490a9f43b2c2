// Package gqlverbs serves tools that POST GraphQL
// mutations through one helper, none annotated: the mutation's field
// names the operation, and its verb says whether a repeat converges
// (stopTimer, updateTag: set a state; the tool could be annotated
// idempotent) or repeats (startTimer: a new running span).
package gqlverbs

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type gqlRequest struct {
	Query     string         `json:"query"`
	Variables map[string]any `json:"variables,omitempty"`
}

type Client struct{ URL string }

func (c *Client) execute(ctx context.Context, query string, vars map[string]any) error {
	body, err := json.Marshal(gqlRequest{Query: query, Variables: vars})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.URL+"/graphql", bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Client) StartTimer(ctx context.Context, note string) error {
	return c.execute(ctx, `mutation($note: String!) { startTimer(note: $note) { id } }`, map[string]any{"note": note})
}

func (c *Client) StopTimer(ctx context.Context, id int) error {
	return c.execute(ctx, `mutation($id: Int!) {
		stopTimer(id: $id) { id }
	}`, map[string]any{"id": id})
}

// Retag names its field through an alias.
func (c *Client) Retag(ctx context.Context, key string) error {
	return c.execute(ctx, `# rename a tag
mutation Retag($key: String!) { renamed: updateTag(key: $key) { key } }`, map[string]any{"key": key})
}

type In struct {
	ID   int    `json:"id"`
	Note string `json:"note"`
}

func Register(s *mcp.Server, c *Client) {
	mcp.AddTool(s, &mcp.Tool{Name: "start_timer"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, c.StartTimer(ctx, in.Note) // want `tool "start_timer" is not idempotent but sends an HTTP POST`
	})
	// Stopping a stopped timer changes nothing: it could be annotated
	// idempotent.
	mcp.AddTool(s, &mcp.Tool{Name: "stop_timer"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, c.StopTimer(ctx, in.ID) // want `tool "stop_timer" is not marked idempotent and sends an HTTP POST`
	})
	// An update sets the tag's fields.
	mcp.AddTool(s, &mcp.Tool{Name: "retag"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, c.Retag(ctx, in.Note) // want `tool "retag" is not marked idempotent and sends an HTTP POST`
	})
}
