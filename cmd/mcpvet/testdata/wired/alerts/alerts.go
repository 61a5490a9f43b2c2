// Package alerts registers the alert tools. send_alert's handler calls
// an interface whose only implementation, an unexported type of package
// notify, appends to a file: it is reported. archive_alert's interface
// has two implementations, one that appends to a file and an unexported
// one that keeps the message in memory: which one runs is not known, so
// it is not reported. Standalone and under go vet alike.
package alerts

import (
	"context"

	"example.com/shop/mcptool"
	"example.com/wired/notify"
)

// Tools are the alert tools, with the notifier and archiver of the
// kinds named.
func Tools(kind, archive string) ([]mcptool.ServerTool, error) {
	n, err := notify.NewNotifier(kind, "alerts.txt")
	if err != nil {
		return nil, err
	}
	a, err := notify.NewArchiver(archive, "archive.txt")
	if err != nil {
		return nil, err
	}
	return []mcptool.ServerTool{
		{Tool: mcptool.Tool{Name: "send_alert", Annotations: mcptool.Annotations{IdempotentHint: mcptool.Ptr(false)}},
			Handler: func(ctx context.Context, args map[string]any) (string, error) {
				msg, _ := args["msg"].(string)
				return "sent", n.Notify(ctx, msg) // expect: dedupekey
			}},
		{Tool: mcptool.Tool{Name: "archive_alert", Annotations: mcptool.Annotations{IdempotentHint: mcptool.Ptr(false)}},
			Handler: func(ctx context.Context, args map[string]any) (string, error) {
				msg, _ := args["msg"].(string)
				return "archived", a.Archive(ctx, msg)
			}},
	}, nil
}
