// Package wrapper has a project's own CallTool wrapper and retry helper.
package wrapper

import (
	"context"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Call calls the named tool.
func Call(ctx context.Context, cs *mcp.ClientSession, name string, args map[string]any) (*mcp.CallToolResult, error) { // want Call:"calltool\\(nameparam=2,forwards=2\\+3\\)"
	return cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
}

// Charge charges.
func Charge(ctx context.Context, cs *mcp.ClientSession) error { // want Charge:"calltool\\(tool=charge\\)"
	_, err := Call(ctx, cs, "charge", nil)
	return err
}

// ChargeKeyed charges with a key.
func ChargeKeyed(ctx context.Context, cs *mcp.ClientSession, key string) error { // want ChargeKeyed:"calltool\\(tool=charge,keyed\\)"
	_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"idempotency_key": key}})
	return err
}

// Status reads the charge back.
func Status(ctx context.Context, cs *mcp.ClientSession) (*mcp.ReadResourceResult, error) { // want Status:"readback"
	return cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "ledger://last"})
}

// WithRetry calls fn again after it failed.
func WithRetry(ctx context.Context, fn func(context.Context) error) error {
	var err error
	for range 3 {
		if err = fn(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Session is the default session.
var Session *mcp.ClientSession

// ChargeDefault charges on the default session.
func ChargeDefault() error { // want ChargeDefault:"calltool\\(tool=charge\\)"
	_, err := Session.CallTool(context.Background(), &mcp.CallToolParams{Name: "charge"})
	return err
}
