package libs

import (
	"context"
	"time"

	backoff "github.com/cenkalti/backoff/v4"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	goretry "github.com/sethvargo/go-retry"
)

// retryable marks an error for go-retry to retry, as the library's own
// wrapper does.
func retryable(err error) error { return goretry.RetryableError(err) }

// permanent marks an error for backoff to stop on.
func permanent(err error) error { return backoff.Permanent(err) }

// GoRetryViaHelper marks the failure retryable through the helper: the
// call is sent again.
func GoRetryViaHelper(ctx context.Context, cs *mcp.ClientSession) error {
	return goretry.Do(ctx, goretry.WithMaxRetries(3, goretry.NewConstant(time.Second)), func(ctx context.Context) error {
		if _, err := cs.CallTool(ctx, charge); err != nil { // want `CallTool\("charge"\) is sent again by retry.Do`
			return retryable(err)
		}
		return nil
	})
}

// BackoffPermanentViaHelper stops backoff through the helper.
func BackoffPermanentViaHelper(ctx context.Context, cs *mcp.ClientSession) error {
	return backoff.Retry(func() error {
		if _, err := cs.CallTool(ctx, charge); err != nil { // ok: the helper's Permanent stops
			return permanent(err)
		}
		return nil
	}, backoff.NewExponentialBackOff())
}
