// Package helpers has a project's own retry helper.
package helpers

import (
	"context"
	"time"
)

// WithRetry calls fn again after it failed.
func WithRetry(ctx context.Context, fn func() error) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = fn(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
