// Package client sends payments to the shop's payment service with a
// key it makes anew on every attempt.
package client

import (
	"context"
	"errors"
	"strconv"
	"time"
)

// PayRequest is a payment.
type PayRequest struct {
	IdempotencyKey string
	Account        string
	Cents          int64
}

// Sender sends a payment.
type Sender func(ctx context.Context, req PayRequest) error

// Pay sends a payment, retrying on errors.
func Pay(ctx context.Context, send Sender, account string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		key := strconv.FormatInt(time.Now().UnixNano(), 36) // expect: freshkey
		if err = send(ctx, PayRequest{IdempotencyKey: key, Account: account, Cents: 100}); err == nil {
			return nil
		}
	}
	return errors.Join(errors.New("pay: giving up"), err)
}
