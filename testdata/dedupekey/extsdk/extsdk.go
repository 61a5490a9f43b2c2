// Package extsdk is a messaging client of another module.
package extsdk

import (
	"context"
	"database/sql"
)

type Client struct{ DB *sql.DB }

// Deliver sends a message: a new row every call.
func (c *Client) Deliver(ctx context.Context, to, body string) error {
	_, err := c.DB.ExecContext(ctx, "INSERT INTO outbox (recipient, body) VALUES ($1, $2)", to, body)
	return err
}

// Inbox reads messages.
func (c *Client) Inbox(ctx context.Context, to string) error {
	_, err := c.DB.QueryContext(ctx, "SELECT body FROM outbox WHERE recipient = $1", to)
	return err
}

// Messenger is the client's interface, declared beside its implementation
// (as an SDK declares XServiceInterface for its users' tests).
type Messenger interface {
	Deliver(ctx context.Context, to, body string) error
	Inbox(ctx context.Context, to string) error
}

var _ Messenger = (*Client)(nil)
