package apireq

import (
	"bytes"
	"context"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

// An atlassian-dc-mcp-go shape: a builder of an *http.Request from the
// method its caller gives, converted by go-retryablehttp's FromRequest
// and sent by its Client.

func buildHTTPRequest(method, base string, body []byte) (*http.Request, error) { // want buildHTTPRequest:`http\(builds method of param 0, path of param 1\)`
	var req *http.Request
	var err error
	if body != nil {
		req, err = http.NewRequest(method, base, bytes.NewBuffer(body))
	} else {
		req, err = http.NewRequest(method, base, nil)
	}
	if err != nil {
		return nil, err
	}
	return req, nil
}

// Execute sends method to c.Base with retries.
func Execute(ctx context.Context, c *RetryingClient, method string, body []byte) error { // want Execute:`http\(sends method of param 2\)`
	req, err := buildHTTPRequest(method, c.Base, body)
	if err != nil {
		return err
	}
	rreq, err := retryablehttp.FromRequest(req.WithContext(ctx))
	if err != nil {
		return err
	}
	resp, err := c.RC.Do(rreq)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// CreateIssue posts an issue.
func CreateIssue(ctx context.Context, c *RetryingClient, body []byte) error { // want CreateIssue:`effect\(HTTP POST: .* via apireq.Execute\)`
	return Execute(ctx, c, http.MethodPost, body)
}

// GetIssue reads one.
func GetIssue(ctx context.Context, c *RetryingClient) error { // want GetIssue:`http\(read\)`
	return Execute(ctx, c, http.MethodGet, nil)
}
