// Package asks builds the input requests of handlers in other packages:
// what its functions return, and when they write, must reach them.
package asks

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/reinvoke/store"
)

var orders = &store.Orders{Path: "orders"}

// Confirm asks the user to confirm.
func Confirm(msg string) *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: msg}}}
}

// Done returns a plain result: no input requests.
func Done() *mcp.CallToolResult { return &mcp.CallToolResult{} }

// ConfirmThenPlace asks first and places the order once answered.
func ConfirmThenPlace(ctx context.Context, req *mcp.CallToolRequest, item string) (*mcp.CallToolResult, error) {
	if len(req.Params.InputResponses) == 0 {
		return Confirm("place the order?"), nil
	}
	if _, err := orders.Place(ctx, item); err != nil { // ok: the responses are present
		return nil, err
	}
	return &mcp.CallToolResult{}, nil
}

// PlaceIfAnswered places the order only once the user answered.
func PlaceIfAnswered(ctx context.Context, req *mcp.CallToolRequest, item string) error {
	if len(req.Params.InputResponses) > 0 {
		_, err := orders.Place(ctx, item)
		return err
	}
	return nil
}

// PlaceAlways places the order whether or not the user answered.
func PlaceAlways(ctx context.Context, req *mcp.CallToolRequest, item string) error {
	_, err := orders.Place(ctx, item)
	return err
}
