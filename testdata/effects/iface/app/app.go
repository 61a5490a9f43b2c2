// Package app declares the server's interfaces; their implementations
// live in other packages and modules.
package app

import "context"

type Outbox interface {
	Post(ctx context.Context, msg string) error
}

// Queue has an in-memory implementation beside the real one.
type Queue interface {
	Send(ctx context.Context, msg string) error
	Len() int
}

// Sender is implemented only by a dependency's type.
type Sender interface {
	Send(ctx context.Context, msg string) error
	Peek(ctx context.Context) error
}

// Items is implemented by a dependency's web API client.
type Items interface {
	GetItemsContext(ctx context.Context) error
	PostItemContext(ctx context.Context) error
}
