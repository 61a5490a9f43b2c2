// Package opts has the shape of go-gitlab's client: the service method
// passes functional options to a generic do, and one of them sets the
// method of the request configuration.
package opts

import (
	"fmt"
	"net/http"
)

type config struct {
	method string
	path   string
}

type option func(*config) error

func withMethod(method string) option { // want withMethod:`http\(option sets method of param 0\)`
	return func(c *config) error {
		c.method = method
		return nil
	}
}

func withPath(path string, args ...any) option {
	return func(c *config) error {
		c.path = fmt.Sprintf(path, args...)
		return nil
	}
}

type Client struct {
	base string
	hc   *http.Client
}

func do[T any](c *Client, opts ...option) (T, error) { // want do:`http\(sends method of the options from param 1\)`
	var zero T
	cfg := &config{method: http.MethodGet}
	for _, o := range opts {
		if err := o(cfg); err != nil {
			return zero, err
		}
	}
	req, err := http.NewRequest(cfg.method, c.base+cfg.path, nil)
	if err != nil {
		return zero, err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return zero, err
	}
	return zero, resp.Body.Close()
}

type PipelinesService struct{ c *Client }

func (s *PipelinesService) RetryPipeline(pid, id int) error { // want RetryPipeline:`effect\(HTTP POST: \(\*net/http.Client\).Do via opts.do\)`
	_, err := do[struct{}](s.c, withMethod(http.MethodPost), withPath("projects/%d/pipelines/%d/retry", pid, id))
	return err
}

func (s *PipelinesService) DeletePipeline(pid, id int) error { // want DeletePipeline:`effect\(HTTP DELETE: .*\)`
	_, err := do[struct{}](s.c, withPath("projects/%d/pipelines/%d", pid, id), withMethod(http.MethodDelete))
	return err
}

func (s *PipelinesService) GetPipeline(pid, id int) error { // want GetPipeline:`http\(read\)`
	_, err := do[struct{}](s.c, withMethod(http.MethodGet), withPath("projects/%d/pipelines/%d", pid, id))
	return err
}

func (s *PipelinesService) ListPipelines(pid int) error { // ok: no method option (do's default, not followed)
	_, err := do[struct{}](s.c, withPath("projects/%d/pipelines", pid))
	return err
}

// EditPipeline keeps its options in a slice it grows, then spreads it
// (go-gitlab's EditProject).
func (s *PipelinesService) EditPipeline(pid, id int, note string) error { // want EditPipeline:`effect\(HTTP PUT: .*\)`
	reqOpts := []option{
		withMethod(http.MethodPut),
		withPath("projects/%d/pipelines/%d", pid, id),
	}
	if note != "" {
		reqOpts = append(reqOpts, withPath("projects/%d/pipelines/%d?note=%s", pid, id, note))
	}
	_, err := do[struct{}](s.c, reqOpts...)
	return err
}

// ShowPipeline spreads a slice literal of a GET.
func (s *PipelinesService) ShowPipeline(pid, id int) error { // want ShowPipeline:`http\(read\)`
	_, err := do[struct{}](s.c, []option{withMethod(http.MethodGet), withPath("projects/%d/pipelines/%d", pid, id)}...)
	return err
}
