// Package framework is an agent framework whose runner re-runs a graph
// node after an error, with a default retry policy (the seed's fourth
// scenario).
package framework

import (
	"context"
	"errors"
	"time"
)

// ErrConnection is what a node returns when a connection broke.
var ErrConnection = errors.New("connection error")

// Node is one step of a graph.
type Node func(ctx context.Context, state map[string]any) error

// RetryPolicy says how often to re-run a failed node.
type RetryPolicy struct{ MaxAttempts int }

// DefaultRetryPolicy re-runs a node three times.
var DefaultRetryPolicy = RetryPolicy{MaxAttempts: 3}

// RunNode runs n and, when it fails, runs it again.
func RunNode(ctx context.Context, p RetryPolicy, n Node, state map[string]any) error { // want RunNode:"retryhelper\\(param 2, attempts param 1.MaxAttempts\\)"
	var err error
	for attempt := 0; attempt < p.MaxAttempts; attempt++ {
		err = n(ctx, state)
		if err == nil {
			return nil
		}
		time.Sleep(time.Duration(attempt) * 100 * time.Millisecond)
	}
	return err
}
