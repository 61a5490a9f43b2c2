package restsdk

import (
	"context"
	"net/http"
	"strings"
)

// Vault is a client shaped like Vault's API client: a request struct
// built with its method, then every request callback the client holds
// applied to it, then sent by a function that reads its Method.
type Vault struct {
	addr      string
	callbacks []func(*VaultRequest)
}

type VaultRequest struct {
	Method string
	Path   string
	Header http.Header
}

func (c *Vault) newRequest(method, path string) *VaultRequest {
	r := &VaultRequest{Method: method, Path: c.addr + path, Header: http.Header{}}
	for _, cb := range c.callbacks {
		cb(r)
	}
	return r
}

func (c *Vault) raw(ctx context.Context, r *VaultRequest) error { // want raw:`http\(sends method of param 1's Method\)`
	req, err := http.NewRequestWithContext(ctx, r.Method, r.Path, strings.NewReader("{}"))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Write PUTs: the callbacks the client applies set headers, not the
// method, which stays the one the request was built with.
func (c *Vault) Write(ctx context.Context, path string) error { // want Write:`effect\(HTTP PUT: .*\)`
	return c.raw(ctx, c.newRequest(http.MethodPut, "/v1/"+path))
}

// List sends Vault's LIST: a read.
func (c *Vault) List(ctx context.Context, path string) error { // want List:`http\(read\)`
	return c.raw(ctx, c.newRequest("LIST", "/v1/"+path))
}
