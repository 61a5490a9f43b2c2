// Package gosdk returns input requests with the official go-sdk.
package gosdk

import (
	"context"
	"errors"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/reinvoke/store"
)

type In struct {
	Item string `json:"item"`
	Key  string `json:"idempotency_key"`
}

var orders = &store.Orders{Path: "orders"}

func confirm(msg string) *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: msg}}}
}

func accepted(r mcp.InputResponse) bool {
	e, _ := r.(*mcp.ElicitResult)
	return e != nil && e.Action == "accept"
}

func Register(s *mcp.Server) {
	// The order is placed, then the user is asked: the next round places it again.
	mcp.AddTool(s, &mcp.Tool{Name: "order"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		id, err := orders.Place(ctx, in.Item) // want `tool "order" writes a file \(store.Orders.Place\) .*before returning input requests`
		if err != nil {
			return nil, nil, err
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "confirm order " + id}},
		}, nil, nil
	})

	// Annotations do not matter: an idempotent tool is re-invoked too, and
	// an overwrite before asking is made even if the user declines.
	mcp.AddTool(s, &mcp.Tool{Name: "save", Annotations: &mcp.ToolAnnotations{IdempotentHint: true}}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		if err := os.WriteFile("draft", []byte(in.Item), 0o644); err != nil { // want `tool "save" writes a file \(os.WriteFile\)`
			return nil, nil, err
		}
		return confirm("publish the draft?"), nil, nil
	})

	// Input requests through a variable whose field is set.
	mcp.AddTool(s, &mcp.Tool{Name: "order_var"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		res := &mcp.CallToolResult{}
		if _, err := orders.Place(ctx, in.Item); err != nil { // want `tool "order_var" writes a file`
			return nil, nil, err
		}
		res.InputRequests = mcp.InputRequestMap{"rate": &mcp.ElicitParams{Message: "rate us"}}
		return res, nil, nil
	})

	// Input requests from a helper of this package, on one path.
	mcp.AddTool(s, &mcp.Tool{Name: "order_helper"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		if _, err := orders.Place(ctx, in.Item); err != nil { // want `tool "order_helper" writes a file`
			return nil, nil, err
		}
		if in.Item == "gift" {
			return confirm("wrap it?"), nil, nil
		}
		return &mcp.CallToolResult{}, nil, nil
	})

	// ok: the order is placed only once the answer is present (the
	// github-mcp-server delete_repository pattern).
	mcp.AddTool(s, &mcp.Tool{Name: "order_confirmed"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		var responses mcp.InputResponseMap
		if req != nil && req.Params != nil {
			responses = req.Params.InputResponses
		}
		response, ok := responses["confirm"]
		if !ok {
			if _, err := orders.Price(in.Item); err != nil { // reads only
				return nil, nil, err
			}
			return confirm("place the order?"), nil, nil
		}
		if !accepted(response) {
			return nil, nil, errors.New("declined")
		}
		_, err := orders.Place(ctx, in.Item)
		return nil, nil, err
	})

	// ok: len(InputResponses) == 0 returns the input requests first.
	mcp.AddTool(s, &mcp.Tool{Name: "order_len"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		if len(req.Params.InputResponses) == 0 {
			return confirm("place the order?"), nil, nil
		}
		_, err := orders.Place(ctx, in.Item)
		return nil, nil, err
	})

	// ok: the effect is inside the branch where the responses are present.
	mcp.AddTool(s, &mcp.Tool{Name: "order_branch"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		if len(req.Params.InputResponses) > 0 && accepted(req.Params.InputResponses["confirm"]) {
			_, err := orders.Place(ctx, in.Item)
			return nil, nil, err
		}
		return confirm("place the order?"), nil, nil
	})

	// ok: the request state is checked.
	mcp.AddTool(s, &mcp.Tool{Name: "order_state"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		state := req.Params.RequestState
		if state == "" {
			res := confirm("place the order?")
			res.RequestState = "sealed"
			return res, nil, nil
		}
		_, err := orders.Place(ctx, in.Item)
		return nil, nil, err
	})

	// ok: the effect is guarded by a dedupe key read first.
	mcp.AddTool(s, &mcp.Tool{Name: "order_keyed"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		if in.Key == "" {
			return nil, nil, errors.New("idempotency_key required")
		}
		if _, err := orders.Place(ctx, in.Item); err != nil {
			return nil, nil, err
		}
		return confirm("rate us?"), nil, nil
	})

	// ok: the effect dedupes on the key it is given.
	mcp.AddTool(s, &mcp.Tool{Name: "order_once"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		if err := orders.PlaceOnce(ctx, in.Key, in.Item); err != nil {
			return nil, nil, err
		}
		return confirm("rate us?"), nil, nil
	})

	// ok: a synchronous elicitation inside one run is no re-invocation.
	mcp.AddTool(s, &mcp.Tool{Name: "order_elicit"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "place the order?"})
		if err != nil || res.Action != "accept" {
			return nil, nil, errors.New("declined")
		}
		_, err = orders.Place(ctx, in.Item)
		return nil, nil, err
	})

	// ok: the effect is on a path that does not ask for input.
	mcp.AddTool(s, &mcp.Tool{Name: "order_or_ask"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		if in.Item != "" {
			_, err := orders.Place(ctx, in.Item)
			return nil, nil, err
		}
		return confirm("what item?"), nil, nil
	})

	// ok: the helper writes only once the responses are present and
	// returns input requests only when they are absent.
	mcp.AddTool(s, &mcp.Tool{Name: "order_via_helper"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		res, err := confirmThenPlace(ctx, req, in.Item)
		return res, nil, err
	})

	// The helper writes, then asks: reported once, in the helper.
	mcp.AddTool(s, &mcp.Tool{Name: "order_via_bad_helper"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		res, err := placeThenAsk(ctx, in.Item) // ok: reported in the helper
		if err != nil {
			return nil, nil, err
		}
		return res, nil, nil
	})

	// ok: the helper writes only once the responses are present; the
	// handler asks when they are absent.
	mcp.AddTool(s, &mcp.Tool{Name: "order_place_if_answered"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		if err := placeIfAnswered(ctx, req, in.Item); err != nil {
			return nil, nil, err
		}
		if len(req.Params.InputResponses) == 0 {
			return confirm("place the order?"), nil, nil
		}
		return &mcp.CallToolResult{}, nil, nil
	})

	// The helper writes on every round; the handler then asks.
	mcp.AddTool(s, &mcp.Tool{Name: "order_place_always"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		if err := placeAlways(ctx, req, in.Item); err != nil { // want `tool "order_place_always" writes a file \(gosdk.placeAlways\)`
			return nil, nil, err
		}
		if len(req.Params.InputResponses) == 0 {
			return confirm("place the order?"), nil, nil
		}
		return &mcp.CallToolResult{}, nil, nil
	})

	// ok: the helper's helper writes only once the responses are present.
	mcp.AddTool(s, &mcp.Tool{Name: "order_place_via"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		if err := placeVia(ctx, req, in); err != nil {
			return nil, nil, err
		}
		if len(req.Params.InputResponses) == 0 {
			return confirm("place the order?"), nil, nil
		}
		return &mcp.CallToolResult{}, nil, nil
	})

	// Its helper writes on every round.
	mcp.AddTool(s, &mcp.Tool{Name: "order_place_always_via"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		if err := placeAlwaysVia(ctx, req, in); err != nil { // want `tool "order_place_always_via" writes a file \(gosdk.placeAlwaysVia\)`
			return nil, nil, err
		}
		if len(req.Params.InputResponses) == 0 {
			return confirm("place the order?"), nil, nil
		}
		return &mcp.CallToolResult{}, nil, nil
	})

	// ok: the user asserts the handler dedupes.
	//mcpvet:idempotent the order service drops repeated orders
	mcp.AddTool(s, &mcp.Tool{Name: "order_asserted"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		if _, err := orders.Place(ctx, in.Item); err != nil {
			return nil, nil, err
		}
		return confirm("rate us?"), nil, nil
	})
}

