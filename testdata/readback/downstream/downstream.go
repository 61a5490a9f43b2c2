// Package downstream retries through another package's wrapper and
// helper.
package downstream

import (
	"context"

	backoff "github.com/cenkalti/backoff/v4"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/readback/wrapper"
)

func HelperAndWrapper(ctx context.Context, cs *mcp.ClientSession) error {
	return wrapper.WithRetry(ctx, func(ctx context.Context) error {
		_, err := wrapper.Call(ctx, cs, "charge", map[string]any{"amount": 1}) // want `wrapper.Call \(which calls CallTool\("charge"\)\) is sent again by the retry helper wrapper.WithRetry`
		return err
	})
}

func HelperKeyed(ctx context.Context, cs *mcp.ClientSession, key string) error {
	return wrapper.WithRetry(ctx, func(ctx context.Context) error {
		return wrapper.ChargeKeyed(ctx, cs, key) // ok: keyed
	})
}

func LoopNoReadBack(ctx context.Context, cs *mcp.ClientSession) error {
	var err error
	for range 3 {
		if err = wrapper.Charge(ctx, cs); err == nil { // want `wrapper.Charge \(which calls CallTool\("charge"\)\) is sent again by this loop`
			return nil
		}
	}
	return err
}

func LoopReadBack(ctx context.Context, cs *mcp.ClientSession) error {
	var err error
	for range 3 {
		if err = wrapper.Charge(ctx, cs); err == nil { // ok: wrapper.Status reads back
			return nil
		}
		if rr, rerr := wrapper.Status(ctx, cs); rerr == nil && len(rr.Contents) > 0 {
			return nil
		}
	}
	return err
}

func RemoteOp() error {
	return backoff.Retry(wrapper.ChargeDefault, backoff.NewExponentialBackOff()) // want `backoff.Retry runs wrapper.ChargeDefault, which calls CallTool\("charge"\), again after a failed attempt`
}
