// Package harness is a release-gate harness of the same module: it
// starts the server in process and retries calls of its tools.
package harness

import (
	"context"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/readback/srv"
)

func connect(ctx context.Context) (*mcp.ClientSession, error) {
	ct, st := mcp.NewInMemoryTransports()
	if _, err := srv.New().Connect(ctx, st, nil); err != nil {
		return nil, err
	}
	return mcp.NewClient(&mcp.Implementation{Name: "gate"}, nil).Connect(ctx, ct, nil)
}

func retry(ctx context.Context, cs *mcp.ClientSession, name string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		_, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: map[string]any{"id": "1"}})
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Gate checks the read-only and idempotent tools, retrying each.
func Gate(ctx context.Context) error {
	cs, err := connect(ctx)
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 3; attempt++ {
		if _, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: srv.ToolStatus}); err == nil { // ok: registered read-only in this module
			break
		}
	}
	for attempt := 0; attempt < 3; attempt++ {
		if _, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "set_flag"}); err == nil { // ok: registered idempotent in this module
			break
		}
	}
	for attempt := 0; attempt < 3; attempt++ {
		if _, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "place_order"}); err == nil { // want `CallTool\("place_order"\) is sent again by this loop`
			break
		}
	}
	return retry(ctx, cs, "order_status") // ok: the helper sends the read-only tool
}

func retryAny(ctx context.Context, cs *mcp.ClientSession, name string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		_, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: name}) // want `CallTool is sent again by this loop`
		if err == nil {
			return nil
		}
	}
	return err
}

// Mixed sends a safe tool and an unsafe one through the same helper.
func Mixed(ctx context.Context, cs *mcp.ClientSession) error {
	if err := retryAny(ctx, cs, srv.ToolStatus); err != nil {
		return err
	}
	return retryAny(ctx, cs, "place_order")
}

// statusParams builds the request a retry helper sends.
func statusParams(name string) *mcp.CallToolParams {
	return &mcp.CallToolParams{Name: name, Arguments: map[string]any{"id": "1"}}
}

func retryBuilt(ctx context.Context, cs *mcp.ClientSession, name string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if _, err = cs.CallTool(ctx, statusParams(name)); err == nil { // ok: its one caller passes the read-only tool
			return nil
		}
	}
	return err
}

func retryBuiltAny(ctx context.Context, cs *mcp.ClientSession, name string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if _, err = cs.CallTool(ctx, statusParams(name)); err == nil { // want `CallTool is sent again by this loop`
			return nil
		}
	}
	return err
}

// Built retries through helpers whose request a constructor builds.
func Built(ctx context.Context, cs *mcp.ClientSession) error {
	if err := retryBuilt(ctx, cs, "order_status"); err != nil {
		return err
	}
	return retryBuiltAny(ctx, cs, "place_order")
}
