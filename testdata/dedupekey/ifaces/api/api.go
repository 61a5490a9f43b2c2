// Package api declares the server's client interface, for tests.
package api

import "context"

type Messenger interface {
	Deliver(ctx context.Context, to, body string) error
	Inbox(ctx context.Context, to string) error
}
