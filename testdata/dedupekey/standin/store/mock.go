package store

import (
	"context"

	"github.com/stretchr/testify/mock"
)

// Mock is a testify stand-in.
type Mock struct{ mock.Mock }

func (m *Mock) Charge(ctx context.Context, account string) error {
	args := m.Called(ctx, account)
	return args.Error(0)
}

func (m *Mock) Refund(ctx context.Context, account string) error {
	return m.Called(ctx, account).Error(0)
}
