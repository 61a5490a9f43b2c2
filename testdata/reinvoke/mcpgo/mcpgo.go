// Package mcpgo returns input requests with mark3labs/mcp-go.
package mcpgo

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/reinvoke/store"
)

var orders = &store.Orders{Path: "orders"}

func ask() *mcp.CallToolResult {
	return server.NewInputRequestBuilder("").Elicit("confirm", mcp.ElicitationParams{Message: "place the order?"}).ToolResult()
}

func order(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := orders.Place(ctx, req.GetString("item", "")); err != nil { // want `tool "order" writes a file \(store.Orders.Place\)`
		return nil, err
	}
	return server.NewInputRequestBuilder("").Elicit("confirm", mcp.ElicitationParams{Message: "rate us?"}).ToolResult(), nil
}

func orderLiteral(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := orders.Place(ctx, req.GetString("item", "")); err != nil { // want `tool "order_literal" writes a file`
		return nil, err
	}
	return &mcp.CallToolResult{
		Result:               mcp.Result{ResultType: mcp.ResultTypeInputRequired},
		MultiRoundTripResult: mcp.MultiRoundTripResult{InputRequests: mcp.InputRequests{"confirm": mcp.NewElicitationInputRequest(mcp.ElicitationParams{Message: "rate us?"})}},
	}, nil
}

// ok: the order is placed once the answer is present.
func orderConfirmed(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, ok := server.InputResponse(req.Params.InputResponses, "confirm"); !ok {
		return ask(), nil
	}
	_, err := orders.Place(ctx, req.GetString("item", ""))
	return nil, err
}

// ok: the effect is inside the branch with an answer.
func orderAnswered(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if answer := server.ElicitationResponse(req.Params.InputResponses, "confirm"); answer != nil {
		_, err := orders.Place(ctx, req.GetString("item", ""))
		return nil, err
	}
	return ask(), nil
}

// ok: a dedupe key is read before the effect.
func orderKeyed(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	key, err := req.RequireString("idempotency_key")
	if err != nil {
		return nil, err
	}
	if err := orders.PlaceOnce(ctx, key, "x"); err != nil {
		return nil, err
	}
	return ask(), nil
}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("order"), order)
	s.AddTool(mcp.NewTool("order_literal", mcp.WithReadOnlyHintAnnotation(true)), orderLiteral)
	s.AddTool(mcp.NewTool("order_confirmed"), orderConfirmed)
	s.AddTool(mcp.NewTool("order_answered"), orderAnswered)
	s.AddTool(mcp.NewTool("order_keyed"), orderKeyed)
	s.AddTool(mcp.NewTool("order_via_helper"), orderViaHelper)
	s.AddTool(mcp.NewTool("order_via_bad_helper"), orderViaBadHelper)

	// ok: a synchronous elicitation inside one run.
	s.AddTool(mcp.NewTool("order_elicit"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "place the order?"}})
		if err != nil || res.Action != mcp.ElicitationResponseActionAccept {
			return nil, errors.New("declined")
		}
		_, err = orders.Place(ctx, req.GetString("item", ""))
		return nil, err
	})
}

// confirmThenPlace asks first and places the order once confirmed.
func confirmThenPlace(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, ok := server.InputResponse(req.Params.InputResponses, "confirm"); !ok {
		return ask(), nil
	}
	_, err := orders.Place(ctx, req.GetString("item", "")) // ok: the answer is present
	return nil, err
}

// ok: the helper is safe on each of its paths.
func orderViaHelper(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return confirmThenPlace(ctx, req)
}

// placeThenAsk places the order, then asks for a rating.
func placeThenAsk(ctx context.Context, item string) (*mcp.CallToolResult, error) {
	if _, err := orders.Place(ctx, item); err != nil { // want `this function writes a file`
		return nil, err
	}
	return ask(), nil
}

// The helper writes, then asks: reported once, in the helper.
func orderViaBadHelper(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := placeThenAsk(ctx, req.GetString("item", "")) // ok: reported in the helper
	if err != nil {
		return nil, err
	}
	return res, nil
}
