// Package mcpgo has retry loops around mark3labs/mcp-go CallTool.
package mcpgo

import (
	"context"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
)

// MetaFields sends a fresh key in _meta (Meta.AdditionalFields).
func MetaFields(ctx context.Context, c *client.Client) error { // want MetaFields:"keyParams\\(made idempotencyKey\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var req mcp.CallToolRequest
		req.Params.Name = "charge"
		req.Params.Meta = &mcp.Meta{AdditionalFields: map[string]any{"idempotencyKey": strconv.FormatInt(time.Now().UnixNano(), 36)}} // want `idempotency key "idempotencyKey" is made anew on every attempt of this retry loop`
		if _, err = c.CallTool(ctx, req); err == nil {
			return nil
		}
	}
	return err
}

// MetaFieldsStable sends the key the caller made.
func MetaFieldsStable(ctx context.Context, c *client.Client, key string) error { // want MetaFieldsStable:"keyParams\\(2:idempotencyKey\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var req mcp.CallToolRequest
		req.Params.Name = "charge"
		req.Params.Meta = &mcp.Meta{AdditionalFields: map[string]any{"idempotencyKey": key}} // ok: stable
		if _, err = c.CallTool(ctx, req); err == nil {
			return nil
		}
	}
	return err
}

// ArgsAssigned assigns the arguments map, with a fresh key, by name.
func ArgsAssigned(ctx context.Context, c client.MCPClient, account string) error { // want ArgsAssigned:"keyParams\\(made dedupe_id\\)"
	var req mcp.CallToolRequest
	req.Params.Name = "charge"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		args := map[string]any{"account": account}
		args["dedupe_id"] = uuid.NewString() // want `idempotency key "dedupe_id" is made anew`
		req.Params.Arguments = args
		if _, err = c.CallTool(ctx, req); err == nil {
			return nil
		}
	}
	return err
}

// ArgsAssignedStable assigns a key made before the loop.
func ArgsAssignedStable(ctx context.Context, c client.MCPClient, account string) error { // want ArgsAssignedStable:"keyParams\\(made dedupe_id\\)"
	var req mcp.CallToolRequest
	req.Params.Name = "charge"
	key := uuid.NewString()
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		args := map[string]any{"account": account}
		args["dedupe_id"] = key // ok: stable
		req.Params.Arguments = args
		if _, err = c.CallTool(ctx, req); err == nil {
			return nil
		}
	}
	return err
}
