// Package resty uses resty's request API: the method is the Go method's
// name.
package resty

import (
	"github.com/go-resty/resty/v2"
)

type Client struct{ rc *resty.Client }

func (c *Client) Open(title string) error { // want Open:`effect\(HTTP POST: \(\*github.com/go-resty/resty/v2.Request\).Post\)`
	_, err := c.rc.R().SetBody(map[string]string{"title": title}).Post("https://api.example.com/tickets")
	return err
}

func (c *Client) Show(id string) error { // want Show:`http\(read\)`
	_, err := c.rc.R().SetResult(new(struct{})).Get("https://api.example.com/tickets/" + id)
	return err
}

func (c *Client) Replace(id string) error { // want Replace:`effect\(HTTP PUT: .*\)`
	_, err := c.rc.R().SetBody(id).Put("https://api.example.com/tickets/" + id)
	return err
}

// SearchTickets POSTs a search: a read by design.
func (c *Client) SearchTickets(q string) error { // want SearchTickets:`http\(read\)` SearchTickets:`effect\(HTTP POST read by design: \(\*github.com/go-resty/resty/v2.Request\).Post\)`
	_, err := c.rc.R().SetBody(q).Post("https://api.example.com/tickets/search")
	return err
}

// Send chooses the method at run time: the caller's.
func (c *Client) Send(method, url string) error { // want Send:`http\(sends method of param 0, path of param 1\)`
	_, err := c.rc.R().Execute(method, url)
	return err
}

func (c *Client) Close(id string) error { // want Close:`effect\(HTTP PATCH: .* via \(\*resty.Client\).Send\)`
	return c.Send("PATCH", "https://api.example.com/tickets/close")
}
