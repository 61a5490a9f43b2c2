// Package loops holds retry loops and loops that are not retries.
package loops

import (
	"context"
	"errors"
	"log"
	"time"
)

func call(ctx context.Context) (string, error) { return "", nil }
func send(ctx context.Context) error           { return nil }

// ContinueOnError retries with continue and returns on success.
func ContinueOnError(ctx context.Context) (string, error) {
	var lastErr error
	for i := 0; i < 3; i++ { // want "loop"
		res, err := call(ctx) // want "retried"
		if err != nil {
			lastErr = err
			continue
		}
		return res, nil
	}
	return "", lastErr
}

// SavedError falls through with the error saved.
func SavedError(ctx context.Context) (string, error) {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ { // want "loop"
		res, err := call(ctx) // want "retried"
		if err == nil {
			return res, nil
		}
		if !errors.Is(err, context.DeadlineExceeded) {
			return "", err
		}
		lastErr = err
		time.Sleep(time.Second)
	}
	return "", lastErr
}

// BreakOnSuccess breaks only on success, in a range over an integer.
func BreakOnSuccess(ctx context.Context) error {
	var err error
	for range 3 { // want "loop"
		if err = send(ctx); err == nil { // want "retried"
			break
		}
		log.Print(err)
	}
	return err
}

// CondTestsError loops while the error is set: the call is at the end.
func CondTestsError(ctx context.Context) error {
	err := send(ctx)
	for n := 1; err != nil && n < 3; n++ { // want "loop"
		err = send(ctx) // want "retried"
	}
	return err
}

// Forever retries until success, with a select on the error path.
func Forever(ctx context.Context) (string, error) {
	for { // want "loop"
		res, err := call(ctx) // want "retried"
		if err == nil {
			return res, nil
		}
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// Schedule ranges over a backoff schedule.
func Schedule(ctx context.Context) error {
	var err error
	for _, d := range []time.Duration{time.Second, 2 * time.Second} { // want "loop"
		if err = send(ctx); err == nil { // want "retried"
			return nil
		}
		time.Sleep(d)
	}
	return err
}

// Items moves on to the next item after a failure: not a retry.
func Items(ctx context.Context, items []string) {
	for _, it := range items { // ok: a range over items
		_ = it
		if err := send(ctx); err != nil {
			continue
		}
	}
}

// ReturnOnError gives up on the first failure: not a retry.
func ReturnOnError(ctx context.Context) error {
	for i := 0; i < 3; i++ { // ok: failure returns
		if err := send(ctx); err != nil {
			return err
		}
	}
	return nil
}

// Poll goes on after a success too: a loop that repeats, not a retry.
func Poll(ctx context.Context) {
	for i := 0; i < 10; i++ { // ok: success iterates as well
		res, err := call(ctx)
		if err != nil {
			continue
		}
		log.Print(res)
	}
}

// IgnoredError discards the error: nothing leads to another attempt.
func IgnoredError(ctx context.Context) {
	for i := 0; i < 3; i++ { // ok: the error is not looked at
		_, _ = call(ctx)
		send(ctx)
	}
}

// SwitchBreak leaves the switch, not the loop, on success; the loop then
// stops on the counter only: success iterates, so it is no retry.
func SwitchBreak(ctx context.Context) {
	for i := 0; i < 3; i++ { // ok: break leaves the switch
		err := send(ctx)
		switch {
		case err == nil:
			break
		default:
			continue
		}
	}
}

// Labeled retries with a labeled continue and leaves with a labeled break.
func Labeled(ctx context.Context) {
outer:
	for { // want "loop"
		err := send(ctx) // want "retried"
		switch {
		case err != nil:
			continue outer
		default:
			break outer
		}
	}
}

// Recurse calls itself on the error path.
func Recurse(ctx context.Context, n int) (string, error) { // want "recursion"
	res, err := call(ctx) // want "retried"
	if err != nil && n > 0 {
		return Recurse(ctx, n-1)
	}
	return res, err
}

// Walk calls itself on success: recursion, but no retry.
func Walk(ctx context.Context, n int) error { // ok: recursion on success
	if err := send(ctx); err != nil {
		return err
	}
	if n > 0 {
		return Walk(ctx, n-1)
	}
	return nil
}
