package client

import (
	"context"
	"strconv"
	"time"
)

// Refund sends a refund, retrying on errors.
func Refund(ctx context.Context, send Sender, account string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req := PayRequest{Account: account, Cents: -100}
		req.IdempotencyKey = strconv.FormatInt(time.Now().UnixNano(), 36) // expect: freshkey
		if err = send(ctx, req); err == nil {
			return nil
		}
	}
	return err
}
