package store

import (
	"context"
	"net/http"
	"strings"
)

// newPost builds a POST: a helper whose name says nothing of what the
// request does; its caller's name does.
func newPost(ctx context.Context, url string) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader("{}"))
}

func do(req *http.Request) error {
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Lookup POSTs a lookup through the helpers: a read by design.
func Lookup(ctx context.Context, url string) error {
	req, err := newPost(ctx, url)
	if err != nil {
		return err
	}
	return do(req)
}

// Submit POSTs a change through the same helpers.
func Submit(ctx context.Context, url string) error {
	req, err := newPost(ctx, url)
	if err != nil {
		return err
	}
	return do(req)
}

// createItem builds a POST whose name says it creates.
func createItem(ctx context.Context, url string) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader("{}"))
}

// GetItem POSTs through a helper named for a create: the helper's word
// outweighs its caller's.
func GetItem(ctx context.Context, url string) error {
	req, err := createItem(ctx, url)
	if err != nil {
		return err
	}
	return do(req)
}

// createTraceRequest builds a POST and is named by the request it builds:
// its verb says nothing of the operation.
func createTraceRequest(ctx context.Context, url string) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader("{}"))
}

// Traces POSTs a trace query through that builder.
func Traces(ctx context.Context, url string) error {
	req, err := createTraceRequest(ctx, url)
	if err != nil {
		return err
	}
	return do(req)
}
