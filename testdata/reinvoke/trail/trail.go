// Package trail shows the related positions of reinvoke's findings: the
// calls from the handler's effect to the write, and the return of the
// input requests, each marked with a "// related:" comment that the test
// matches.
package trail

import (
	"context"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct {
	Item string `json:"item"`
}

func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "reserve"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		if err := reserve(in.Item); err != nil { // want `tool "reserve" writes a file \(trail.reserve\) before returning input requests`
			return nil, nil, err
		}
		return &mcp.CallToolResult{ // related: input requests returned here; commit the effect only once InputResponses are present, or check a dedupe key first
			InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "reserve " + in.Item + "?"}},
		}, nil, nil
	})
	// The write only once the answers are there: no finding.
	mcp.AddTool(s, &mcp.Tool{Name: "reserve_after"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		if len(req.Params.InputResponses) == 0 {
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "reserve " + in.Item + "?"}},
			}, nil, nil
		}
		return nil, nil, reserve(in.Item)
	})
}

func reserve(item string) error {
	f, err := os.OpenFile("reservations", os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644) // related: commits the file write here: os.OpenFile
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.WriteString(item + "\n")
	return err
}
