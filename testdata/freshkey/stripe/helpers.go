package stripe

import (
	"context"

	"github.com/stripe/stripe-go/v82"
)

// chargeNoKey builds params without a key: stripe-go makes one on every
// call.
func chargeNoKey(ctx context.Context, sc *stripe.Client) (*stripe.PaymentIntent, error) { // want chargeNoKey:"keyParams\\(sdk made:stripe-go's Idempotency-Key for sc\\.V1PaymentIntents\\.Create\\)"
	return sc.V1PaymentIntents.Create(ctx, &stripe.PaymentIntentCreateParams{Amount: stripe.Int64(100)})
}

// chargeWith sends the params its caller built.
func chargeWith(ctx context.Context, sc *stripe.Client, params *stripe.PaymentIntentCreateParams) (*stripe.PaymentIntent, error) { // want chargeWith:"keyParams\\(sdk 2:stripe-go's Idempotency-Key for sc\\.V1PaymentIntents\\.Create\\)"
	return sc.V1PaymentIntents.Create(ctx, params)
}

// HelperNoKey retries a helper that sends no key.
func HelperNoKey(ctx context.Context, sc *stripe.Client) (*stripe.PaymentIntent, error) { // want HelperNoKey:"keyParams\\(sdk made:stripe-go's Idempotency-Key for sc\\.V1PaymentIntents\\.Create\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var pi *stripe.PaymentIntent
		if pi, err = chargeNoKey(ctx, sc); err == nil { // want `stripe-go's Idempotency-Key for sc.V1PaymentIntents.Create, sent by chargeNoKey, is made anew on every attempt of this retry loop`
			return pi, nil
		}
	}
	return nil, err
}

// HelperParams hands keyless params to the helper.
func HelperParams(ctx context.Context, sc *stripe.Client) (*stripe.PaymentIntent, error) { // want HelperParams:"keyParams\\(sdk made:stripe-go's Idempotency-Key for sc\\.V1PaymentIntents\\.Create\\)"
	params := &stripe.PaymentIntentCreateParams{Amount: stripe.Int64(100)}
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var pi *stripe.PaymentIntent
		if pi, err = chargeWith(ctx, sc, params); err == nil { // want `stripe-go's Idempotency-Key for sc.V1PaymentIntents.Create, sent by chargeWith, is made anew`
			return pi, nil
		}
	}
	return nil, err
}

// HelperParamsKeyed sets a key made before the loop.
func HelperParamsKeyed(ctx context.Context, sc *stripe.Client, key string) (*stripe.PaymentIntent, error) { // want HelperParamsKeyed:"keyParams\\(2:IdempotencyKey\\)"
	params := &stripe.PaymentIntentCreateParams{Amount: stripe.Int64(100)}
	params.SetIdempotencyKey(key)
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var pi *stripe.PaymentIntent
		if pi, err = chargeWith(ctx, sc, params); err == nil { // ok: one key
			return pi, nil
		}
	}
	return nil, err
}

// order keeps the params a charge is made with.
type order struct {
	Params *stripe.PaymentIntentCreateParams
}

// newOrder builds keyless params.
func newOrder(amount int64) order {
	return order{Params: &stripe.PaymentIntentCreateParams{Amount: stripe.Int64(amount)}}
}

// newKeyedOrder builds params with the caller's key.
func newKeyedOrder(amount int64, key string) order { // want newKeyedOrder:"keyParams\\(1:IdempotencyKey\\)"
	return order{Params: &stripe.PaymentIntentCreateParams{Params: stripe.Params{IdempotencyKey: stripe.String(key)}, Amount: stripe.Int64(amount)}}
}

// ParamsFromConstructor sends params a constructor built, without a key.
func ParamsFromConstructor(ctx context.Context, sc *stripe.Client) (*stripe.PaymentIntent, error) { // want ParamsFromConstructor:"keyParams\\(sdk made:stripe-go's Idempotency-Key for sc\\.V1PaymentIntents\\.Create\\)"
	o := newOrder(100)
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var pi *stripe.PaymentIntent
		if pi, err = sc.V1PaymentIntents.Create(ctx, o.Params); err == nil { // want `stripe-go's Idempotency-Key for sc.V1PaymentIntents.Create is made anew`
			return pi, nil
		}
	}
	return nil, err
}

// KeyedFromConstructor sends params with the caller's key.
func KeyedFromConstructor(ctx context.Context, sc *stripe.Client, key string) (*stripe.PaymentIntent, error) { // want KeyedFromConstructor:"keyParams\\(2:IdempotencyKey\\)"
	o := newKeyedOrder(100, key)
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var pi *stripe.PaymentIntent
		if pi, err = sc.V1PaymentIntents.Create(ctx, o.Params); err == nil { // ok: the caller's key
			return pi, nil
		}
	}
	return nil, err
}

// createOrder sends the params its caller's order holds.
func createOrder(ctx context.Context, sc *stripe.Client, o order) (*stripe.PaymentIntent, error) { // want createOrder:"keyParams\\(sdk 2.Params:stripe-go's Idempotency-Key for sc\\.V1PaymentIntents\\.Create\\)"
	return sc.V1PaymentIntents.Create(ctx, o.Params)
}

// OrderToHelper gives a helper keyless params in a struct.
func OrderToHelper(ctx context.Context, sc *stripe.Client) (*stripe.PaymentIntent, error) { // want OrderToHelper:"keyParams\\(sdk made:stripe-go's Idempotency-Key for sc\\.V1PaymentIntents\\.Create\\)"
	o := newOrder(100)
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var pi *stripe.PaymentIntent
		if pi, err = createOrder(ctx, sc, o); err == nil { // want `stripe-go's Idempotency-Key for sc.V1PaymentIntents.Create, sent by createOrder, is made anew`
			return pi, nil
		}
	}
	return nil, err
}

// KeyedOrderToHelper gives it params with the caller's key.
func KeyedOrderToHelper(ctx context.Context, sc *stripe.Client, key string) (*stripe.PaymentIntent, error) { // want KeyedOrderToHelper:"keyParams\\(2:IdempotencyKey\\)"
	o := newKeyedOrder(100, key)
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var pi *stripe.PaymentIntent
		if pi, err = createOrder(ctx, sc, o); err == nil { // ok: the caller's key
			return pi, nil
		}
	}
	return nil, err
}
