// Package davsvc serves calendar tools through a service interface (the
// icloud-mcp shape): the real client sends each request from a closure it
// runs itself, and a decorator that rate-limits every call forwards to
// the implementation it holds.
package davsvc

import (
	"bytes"
	"context"
	"errors"
	"net/http"
)

// HTTPDoer is the transport the client is given (an *http.Client).
type HTTPDoer interface {
	Do(req *http.Request) (*http.Response, error)
}

// Service is what the tools call.
type Service interface {
	ListEvents(ctx context.Context, cal string) error
	CreateEvent(ctx context.Context, cal, body string) error
	SaveEvent(ctx context.Context, cal, body string) error
}

// Client implements Service over CalDAV.
type Client struct {
	http HTTPDoer
	base string
}

var _ Service = (*Client)(nil)

// do sends each attempt from a closure it runs at once.
func (c *Client) do(ctx context.Context, method, path string, body []byte) error {
	for attempt := 0; attempt < 2; attempt++ {
		err := func() error {
			req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(body))
			if err != nil {
				return err
			}
			resp, err := c.http.Do(req)
			if err != nil {
				return err
			}
			return resp.Body.Close()
		}()
		if err == nil {
			return nil
		}
	}
	return errors.New("no answer")
}

// put sends from a closure kept in a local and called.
func (c *Client) put(ctx context.Context, path string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, c.base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	send := func() error {
		resp, err := c.http.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	return send()
}

func (c *Client) ListEvents(ctx context.Context, cal string) error {
	return c.do(ctx, "REPORT", "/calendars/"+cal, nil)
}

func (c *Client) CreateEvent(ctx context.Context, cal, body string) error {
	return c.do(ctx, http.MethodPost, "/calendars/"+cal, []byte(body))
}

func (c *Client) SaveEvent(ctx context.Context, cal, body string) error {
	return c.put(ctx, "/calendars/"+cal+"/event.ics", []byte(body))
}

// Guarded rate-limits every call, then forwards to the implementation it
// holds.
type Guarded struct {
	inner Service
	slots chan struct{}
}

func (g *Guarded) wait(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	select {
	case g.slots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (g *Guarded) ListEvents(ctx context.Context, cal string) error {
	if err := g.wait(ctx); err != nil {
		return err
	}
	defer func() { <-g.slots }()
	return g.inner.ListEvents(ctx, cal)
}

func (g *Guarded) CreateEvent(ctx context.Context, cal, body string) error {
	if err := g.wait(ctx); err != nil {
		return err
	}
	defer func() { <-g.slots }()
	return g.inner.CreateEvent(ctx, cal, body)
}

func (g *Guarded) SaveEvent(ctx context.Context, cal, body string) error {
	if err := g.wait(ctx); err != nil {
		return err
	}
	defer func() { <-g.slots }()
	return g.inner.SaveEvent(ctx, cal, body)
}
