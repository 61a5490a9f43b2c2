// Package toolset registers tools through package api's types only.
package toolset

import (
	"context"

	"example.com/dedupekey/owntypes/api"
	"example.com/dedupekey/store"
)

var led = &store.Ledger{Path: "ledger"}

var Tools = []api.ServerTool{
	{Tool: api.Tool{Name: "t_create", Annotations: api.ToolAnnotations{IdempotentHint: api.Ptr(false)}},
		Handler: func(ctx context.Context, args map[string]any) (string, error) {
			return "", led.Insert(ctx, "t") // want `tool "t_create" is not idempotent`
		}},
	{Tool: api.Tool{Name: "t_apply", Annotations: api.ToolAnnotations{IdempotentHint: api.Ptr(true)}},
		Handler: func(ctx context.Context, args map[string]any) (string, error) {
			return "", led.Insert(ctx, "t") // ok: idempotent
		}},
}