// Middleware returns input requests too: the wrapped call is re-run.
func Middleware(next mcp.ToolHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if _, err := orders.Place(ctx, "audit"); err != nil { // want `this function writes a file`
			return nil, err
		}
		if req.Params.Name == "pay" {
			return confirm("really pay?"), nil
		}
		return next(ctx, req)
	}
}

// confirmThenPlace asks first and places the order once confirmed.
func confirmThenPlace(ctx context.Context, req *mcp.CallToolRequest, item string) (*mcp.CallToolResult, error) {
	if len(req.Params.InputResponses) == 0 {
		return confirm("place the order?"), nil
	}
	if _, err := orders.Place(ctx, item); err != nil { // ok: the responses are present
		return nil, err
	}
	return &mcp.CallToolResult{}, nil
}

// placeThenAsk places the order, then asks for a rating.
func placeThenAsk(ctx context.Context, item string) (*mcp.CallToolResult, error) {
	if _, err := orders.Place(ctx, item); err != nil { // want `this function writes a file`
		return nil, err
	}
	return confirm("rate us?"), nil
}

// placeIfAnswered places the order once the user answered.
func placeIfAnswered(ctx context.Context, req *mcp.CallToolRequest, item string) error {
	if len(req.Params.InputResponses) > 0 {
		_, err := orders.Place(ctx, item)
		return err
	}
	return nil
}

// placeVia calls placeIfAnswered: it writes only once the responses are
// present too.
func placeVia(ctx context.Context, req *mcp.CallToolRequest, in In) error {
	return placeIfAnswered(ctx, req, in.Item)
}

// placeAlwaysVia calls placeAlways.
func placeAlwaysVia(ctx context.Context, req *mcp.CallToolRequest, in In) error {
	return placeAlways(ctx, req, in.Item)
}

// placeAlways places the order whether or not the user answered.
func placeAlways(ctx context.Context, req *mcp.CallToolRequest, item string) error {
	if req.Params.Name == "" {
		return errors.New("no name")
	}
	_, err := orders.Place(ctx, item)
	return err
}
