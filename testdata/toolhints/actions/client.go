// Package actions registers tools of a client whose helpers send every
// request (Spinnaker's Gate, kuso's API, Linear's GraphQL endpoint): the
// caller's path, query string, method name or GraphQL document says what
// each request does.
package actions

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// Client talks to the API.
type Client struct {
	base string
	http *http.Client
}

func (c *Client) send(ctx context.Context, method, path string, body any) error {
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(b))
	if err != nil {
		return err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Client) post(ctx context.Context, path string, body any) error {
	return c.send(ctx, "POST", path, body)
}

func (c *Client) put(ctx context.Context, path string, body any) error {
	return c.send(ctx, "PUT", path, body)
}

// PUTs that set a state, and one that runs an action.

func (c *Client) PauseRun(ctx context.Context, id string) error {
	return c.put(ctx, fmt.Sprintf("/runs/%s/pause", url.PathEscape(id)), nil)
}

func (c *Client) RestartStage(ctx context.Context, run, stage string) error {
	return c.put(ctx, fmt.Sprintf("/runs/%s/stages/%s/restart", url.PathEscape(run), url.PathEscape(stage)), nil)
}

// POSTs named by what they do.

func (c *Client) EvaluateExpression(ctx context.Context, run, expr string) error {
	return c.post(ctx, fmt.Sprintf("/runs/%s/expressions", url.PathEscape(run)), map[string]string{"expression": expr})
}

func (c *Client) RerunExpression(ctx context.Context, run, expr string) error {
	return c.post(ctx, fmt.Sprintf("/runs/%s/expressions", url.PathEscape(run)), map[string]string{"expression": expr})
}

// apiPath joins path segments.
func apiPath(segs ...string) string {
	return "/" + strings.Join(segs, "/")
}

// gql sends a GraphQL document to the API's one endpoint.
func (c *Client) gql(ctx context.Context, query string, vars map[string]any) error {
	return c.send(ctx, "POST", "/graphql", map[string]any{"query": query, "variables": vars})
}

func (c *Client) ProjectProps(ctx context.Context, id, name string) error {
	return c.gql(ctx, `mutation ProjectUpdate($id: String!, $name: String!) { projectUpdate(id: $id, input: {name: $name}) { success } }`,
		map[string]any{"id": id, "name": name})
}

func (c *Client) ProjectNew(ctx context.Context, name string) error {
	return c.gql(ctx, `mutation ProjectCreate($name: String!) { projectCreate(input: {name: $name}) { success } }`,
		map[string]any{"name": name})
}
