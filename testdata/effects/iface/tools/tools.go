// Package tools calls through the server's interfaces; it imports the
// packages that implement them.
package tools

import (
	"context"

	"example.com/effects/iface/app"
	"example.com/effects/iface/webapi"
	"example.com/effects/iface/wrap"
	"example.com/sdk"
)

var _ app.Outbox = (*wrap.Outbox)(nil)

func Notify(ctx context.Context, o app.Outbox) error { // want Notify:`effect\(SQL write: .* via app.Outbox.Post \(implemented by \(\*wrap.Outbox\).Post\)\)`
	return o.Post(ctx, "hi")
}

func Enqueue(ctx context.Context, q app.Queue) error { // ok: an in-memory implementation beside the real one
	return q.Send(ctx, "hi")
}

func Direct(ctx context.Context, s app.Sender) error { // want Direct:`effect\(SQL write: .* \(implemented by \(\*sdk.Client\).Send\)\)`
	return s.Send(ctx, "hi")
}

func PeekIt(ctx context.Context, s app.Sender) error { // ok: the implementation reads
	return s.Peek(ctx)
}

func Pods(ctx context.Context) ([]byte, error) { // ok: kubectl get, through a dependency's runner
	return sdk.Kubectl(ctx, "get", "pods")
}

func DeletePod(ctx context.Context, name string) ([]byte, error) { // want DeletePod:`effect\(process run: .* via sdk.Kubectl\)`
	return sdk.Kubectl(ctx, "delete", "pod", name)
}

func Version(ctx context.Context, c *sdk.Client) ([]byte, error) { // ok: the dependency's own command line
	return c.Version(ctx)
}

func ListItems(ctx context.Context, it app.Items) error { // ok: a POST reached through a method named like a read
	return it.GetItemsContext(ctx)
}

func AddItem(ctx context.Context, it app.Items) error { // want AddItem:`effect\(HTTP POST: .* \(implemented by \(\*webapi.API\).PostItemContext\)\)`
	return it.PostItemContext(ctx)
}

var _ app.Items = (*webapi.API)(nil)
