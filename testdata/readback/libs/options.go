package libs

import (
	"context"
	"errors"

	retrygo "github.com/avast/retry-go/v4"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// RetryGoOptionLocal keeps the RetryIf option, and its predicate, in
// locals: only unauthorized errors are retried.
func RetryGoOptionLocal(ctx context.Context, cs *mcp.ClientSession, errUnauthorized error) error {
	onlyAuth := func(err error) bool { return errors.Is(err, errUnauthorized) }
	opt := retrygo.RetryIf(onlyAuth)
	return retrygo.Do(func() error {
		_, err := cs.CallTool(ctx, charge) // ok: RetryIf lets only unauthorized errors through
		return err
	}, opt)
}

// RetryGoOptionLocalAll keeps an option that retries every error.
func RetryGoOptionLocalAll(ctx context.Context, cs *mcp.ClientSession) error {
	all := func(err error) bool { return err != nil }
	opt := retrygo.RetryIf(all)
	return retrygo.Do(func() error {
		_, err := cs.CallTool(ctx, charge) // want `CallTool\("charge"\) is sent again by retry.Do`
		return err
	}, opt)
}

// retryWith retries with the option each caller gives it.
func retryWith(ctx context.Context, cs *mcp.ClientSession, opt retrygo.Option) error {
	return retrygo.Do(func() error {
		_, err := cs.CallTool(ctx, charge) // ok: its one caller lets only unauthorized errors through
		return err
	}, opt)
}

// RetryGoOptionGiven gives a helper the RetryIf option.
func RetryGoOptionGiven(ctx context.Context, cs *mcp.ClientSession, errUnauthorized error) error {
	return retryWith(ctx, cs, retrygo.RetryIf(func(err error) bool { return errors.Is(err, errUnauthorized) }))
}

// retryWithAll retries with the option each caller gives it.
func retryWithAll(ctx context.Context, cs *mcp.ClientSession, opt retrygo.Option) error {
	return retrygo.Do(func() error {
		_, err := cs.CallTool(ctx, charge) // want `CallTool\("charge"\) is sent again by retry.Do`
		return err
	}, opt)
}

// RetryGoOptionGivenAll gives a helper an option that retries every
// error.
func RetryGoOptionGivenAll(ctx context.Context, cs *mcp.ClientSession) error {
	return retryWithAll(ctx, cs, retrygo.RetryIf(func(err error) bool { return err != nil }))
}

// retryPlan keeps a retry-go option in a field.
type retryPlan struct{ opt retrygo.Option }

// RetryGoOptionInField keeps the RetryIf option in a struct field: only
// unauthorized errors are retried.
func RetryGoOptionInField(ctx context.Context, cs *mcp.ClientSession, errUnauthorized error) error {
	p := retryPlan{opt: retrygo.RetryIf(func(err error) bool { return errors.Is(err, errUnauthorized) })}
	return retrygo.Do(func() error {
		_, err := cs.CallTool(ctx, charge) // ok: RetryIf lets only unauthorized errors through
		return err
	}, p.opt)
}

// RetryGoOptionInFieldAll keeps an option that retries every error.
func RetryGoOptionInFieldAll(ctx context.Context, cs *mcp.ClientSession) error {
	p := retryPlan{opt: retrygo.RetryIf(func(err error) bool { return err != nil })}
	return retrygo.Do(func() error {
		_, err := cs.CallTool(ctx, charge) // want `CallTool\("charge"\) is sent again by retry.Do`
		return err
	}, p.opt)
}
