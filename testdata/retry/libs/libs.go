// Package libs calls the retry libraries, with closures they retry and
// closures they do not.
package libs

import (
	"context"
	"time"

	retrygo "github.com/avast/retry-go/v4"
	retrygo5 "github.com/avast/retry-go/v5"
	backoff "github.com/cenkalti/backoff/v4"
	backoff5 "github.com/cenkalti/backoff/v5"
	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
	"github.com/failsafe-go/failsafe-go/timeout"
	goretry "github.com/sethvargo/go-retry"
	"k8s.io/apimachinery/pkg/util/wait"
	k8sretry "k8s.io/client-go/util/retry"
)

func call(ctx context.Context) (string, error) { return "", nil }
func send(ctx context.Context) error           { return nil }

func BackoffV4(ctx context.Context) error {
	return backoff.Retry(func() error { // want "library backoff.Retry"
		return send(ctx) // want "retried"
	}, backoff.NewExponentialBackOff())
}

func BackoffV4Data(ctx context.Context) (string, error) {
	return backoff.RetryWithData(func() (string, error) { // want "library backoff.RetryWithData"
		res, err := call(ctx) // want "retried"
		if err != nil {
			return "", err
		}
		return res, nil
	}, backoff.NewExponentialBackOff())
}

func BackoffV4Permanent(ctx context.Context) error {
	return backoff.RetryNotify(func() error { // want "library backoff.RetryNotify"
		if err := send(ctx); err != nil { // ok: Permanent stops
			return backoff.Permanent(err)
		}
		return nil
	}, backoff.NewExponentialBackOff(), nil)
}

func namedOp() error { return send(context.Background()) } // want "retried"

func BackoffV4Named() error {
	return backoff.Retry(namedOp, backoff.NewExponentialBackOff()) // want "library backoff.Retry"
}

func BackoffV5(ctx context.Context) (string, error) {
	return backoff5.Retry(ctx, func() (string, error) { // want "library backoff.Retry"
		return call(ctx) // want "retried"
	}, backoff5.WithMaxTries(3))
}

func RetryGoV4(ctx context.Context) error {
	return retrygo.Do(func() error { // want "library retry.Do"
		return send(ctx) // want "retried"
	}, retrygo.Attempts(3))
}

func RetryGoV4Once(ctx context.Context) error {
	return retrygo.Do(func() error { // ok: Attempts(1) does not retry
		return send(ctx)
	}, retrygo.Attempts(1))
}

func RetryGoV4Data(ctx context.Context) (string, error) {
	return retrygo.DoWithData(func() (string, error) { // want "library retry.DoWithData"
		return call(ctx) // want "retried"
	}, retrygo.RetryIf(func(err error) bool { return true }))
}

func RetryGoV5(ctx context.Context) error {
	return retrygo5.New(retrygo5.Attempts(3)).Do(func() error { // want "library retry.Retrier.Do"
		return send(ctx) // want "retried"
	})
}

func RetryGoV5Data(ctx context.Context) (string, error) {
	r := retrygo5.NewWithData[string](retrygo5.Attempts(3))
	return r.Do(func() (string, error) { // want "library retry.RetrierWithData.Do"
		return call(ctx) // want "retried"
	})
}

func Failsafe(ctx context.Context) (string, error) {
	rp := retrypolicy.NewWithDefaults[string]()
	return failsafe.With(rp).Get(func() (string, error) { // want "library failsafe.Executor.Get"
		return call(ctx) // want "retried"
	})
}

func FailsafeRun(ctx context.Context) error {
	ex := failsafe.With[any](retrypolicy.NewBuilder[any]().WithMaxRetries(3).Build())
	return ex.WithContext(ctx).Run(func() error { // want "library failsafe.Executor.Run"
		return send(ctx) // want "retried"
	})
}

func FailsafeTimeoutOnly(ctx context.Context) (string, error) {
	return failsafe.With(timeout.New[string](time.Second)).Get(func() (string, error) { // ok: no retry policy
		return call(ctx)
	})
}

func GoRetry(ctx context.Context) error {
	b := goretry.WithMaxRetries(3, goretry.NewConstant(time.Second))
	return goretry.Do(ctx, b, func(ctx context.Context) error { // want "library retry.Do"
		if err := send(ctx); err != nil { // want "retried"
			return goretry.RetryableError(err)
		}
		return nil
	})
}

func GoRetryPlain(ctx context.Context) error {
	b := goretry.WithMaxRetries(3, goretry.NewConstant(time.Second))
	return goretry.Do(ctx, b, func(ctx context.Context) error { // ok: only RetryableError is retried
		return send(ctx)
	})
}

func WaitSwallow(ctx context.Context) error {
	return wait.ExponentialBackoff(wait.Backoff{Steps: 3, Duration: time.Second}, func() (bool, error) { // want "library wait.ExponentialBackoff"
		if err := send(ctx); err != nil { // want "retried"
			return false, nil
		}
		return true, nil
	})
}

func WaitStop(ctx context.Context) error {
	return wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(ctx context.Context) (bool, error) { // ok: an error stops polling
		if err := send(ctx); err != nil {
			return false, err
		}
		return true, nil
	})
}

func OnError(ctx context.Context) error {
	return k8sretry.OnError(k8sretry.DefaultBackoff, func(err error) bool { return true }, func() error { // want "library retry.OnError"
		return send(ctx) // want "retried"
	})
}

func OnConflict(ctx context.Context) error {
	return k8sretry.RetryOnConflict(k8sretry.DefaultRetry, func() error { // want "library retry.RetryOnConflict"
		_, err := call(ctx) // want "retried"
		return err
	})
}

func StoredClosure(ctx context.Context) (string, error) {
	op := func() (string, error) {
		return call(ctx) // want "retried"
	}
	return retrygo.DoWithData(op, retrygo.Attempts(3)) // want "library retry.DoWithData"
}
