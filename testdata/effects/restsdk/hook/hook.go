// Package hook is go-binance's shape: each service builds a request
// struct whose method field is set where the operation is written, and
// the client sends it through a hook a test may set, else its HTTP
// client's Do.
package hook

import (
	"context"
	"fmt"
	"io"
	"net/http"
)

type doFunc func(req *http.Request) (*http.Response, error)

type Client struct {
	HTTPClient *http.Client
	do         doFunc
	BaseURL    string
}

type request struct {
	method   string
	endpoint string
	fullURL  string
	body     io.Reader
}

type RequestOption func(*request)

func (c *Client) parseRequest(r *request, opts ...RequestOption) error {
	for _, opt := range opts {
		opt(r)
	}
	r.fullURL = c.BaseURL + r.endpoint
	return nil
}

func (c *Client) callAPI(ctx context.Context, r *request, opts ...RequestOption) ([]byte, error) { // want callAPI:`http\(sends method of param 1's method\)`
	if err := c.parseRequest(r, opts...); err != nil {
		return nil, err
	}
	req, err := http.NewRequest(r.method, r.fullURL, r.body)
	if err != nil {
		return nil, err
	}
	req = req.WithContext(ctx)
	f := c.do
	if f == nil {
		f = c.HTTPClient.Do
	}
	res, err := f(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	return io.ReadAll(res.Body)
}

type CreateOrderService struct {
	c      *Client
	symbol string
}

func (c *Client) NewCreateOrderService() *CreateOrderService { return &CreateOrderService{c: c} }

func (s *CreateOrderService) createOrder(ctx context.Context, endpoint string, opts ...RequestOption) ([]byte, error) { // want createOrder:`effect\(HTTP POST: \(\*net/http.Client\).Do via \(\*hook.Client\).callAPI\)`
	r := &request{method: http.MethodPost, endpoint: endpoint}
	return s.c.callAPI(ctx, r, opts...)
}

func (s *CreateOrderService) Do(ctx context.Context, opts ...RequestOption) error { // want Do:`effect\(HTTP POST: \(\*net/http.Client\).Do via \(\*hook.CreateOrderService\).createOrder\)`
	_, err := s.createOrder(ctx, "/api/v3/order", opts...)
	return err
}

type ListPricesService struct{ c *Client }

func (s *ListPricesService) Do(ctx context.Context, opts ...RequestOption) error { // want Do:`http\(read\)`
	r := &request{method: http.MethodGet, endpoint: "/api/v3/ticker/price"}
	_, err := s.c.callAPI(ctx, r, opts...)
	return err
}

func (r *request) setParam(key string, value any) *request {
	if r.endpoint == "" {
		r.endpoint = "/"
	}
	r.fullURL += "&" + key + "=" + fmt.Sprint(value)
	return r
}

type TransferService struct {
	c      *Client
	asset  string
	symbol *string
}

func (c *Client) NewTransferService() *TransferService { return &TransferService{c: c} }

// Do passes no options to callAPI, whose variadic options are then
// none: the method is the literal's.
func (s *TransferService) Do(ctx context.Context) error { // want Do:`effect\(HTTP POST: \(\*net/http.Client\).Do via \(\*hook.Client\).callAPI\)`
	r := &request{
		method:   "POST",
		endpoint: "/sapi/v1/asset/transfer",
	}
	r.setParam("asset", s.asset)
	if v := s.symbol; v != nil {
		r.setParam("symbol", *v)
	}
	_, err := s.c.callAPI(ctx, r)
	return err
}
