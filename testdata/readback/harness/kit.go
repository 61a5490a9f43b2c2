package harness

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/readback/gatekit"
	"example.com/readback/srv"
)

// KitGate retries tools through the kit's exported helpers.
func KitGate(ctx context.Context, cs *mcp.ClientSession) error {
	if err := gatekit.Retry(ctx, cs, srv.ToolStatus); err != nil { // ok: a read-only tool
		return err
	}
	if err := gatekit.Retry(ctx, cs, "set_flag"); err != nil { // ok: an idempotent tool
		return err
	}
	if err := gatekit.Retry(ctx, cs, "place_order"); err != nil { // want `gatekit.Retry sends CallTool\("place_order"\) again after a failed attempt`
		return err
	}
	return gatekit.RetryAll(ctx, cs, "place_order") // ok: reported in RetryAll
}
