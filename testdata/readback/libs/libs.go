// Package libs hands tool calls to retry libraries.
package libs

import (
	"context"
	"errors"
	"time"

	retrygo "github.com/avast/retry-go/v4"
	retrygo5 "github.com/avast/retry-go/v5"
	backoff "github.com/cenkalti/backoff/v4"
	backoff5 "github.com/cenkalti/backoff/v5"
	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	goretry "github.com/sethvargo/go-retry"
	"k8s.io/apimachinery/pkg/util/wait"
	k8sretry "k8s.io/client-go/util/retry"
)

var charge = &mcp.CallToolParams{Name: "charge"}

func BackoffV4(ctx context.Context, cs *mcp.ClientSession) error {
	return backoff.Retry(func() error {
		_, err := cs.CallTool(ctx, charge) // want `CallTool\("charge"\) is sent again by backoff.Retry`
		return err
	}, backoff.NewExponentialBackOff())
}

func BackoffV4Permanent(ctx context.Context, cs *mcp.ClientSession) error {
	return backoff.Retry(func() error {
		if _, err := cs.CallTool(ctx, charge); err != nil { // ok: Permanent stops
			return backoff.Permanent(err)
		}
		return nil
	}, backoff.NewExponentialBackOff())
}

func BackoffV5(ctx context.Context, cs *mcp.ClientSession) (*mcp.CallToolResult, error) {
	return backoff5.Retry(ctx, func() (*mcp.CallToolResult, error) {
		return cs.CallTool(ctx, charge) // want `CallTool\("charge"\) is sent again by backoff.Retry`
	}, backoff5.WithMaxTries(3))
}

func RetryGoV4(ctx context.Context, cs *mcp.ClientSession) error {
	return retrygo.Do(func() error {
		_, err := cs.CallTool(ctx, charge) // want `CallTool\("charge"\) is sent again by retry.Do`
		return err
	}, retrygo.Attempts(3))
}

func RetryGoV4AuthOnly(ctx context.Context, cs *mcp.ClientSession, errUnauthorized error) error {
	return retrygo.Do(func() error {
		_, err := cs.CallTool(ctx, charge) // ok: RetryIf lets only unauthorized errors through
		return err
	}, retrygo.RetryIf(func(err error) bool { return errors.Is(err, errUnauthorized) }))
}

func RetryGoV5(ctx context.Context, cs *mcp.ClientSession) (*mcp.CallToolResult, error) {
	return retrygo5.NewWithData[*mcp.CallToolResult](retrygo5.Attempts(3)).Do(func() (*mcp.CallToolResult, error) {
		return cs.CallTool(ctx, charge) // want `CallTool\("charge"\) is sent again by retry.RetrierWithData.Do`
	})
}

func Failsafe(ctx context.Context, cs *mcp.ClientSession) (*mcp.CallToolResult, error) {
	return failsafe.With(retrypolicy.NewWithDefaults[*mcp.CallToolResult]()).Get(func() (*mcp.CallToolResult, error) {
		return cs.CallTool(ctx, charge) // want `CallTool\("charge"\) is sent again by failsafe.Executor.Get`
	})
}

func GoRetry(ctx context.Context, cs *mcp.ClientSession) error {
	return goretry.Do(ctx, goretry.WithMaxRetries(3, goretry.NewConstant(time.Second)), func(ctx context.Context) error {
		if _, err := cs.CallTool(ctx, charge); err != nil { // want `CallTool\("charge"\) is sent again by retry.Do`
			return goretry.RetryableError(err)
		}
		return nil
	})
}

func GoRetryNotRetryable(ctx context.Context, cs *mcp.ClientSession) error {
	return goretry.Do(ctx, goretry.WithMaxRetries(3, goretry.NewConstant(time.Second)), func(ctx context.Context) error {
		_, err := cs.CallTool(ctx, charge) // ok: not wrapped in RetryableError
		return err
	})
}

func WaitSwallows(ctx context.Context, cs *mcp.ClientSession) error {
	return wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(ctx context.Context) (bool, error) {
		if _, err := cs.CallTool(ctx, charge); err != nil { // want `CallTool\("charge"\) is sent again by wait.PollUntilContextTimeout`
			return false, nil
		}
		return true, nil
	})
}

func WaitStops(ctx context.Context, cs *mcp.ClientSession) error {
	return wait.ExponentialBackoff(wait.Backoff{Steps: 3}, func() (bool, error) {
		if _, err := cs.CallTool(ctx, charge); err != nil { // ok: the error stops
			return false, err
		}
		return true, nil
	})
}

func OnError(ctx context.Context, cs *mcp.ClientSession) error {
	return k8sretry.OnError(k8sretry.DefaultBackoff, func(error) bool { return true }, func() error {
		_, err := cs.CallTool(ctx, charge) // want `CallTool\("charge"\) is sent again by retry.OnError`
		return err
	})
}

func OnConflict(ctx context.Context, cs *mcp.ClientSession) error {
	return k8sretry.RetryOnConflict(k8sretry.DefaultRetry, func() error {
		_, err := cs.CallTool(ctx, charge) // ok: a conflict is a refused call
		return err
	})
}
