// Package handlers declares tool handlers that package useremote
// registers: the finding about a handler this package neither registers
// nor calls is reported at the registration, naming the tool.
package handlers

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/reinvoke/store"
)

var orders = &store.Orders{Path: "orders"}

func ask(msg string) *mcp.CallToolResult {
	return server.NewInputRequestBuilder("").Elicit("confirm", mcp.ElicitationParams{Message: msg}).ToolResult()
}

// Order places the order, then asks for a rating: reported where
// useremote registers it.
func Order(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := orders.Place(ctx, req.GetString("item", "")); err != nil { // related: calls (*store.Orders).Place
		return nil, err
	}
	return ask("rate us?"), nil // related: input requests returned here; commit the effect only once InputResponses are present, or check a dedupe key first
}

// OrderConfirmed places the order once the answer is present.
func OrderConfirmed(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, ok := server.InputResponse(req.Params.InputResponses, "confirm"); !ok {
		return ask("place the order?"), nil
	}
	_, err := orders.Place(ctx, req.GetString("item", ""))
	return nil, err
}

// Rate is registered here too: reported here, under its tool's name.
func Rate(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := orders.Place(ctx, "rating:"+req.GetString("item", "")); err != nil { // want `tool "rate" writes a file \(store.Orders.Place\) before returning input requests`
		return nil, err
	}
	return ask("anything else?"), nil // related: input requests returned here; commit the effect only once InputResponses are present, or check a dedupe key first
}

// Review is called by another function of this package: reported here.
func Review(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := orders.Place(ctx, "review:"+req.GetString("item", "")); err != nil { // want `this function writes a file \(store.Orders.Place\) before returning input requests`
		return nil, err
	}
	return ask("publish it?"), nil // related: input requests returned here; commit the effect only once InputResponses are present, or check a dedupe key first
}

// reviewLater is unexported: only this package can use it.
func reviewLater(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return Review(ctx, req)
}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("rate"), Rate)
	s.AddTool(mcp.NewTool("review_later"), reviewLater)
}

// PlaceThenAsk takes no request: a helper, not a handler to register,
// reported here.
func PlaceThenAsk(ctx context.Context, item string) (*mcp.CallToolResult, error) {
	if _, err := orders.Place(ctx, item); err != nil { // want `this function writes a file \(store.Orders.Place\) before returning input requests`
		return nil, err
	}
	return ask("rate us?"), nil // related: input requests returned here; commit the effect only once InputResponses are present, or check a dedupe key first
}
