// Package envelope has the shape of gokiteconnect: the client sends each // want package:"hidden\\(httpClient\\)"
// request through an HTTPClient interface declared and implemented in
// this package, whose DoEnvelope takes the method from its caller.
package envelope

import (
	"bytes"
	"net/http"
)

// HTTPClient sends a request.
type HTTPClient interface {
	DoEnvelope(method, url string, body []byte) error
}

type httpClient struct{ client *http.Client }

func (h *httpClient) DoEnvelope(method, url string, body []byte) error { // want DoEnvelope:`http\(sends method of param 0, path of param 1\)`
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := h.client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Recorder is a stand-in for tests: it hands the request to a function.
type Recorder struct {
	Fn func(method, url string, body []byte) error
}

func (r *Recorder) DoEnvelope(method, url string, body []byte) error { // want DoEnvelope:`standin`
	return r.Fn(method, url, body)
}

// Client is the API client.
type Client struct {
	base       string
	httpClient HTTPClient
}

func New(base string) *Client {
	return &Client{base: base, httpClient: &httpClient{client: http.DefaultClient}}
}

func (c *Client) doEnvelope(method, uri string, body []byte) error { // want doEnvelope:`http\(sends method of param 0, path of param 1\)`
	return c.httpClient.DoEnvelope(method, c.base+uri, body)
}

// PlaceOrder places a new order: a POST.
func (c *Client) PlaceOrder(order string) error { // want PlaceOrder:`effect\(HTTP POST: \(\*net/http.Client\).Do via \(\*envelope.Client\).doEnvelope\)`
	return c.doEnvelope(http.MethodPost, "/orders", []byte(order))
}

// CancelOrder cancels an order: a DELETE.
func (c *Client) CancelOrder(id string) error { // want CancelOrder:`effect\(HTTP DELETE: \(\*net/http.Client\).Do via \(\*envelope.Client\).doEnvelope\)`
	return c.doEnvelope(http.MethodDelete, "/orders/"+id, nil)
}

// GetOrders lists the orders: a GET.
func (c *Client) GetOrders() error { // want GetOrders:`http\(read\)`
	return c.doEnvelope(http.MethodGet, "/orders", nil)
}
