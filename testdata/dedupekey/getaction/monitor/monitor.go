// Package monitor is a monitoring server's client whose API GETs its
// commands (Centreon's /monitoring-servers/{id}/generate-and-reload).
package monitor

import (
	"context"
	"fmt"
	"net/http"
)

// Client talks to the monitoring server.
type Client struct {
	base    string
	hc      *http.Client
	Servers *ServerService
}

// ServerService is the monitoring servers' part of the API.
type ServerService struct{ client *Client }

func (c *Client) buildURL(path string) string { return fmt.Sprintf("%s/api/latest%s", c.base, path) }

func (c *Client) do(ctx context.Context, method, path string) error {
	req, err := http.NewRequestWithContext(ctx, method, c.buildURL(path), nil)
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Client) get(ctx context.Context, path string) error { return c.do(ctx, http.MethodGet, path) }

// Reload generates the server's configuration and reloads its engine.
func (s *ServerService) Reload(ctx context.Context, id int) error {
	return s.client.get(ctx, fmt.Sprintf("/monitoring-servers/%d/generate-and-reload", id))
}

// Status reads the server's state.
func (s *ServerService) Status(ctx context.Context, id int) error {
	return s.client.get(ctx, fmt.Sprintf("/monitoring-servers/%d/status", id))
}
