// Package svc declares the project's own interface over an SDK's, its
// real implementation (a wrapper forwarding to the SDK's interface) and
// a testify mock beside it, in a non-test file.
package svc

import (
	"context"
	"fmt"

	"github.com/stretchr/testify/mock"

	"example.com/extsdk"
)

// Outbox is what the handlers call.
type Outbox interface {
	Deliver(ctx context.Context, to, body string) error
	Inbox(ctx context.Context, to string) error
}

// Wrapper forwards to the SDK's interface: the real implementation.
type Wrapper struct {
	m extsdk.Messenger
}

func New(c *extsdk.Client) *Wrapper { return &Wrapper{m: c} }

func (w *Wrapper) Deliver(ctx context.Context, to, body string) error {
	if err := w.m.Deliver(ctx, to, body); err != nil {
		return fmt.Errorf("outbox: %w", err)
	}
	return nil
}

func (w *Wrapper) Inbox(ctx context.Context, to string) error {
	return w.m.Inbox(ctx, to)
}

// MockOutbox is a testify mock of Outbox.
type MockOutbox struct{ mock.Mock }

func (m *MockOutbox) Deliver(ctx context.Context, to, body string) error {
	args := m.Called(ctx, to, body)
	return args.Error(0)
}

func (m *MockOutbox) Inbox(ctx context.Context, to string) error {
	return m.Called(ctx, to).Error(0)
}
