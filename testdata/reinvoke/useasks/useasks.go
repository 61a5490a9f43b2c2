// Package useasks registers handlers whose input requests and writes are
// made by package asks.
package useasks

import (
	"context"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/reinvoke/asks"
)

type In struct {
	Item string `json:"item"`
}

func Register(s *mcp.Server) {
	// The draft is written, then another package's helper asks: the
	// next round writes it again.
	mcp.AddTool(s, &mcp.Tool{Name: "save_elsewhere"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		if err := os.WriteFile("draft", []byte(in.Item), 0o644); err != nil { // want `tool "save_elsewhere" writes a file \(os.WriteFile\)`
			return nil, nil, err
		}
		return asks.Confirm("publish the draft?"), nil, nil
	})

	// ok: the helper's result asks for nothing.
	mcp.AddTool(s, &mcp.Tool{Name: "save_done"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		if err := os.WriteFile("draft", []byte(in.Item), 0o644); err != nil {
			return nil, nil, err
		}
		return asks.Done(), nil, nil
	})

	// ok: the helper asks first and writes once answered; its package
	// reports it if it does not.
	mcp.AddTool(s, &mcp.Tool{Name: "order_elsewhere"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		res, err := asks.ConfirmThenPlace(ctx, req, in.Item)
		return res, nil, err
	})

	// ok: the helper writes only once the responses are present.
	mcp.AddTool(s, &mcp.Tool{Name: "order_if_answered_elsewhere"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		if err := asks.PlaceIfAnswered(ctx, req, in.Item); err != nil {
			return nil, nil, err
		}
		if len(req.Params.InputResponses) == 0 {
			return asks.Confirm("place the order?"), nil, nil
		}
		return &mcp.CallToolResult{}, nil, nil
	})

	// The helper writes on every round; the handler then asks.
	mcp.AddTool(s, &mcp.Tool{Name: "order_always_elsewhere"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		if err := asks.PlaceAlways(ctx, req, in.Item); err != nil { // want `tool "order_always_elsewhere" writes a file \(asks.PlaceAlways\)`
			return nil, nil, err
		}
		if len(req.Params.InputResponses) == 0 {
			return asks.Confirm("place the order?"), nil, nil
		}
		return &mcp.CallToolResult{}, nil, nil
	})
}
