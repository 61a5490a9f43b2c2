// Package helpers has a project's own retry helpers.
package helpers

import (
	"context"
	"time"

	backoff "github.com/cenkalti/backoff/v4"
)

// WithRetry calls fn again after it failed.
func WithRetry(ctx context.Context, fn func() error) error { // want WithRetry:"retryhelper\\(param 1\\)"
	var err error
	for i := 0; i < 3; i++ { // want "loop"
		if err = fn(); err == nil { // want "retried"
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Do hands fn to a retry library.
func Do[T any](fn func() (T, error)) (T, error) { // want Do:"retryhelper\\(param 0\\)"
	return backoff.RetryWithData(fn, backoff.NewExponentialBackOff()) // want "library backoff.RetryWithData"
}

// Twice hands fn to another helper of this package.
func Twice(ctx context.Context, fn func() error) error { // want Twice:"retryhelper\\(param 1\\)"
	return WithRetry(ctx, func() error { // want "helper WithRetry"
		return fn() // want "retried"
	})
}

// Once calls fn once: not a helper.
func Once(ctx context.Context, fn func() error) error {
	return fn()
}

// Each calls fn for every item, going on after failures: not a helper.
func Each(items []string, fn func(string) error) {
	for _, it := range items {
		if err := fn(it); err != nil {
			continue
		}
	}
}

// Retrier is a retrying type.
type Retrier struct{ N int }

// Run calls fn again after it failed.
func (r *Retrier) Run(fn func(context.Context) error) error { // want Run:"retryhelper\\(param 0\\)"
	var err error
	for i := 0; i < r.N; i++ { // want "loop"
		err = fn(context.Background()) // want "retried"
		if err != nil {
			continue
		}
		break
	}
	return err
}

// ViaInvoke calls fn again through a function that calls it.
func ViaInvoke(ctx context.Context, fn func() error) error { // want ViaInvoke:"retryhelper\\(param 1\\)"
	var err error
	for i := 0; i < 3; i++ { // want "loop"
		if err = invoke(fn); err == nil { // want "retried"
			return nil
		}
	}
	return err
}

// invoke calls its parameter.
func invoke(f func() error) error { return f() }

// store keeps its parameter and calls nothing.
func store(f func() error) error {
	stored = f
	return nil
}

var stored func() error

// ViaStore retries a function that does not call fn: a retry loop, but
// not a helper of fn.
func ViaStore(ctx context.Context, fn func() error) error {
	var err error
	for i := 0; i < 3; i++ { // want "loop"
		if err = store(fn); err == nil { // want "retried"
			return nil
		}
	}
	return err
}
