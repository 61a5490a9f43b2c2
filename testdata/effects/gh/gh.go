// Package gh builds go-github requests itself: the client's builder and
// sender are known by their signatures, since go-github's own bodies are
// left to the catalogue.
package gh

import (
	"context"

	"github.com/google/go-github/v79/github"
)

func CloseIssue(ctx context.Context, c *github.Client) error { // want CloseIssue:`effect\(HTTP PATCH: \(\*github.Client\).Do\)`
	req, err := c.NewRequest(ctx, "PATCH", "repos/o/r/issues/1", map[string]string{"state": "closed"})
	if err != nil {
		return err
	}
	_, err = c.Do(req, nil)
	return err
}

func ShowIssue(ctx context.Context, c *github.Client) error { // ok: a GET
	req, err := c.NewRequest(ctx, "GET", "repos/o/r/issues/1", nil)
	if err != nil {
		return err
	}
	_, err = c.Do(req, nil)
	return err
}
