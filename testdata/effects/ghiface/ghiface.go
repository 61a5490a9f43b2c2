// Package ghiface calls go-github's services through interfaces of its
// own (kept for its tests): the implementation is go-github's, which the
// catalogue rules and whose bodies are not summarized, so the rule's
// effect is the interface method's.
package ghiface

import (
	"context"

	"github.com/google/go-github/v75/github"
)

// IssuesService is what the server needs of go-github's.
type IssuesService interface {
	CreateComment(ctx context.Context, owner, repo string, number int, comment *github.IssueComment) (*github.IssueComment, *github.Response, error)
	Get(ctx context.Context, owner, repo string, number int) (*github.Issue, *github.Response, error)
}

// Client holds the services.
type Client struct {
	Issues IssuesService
}

// New wraps go-github's client.
func New(gh *github.Client) *Client {
	return &Client{Issues: gh.Issues}
}

func (c *Client) Comment(ctx context.Context, body string) error { // want Comment:`effect\(.*IssuesService.CreateComment.*\)`
	_, _, err := c.Issues.CreateComment(ctx, "o", "r", 1, &github.IssueComment{Body: github.Ptr(body)})
	return err
}

// ok: the implementation reads.
func (c *Client) Show(ctx context.Context) error {
	_, _, err := c.Issues.Get(ctx, "o", "r", 1)
	return err
}
