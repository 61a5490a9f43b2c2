package gql // want package:"hidden\\(limiter\\)"

import (
	"bytes"
	"encoding/json"
	"net/http"
)

// Linear is a client shaped like a hand-written GraphQL client: every
// call POSTs its document to one endpoint, through a rate limiter that
// runs the send in a closure.
type Linear struct {
	hc      *http.Client
	limiter *limiter
}

const linearEndpoint = "https://api.linear.example/graphql"

type gqlRequest struct {
	Query     string         `json:"query"`
	Variables map[string]any `json:"variables,omitempty"`
}

type limiter struct{ ch chan struct{} }

func (l *limiter) Enqueue(f func() error, name string) error {
	l.ch <- struct{}{}
	defer func() { <-l.ch }()
	return f()
}

func (c *Linear) execute(query string, vars map[string]any) error { // want execute:`http\(sends POST https://api.linear.example/graphql, query of param 0, rpc\)` execute:`effect\(HTTP POST \(rpc\): \(\*net/http.Client\).Do\)`
	body, err := json.Marshal(gqlRequest{Query: query, Variables: vars})
	if err != nil {
		return err
	}
	req, err := http.NewRequest("POST", linearEndpoint, bytes.NewBuffer(body))
	if err != nil {
		return err
	}
	var resp *http.Response
	err = c.limiter.Enqueue(func() error {
		var e error
		resp, e = c.hc.Do(req)
		return e
	}, "graphql")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// GetIssue sends a GraphQL query: a read.
func (c *Linear) GetIssue(id string) error { // want GetIssue:`http\(read\)` GetIssue:`effect\(HTTP POST read by design: .*\)`
	query := `
		query GetIssue($id: String!) {
			issue(id: $id) { id title }
		}
	`
	return c.execute(query, map[string]any{"id": id})
}

// CreateIssue sends a GraphQL mutation: a write.
func (c *Linear) CreateIssue(title string) error { // want CreateIssue:`effect\(HTTP POST \(rpc\): .* via \(\*gql.Linear\).execute\)`
	query := `
		mutation CreateIssue($title: String!) {
			issueCreate(input: {title: $title}) { success }
		}
	`
	return c.execute(query, map[string]any{"title": title})
}
