// Package gh is a GraphQL client that POSTs every request to its
// configured endpoint, whose path does not say GraphQL: the body does
// ("query" beside "variables"), and each caller's document decides what
// a request does.
package gh

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
)

type Client struct {
	endpoint string
	hc       *http.Client
}

func New(endpoint string) *Client { return &Client{endpoint: endpoint, hc: http.DefaultClient} }

func (c *Client) graphql(ctx context.Context, query string, vars map[string]any) error {
	payload, err := json.Marshal(map[string]any{"query": query, "variables": vars})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.endpoint, bytes.NewReader(payload))
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

const setDateMutation = `mutation($item: ID!, $value: Date!) {
  updateItemFieldValue(input: {itemId: $item, value: {date: $value}}) { item { id } }
}`

const addCardMutation = `mutation($title: String!) {
  addDraftIssue(input: {title: $title}) { item { id } }
}`

const loadCardQuery = `query($id: ID!) { node(id: $id) { id } }`

// SetStart sets the card's start date: an update converges.
func (c *Client) SetStart(ctx context.Context, id, date string) error {
	return c.graphql(ctx, setDateMutation, map[string]any{"item": id, "value": date})
}

// AddCard adds a draft: each call adds another.
func (c *Client) AddCard(ctx context.Context, title string) error {
	return c.graphql(ctx, addCardMutation, map[string]any{"title": title})
}

// LoadCard reads.
func (c *Client) LoadCard(ctx context.Context, id string) error {
	return c.graphql(ctx, loadCardQuery, map[string]any{"id": id})
}
