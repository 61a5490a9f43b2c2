// Package gen has the shape of an oapi-codegen client: one request // want package:"hidden\\(memStore, remoteStore\\)"
// builder per operation that fixes the method, a client method that sends
// it through an HttpRequestDoer, and a ClientWithResponses over it.
package gen

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
)

type HttpRequestDoer interface {
	Do(req *http.Request) (*http.Response, error)
}

type Client struct {
	Server string
	Client HttpRequestDoer
}

// ClientInterface is what oapi-codegen declares for the operations,
// implemented by *Client beside it; ClientWithResponses embeds it.
type ClientInterface interface {
	CreateService(ctx context.Context, body CreateServiceJSONRequestBody) (*http.Response, error)
	ListServices(ctx context.Context, params *ListServicesParams) (*http.Response, error)
}

type ClientWithResponses struct{ ClientInterface }

type CreateServiceJSONRequestBody struct{ Name string }

type ListServicesParams struct{ Limit *int }

func NewCreateServiceRequest(server string, body CreateServiceJSONRequestBody) (*http.Request, error) { // want NewCreateServiceRequest:`http\(builds POST, path of param 0\)`
	serverURL, err := url.Parse(server)
	if err != nil {
		return nil, err
	}
	operationPath := fmt.Sprintf("/services")
	queryURL, err := serverURL.Parse(operationPath)
	if err != nil {
		return nil, err
	}
	buf, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequest("POST", queryURL.String(), bytes.NewReader(buf))
	if err != nil {
		return nil, err
	}
	req.Header.Add("Content-Type", "application/json")
	return req, nil
}

func NewListServicesRequest(server string, params *ListServicesParams) (*http.Request, error) { // want NewListServicesRequest:`http\(builds GET, path of param 0\)`
	serverURL, err := url.Parse(server)
	if err != nil {
		return nil, err
	}
	queryURL, err := serverURL.Parse("/services")
	if err != nil {
		return nil, err
	}
	return http.NewRequest("GET", queryURL.String(), nil)
}

// NewListServicesByTagRequest POSTs a filter: a read by its name.
func NewListServicesByTagRequest(server string, tag string) (*http.Request, error) { // want NewListServicesByTagRequest:`http\(builds POST, path of param 0\)`
	serverURL, err := url.Parse(server)
	if err != nil {
		return nil, err
	}
	queryURL, err := serverURL.Parse("/services/tagged")
	if err != nil {
		return nil, err
	}
	buf, _ := json.Marshal(map[string]string{"tag": tag})
	return http.NewRequest("POST", queryURL.String(), bytes.NewReader(buf))
}

func (c *Client) CreateService(ctx context.Context, body CreateServiceJSONRequestBody) (*http.Response, error) { // want CreateService:`effect\(HTTP POST: gen.HttpRequestDoer.Do\)`
	req, err := NewCreateServiceRequest(c.Server, body)
	if err != nil {
		return nil, err
	}
	req = req.WithContext(ctx)
	return c.Client.Do(req)
}

func (c *Client) ListServices(ctx context.Context, params *ListServicesParams) (*http.Response, error) { // want ListServices:`http\(read\)`
	req, err := NewListServicesRequest(c.Server, params)
	if err != nil {
		return nil, err
	}
	req = req.WithContext(ctx)
	return c.Client.Do(req)
}

func (c *Client) ListServicesByTag(ctx context.Context, tag string) (*http.Response, error) { // want ListServicesByTag:`http\(read\)` ListServicesByTag:`effect\(HTTP POST read by design: gen\.HttpRequestDoer\.Do\)`
	req, err := NewListServicesByTagRequest(c.Server, tag)
	if err != nil {
		return nil, err
	}
	req = req.WithContext(ctx)
	return c.Client.Do(req)
}

func (c *ClientWithResponses) CreateServiceWithResponse(ctx context.Context, body CreateServiceJSONRequestBody) (*http.Response, error) { // want CreateServiceWithResponse:`effect\(HTTP POST: gen.HttpRequestDoer.Do via gen.ClientInterface.CreateService \(implemented by \(\*gen.Client\).CreateService\)\)`
	rsp, err := c.CreateService(ctx, body)
	if err != nil {
		return nil, err
	}
	return rsp, nil
}

func (c *ClientWithResponses) ListServicesWithResponse(ctx context.Context, params *ListServicesParams) (*http.Response, error) { // ok: a GET
	return c.ListServices(ctx, params)
}

// Store is implemented beside it by a database client and an in-memory
// twin: a call through it stays unknown.
type Store interface {
	Save(ctx context.Context, body CreateServiceJSONRequestBody) (*http.Response, error)
}

type remoteStore struct{ c *Client }

func (s *remoteStore) Save(ctx context.Context, body CreateServiceJSONRequestBody) (*http.Response, error) { // want Save:`effect\(HTTP POST: gen.HttpRequestDoer.Do via \(\*gen.Client\).CreateService\)`
	return s.c.CreateService(ctx, body)
}

type memStore struct{ saved []CreateServiceJSONRequestBody }

func (s *memStore) Save(ctx context.Context, body CreateServiceJSONRequestBody) (*http.Response, error) {
	s.saved = append(s.saved, body)
	return nil, nil
}

func SaveVia(ctx context.Context, s Store, body CreateServiceJSONRequestBody) error { // ok: memStore saves nothing
	_, err := s.Save(ctx, body)
	return err
}
