// Package stripe retries stripe-go write calls.
package stripe

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/paymentintent"
)

// NoKey retries a create whose params carry no key: stripe-go makes one
// per call.
func NoKey(ctx context.Context, sc *stripe.Client) (*stripe.PaymentIntent, error) { // want NoKey:"keyParams\\(sdk made:stripe-go's Idempotency-Key for sc\\.V1PaymentIntents\\.Create\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		params := &stripe.PaymentIntentCreateParams{Amount: stripe.Int64(100), Currency: stripe.String("usd")}
		var pi *stripe.PaymentIntent
		pi, err = sc.V1PaymentIntents.Create(ctx, params) // want `stripe-go's Idempotency-Key for sc.V1PaymentIntents.Create is made anew on every attempt of this retry loop: the server sees each retry as a new operation`
		if err == nil {
			return pi, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

// NoKeyOldAPI retries the package-level API with an inline params literal.
func NoKeyOldAPI() (*stripe.PaymentIntent, error) { // want NoKeyOldAPI:"keyParams\\(sdk made:stripe-go's Idempotency-Key for paymentintent\\.New\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var pi *stripe.PaymentIntent
		if pi, err = paymentintent.New(&stripe.PaymentIntentParams{Amount: stripe.Int64(100)}); err == nil { // want `stripe-go's Idempotency-Key for paymentintent.New is made anew`
			return pi, nil
		}
	}
	return nil, err
}

// StableKey sets a key made before the loop.
func StableKey(ctx context.Context, sc *stripe.Client) (*stripe.PaymentIntent, error) { // want StableKey:"keyParams\\(made IdempotencyKey\\)"
	key := stripe.NewIdempotencyKey()
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		params := &stripe.PaymentIntentCreateParams{Amount: stripe.Int64(100)}
		params.SetIdempotencyKey(key) // ok: stable
		var pi *stripe.PaymentIntent
		if pi, err = sc.V1PaymentIntents.Create(ctx, params); err == nil {
			return pi, nil
		}
	}
	return nil, err
}

// StableKeyLiteral sets the key in the literal.
func StableKeyLiteral(ctx context.Context, sc *stripe.Client, key string) (*stripe.PaymentIntent, error) { // want StableKeyLiteral:"keyParams\\(2:IdempotencyKey\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var pi *stripe.PaymentIntent
		if pi, err = sc.V1PaymentIntents.Create(ctx, &stripe.PaymentIntentCreateParams{Params: stripe.Params{IdempotencyKey: stripe.String(key)}, Amount: stripe.Int64(100)}); err == nil { // ok: stable
			return pi, nil
		}
	}
	return nil, err
}

// FreshSetter sets a fresh key per attempt.
func FreshSetter(ctx context.Context, sc *stripe.Client) (*stripe.PaymentIntent, error) { // want FreshSetter:"keyParams\\(made IdempotencyKey\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		params := &stripe.PaymentIntentCreateParams{Amount: stripe.Int64(100)}
		params.SetIdempotencyKey(uuid.NewString()) // want `idempotency key "IdempotencyKey" is made anew on every attempt of this retry loop`
		var pi *stripe.PaymentIntent
		if pi, err = sc.V1PaymentIntents.Create(ctx, params); err == nil {
			return pi, nil
		}
	}
	return nil, err
}

// FreshField sets a fresh key in the Params literal.
func FreshField(ctx context.Context, sc *stripe.Client) (*stripe.PaymentIntent, error) { // want FreshField:"keyParams\\(made IdempotencyKey\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		params := &stripe.PaymentIntentCreateParams{Amount: stripe.Int64(100)}
		params.IdempotencyKey = stripe.String(stripe.NewIdempotencyKey()) // want `idempotency key "IdempotencyKey" is made anew`
		var pi *stripe.PaymentIntent
		if pi, err = sc.V1PaymentIntents.Create(ctx, params); err == nil {
			return pi, nil
		}
	}
	return nil, err
}

// Read retries a read: stripe-go sends no key with a GET.
func Read(ctx context.Context, sc *stripe.Client, id string) (*stripe.PaymentIntent, error) {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var pi *stripe.PaymentIntent
		if pi, err = sc.V1PaymentIntents.Retrieve(ctx, id, &stripe.PaymentIntentRetrieveParams{}); err == nil { // ok: a read
			return pi, nil
		}
	}
	return nil, err
}

// ParamsBeforeLoop builds the params once but sets no key: stripe-go
// still makes a new key for every call.
func ParamsBeforeLoop(ctx context.Context, sc *stripe.Client) (*stripe.PaymentIntent, error) { // want ParamsBeforeLoop:"keyParams\\(sdk made:stripe-go's Idempotency-Key for sc\\.V1PaymentIntents\\.Create\\)"
	params := &stripe.PaymentIntentCreateParams{Amount: stripe.Int64(100)}
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var pi *stripe.PaymentIntent
		if pi, err = sc.V1PaymentIntents.Create(ctx, params); err == nil { // want `stripe-go's Idempotency-Key for sc.V1PaymentIntents.Create is made anew`
			return pi, nil
		}
	}
	return nil, err
}

// NoRetry calls once: nothing to dedupe against.
func NoRetry(ctx context.Context, sc *stripe.Client) (*stripe.PaymentIntent, error) { // want NoRetry:"keyParams\\(sdk made:stripe-go's Idempotency-Key for sc\\.V1PaymentIntents\\.Create\\)"
	return sc.V1PaymentIntents.Create(ctx, &stripe.PaymentIntentCreateParams{Amount: stripe.Int64(100)}) // ok: no retry
}
