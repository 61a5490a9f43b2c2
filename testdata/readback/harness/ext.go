package harness

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/extsrv"
)

// ExtGate retries the tools of a server of another module that it starts
// in process.
func ExtGate(ctx context.Context) error {
	ct, st := mcp.NewInMemoryTransports()
	if _, err := extsrv.New().Connect(ctx, st, nil); err != nil {
		return err
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "gate"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 3; attempt++ {
		if _, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "ext_status"}); err == nil { // ok: registered read-only by the server it starts
			break
		}
	}
	for attempt := 0; attempt < 3; attempt++ {
		if _, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "ext_charge"}); err == nil { // want `CallTool\("ext_charge"\) is sent again by this loop`
			break
		}
	}
	return err
}
