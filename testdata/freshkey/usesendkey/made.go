package usesendkey

import (
	"context"
	"net/http"

	"github.com/google/uuid"

	"example.com/freshkey/helpers"
	"example.com/freshkey/sendkey"
)

// MadeByCallee retries a function of another package that makes its own
// key: a new key on every attempt.
func MadeByCallee(c *http.Client, url string) error { // want MadeByCallee:"keyParams\\(made Idempotency\\-Key\\)"
	var err error
	for i := 0; i < 3; i++ {
		if err = sendkey.PostNew(c, url, nil); err == nil { // want `idempotency key "Idempotency-Key", made by sendkey.PostNew, is made anew on every attempt of this retry loop`
			return nil
		}
	}
	return err
}

// MadeByCalleeOnce calls it once: nothing is retried.
func MadeByCalleeOnce(c *http.Client, url string) error { // want MadeByCalleeOnce:"keyParams\\(made Idempotency\\-Key\\)"
	return sendkey.PostNew(c, url, nil)
}

// FallbackInLoop retries the fallback function with the caller's key.
func FallbackInLoop(c *http.Client, url, key string) error { // want FallbackInLoop:"keyParams\\(2:Idempotency-Key\\)"
	var err error
	for i := 0; i < 3; i++ {
		if err = sendkey.PostOr(c, url, nil, key); err == nil { // ok: the caller's key, the same on every attempt
			return nil
		}
	}
	return err
}

// charge makes the key where it sends the request.
func charge(c *http.Client, url string) error { // want charge:"keyParams\\(made Idempotency-Key\\)"
	key := uuid.NewString()
	return sendkey.Post(c, url, nil, key)
}

// chargeWith sends the key it is given.
func chargeWith(c *http.Client, url, key string) error { // want chargeWith:"keyParams\\(2:Idempotency-Key\\)"
	return sendkey.Post(c, url, nil, key)
}

// MadeByHelper retries a helper of this package that makes the key.
func MadeByHelper(ctx context.Context, c *http.Client, url string) error { // want MadeByHelper:"keyParams\\(made Idempotency-Key\\)"
	return helpers.WithRetry(ctx, func() error {
		return charge(c, url) // want `idempotency key "Idempotency-Key", made by charge, is made anew on every attempt of helpers.WithRetry`
	})
}

// MadeOnceByCaller makes the key before the retry and passes it on.
func MadeOnceByCaller(ctx context.Context, c *http.Client, url string) error { // want MadeOnceByCaller:"keyParams\\(made Idempotency-Key\\)"
	key := uuid.NewString()
	return helpers.WithRetry(ctx, func() error {
		return chargeWith(c, url, key) // ok: one key for every attempt
	})
}
