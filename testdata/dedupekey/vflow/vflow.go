// Package vflow registers tools whose handlers send HTTP requests whose
// method travels one step further than an argument of the call that
// builds the request (example.com/restsdk/vf): a field of a params
// struct, a request struct a builder fills and a send function sends, a
// constructor of another package, a table a loop ranges over. Each
// POST has a twin that GETs and stays silent.
package vflow

import (
	"context"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/restsdk/vf"
	"example.com/restsdk/vf/ops"
)

type In struct {
	Name string `json:"name"`
}

var api = &vf.Client{Base: "https://api.example.com", HC: http.DefaultClient}

// call is one request of a table.
type call struct{ Method, Path string }

// seedCalls has a POST among its requests.
var seedCalls = []call{
	{Method: http.MethodGet, Path: "/status"},
	{Method: http.MethodPost, Path: "/seed"},
}

// checkCalls only reads.
var checkCalls = []call{
	{Method: http.MethodGet, Path: "/status"},
	{Method: http.MethodGet, Path: "/version"},
}

func Register(s *mcp.Server) {
	// The method in a field of the params the send function takes.
	mcp.AddTool(s, &mcp.Tool{Name: "create_user"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, api.CallAPI(ctx, vf.Params{Method: http.MethodPost, Path: "/users/" + in.Name}) // want `tool "create_user" is not idempotent but sends an HTTP POST \(vf.Client.CallAPI\) before reading a dedupe key`
	})

	// ok: the same with a GET.
	mcp.AddTool(s, &mcp.Tool{Name: "get_user"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, api.CallAPI(ctx, vf.Params{Method: http.MethodGet, Path: "/users/" + in.Name})
	})

	// A builder stores the method in a request struct; Send turns it
	// into an *http.Request.
	mcp.AddTool(s, &mcp.Tool{Name: "disable_user"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		r := api.NewRequest("/users/" + in.Name + "/disable")
		r.Method = http.MethodPost
		return nil, nil, api.Send(ctx, r) // want `tool "disable_user" is not idempotent but sends an HTTP POST \(vf.Client.Send\) before reading a dedupe key`
	})

	// ok: the same builder with a GET.
	mcp.AddTool(s, &mcp.Tool{Name: "user_status"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		r := api.NewRequest("/users/" + in.Name + "/status")
		r.Method = http.MethodGet
		return nil, nil, api.Send(ctx, r)
	})

	// A constructor of another package builds the request.
	mcp.AddTool(s, &mcp.Tool{Name: "create_op"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		op, err := ops.NewCreateOp(ctx, api.Base, in.Name)
		if err != nil {
			return nil, nil, err
		}
		resp, err := api.HC.Do(op.Req) // want `tool "create_op" is not idempotent but sends an HTTP POST \(http.Client.Do\) before reading a dedupe key`
		if err != nil {
			return nil, nil, err
		}
		return nil, nil, resp.Body.Close()
	})

	// ok: a constructor's GET.
	mcp.AddTool(s, &mcp.Tool{Name: "show_op"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		op, err := ops.NewShowOp(ctx, api.Base, in.Name)
		if err != nil {
			return nil, nil, err
		}
		resp, err := api.HC.Do(op.Req)
		if err != nil {
			return nil, nil, err
		}
		return nil, nil, resp.Body.Close()
	})

	// A constructor of another package builds the params.
	mcp.AddTool(s, &mcp.Tool{Name: "signup"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, api.CallAPI(ctx, ops.SignupParams(in.Name)) // want `tool "signup" is not idempotent but sends an HTTP POST \(vf.Client.CallAPI\) before reading a dedupe key`
	})

	// ok: a constructor's GET params.
	mcp.AddTool(s, &mcp.Tool{Name: "profile"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, api.CallAPI(ctx, ops.ProfileParams(in.Name))
	})

	// A helper sends the request the Op holds.
	mcp.AddTool(s, &mcp.Tool{Name: "start_op"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		op, err := ops.NewCreateOp(ctx, api.Base, in.Name)
		if err != nil {
			return nil, nil, err
		}
		return nil, nil, sendOp(op) // want `tool "start_op" is not idempotent but sends an HTTP POST \(vflow.sendOp`
	})

	// ok: the same helper sends a GET.
	mcp.AddTool(s, &mcp.Tool{Name: "peek_op"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		op, err := ops.NewShowOp(ctx, api.Base, in.Name)
		if err != nil {
			return nil, nil, err
		}
		return nil, nil, sendOp(op)
	})

	// A table of requests, one a POST, sent in a loop.
	mcp.AddTool(s, &mcp.Tool{Name: "seed"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		for _, c := range seedCalls {
			hr, err := http.NewRequestWithContext(ctx, c.Method, api.Base+c.Path, nil)
			if err != nil {
				return nil, nil, err
			}
			resp, err := http.DefaultClient.Do(hr) // want `tool "seed" is not idempotent but sends an HTTP POST \(http.Client.Do\) before reading a dedupe key`
			if err != nil {
				return nil, nil, err
			}
			resp.Body.Close()
		}
		return nil, nil, nil
	})

	// ok: a table of GETs.
	mcp.AddTool(s, &mcp.Tool{Name: "check"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		for _, c := range checkCalls {
			hr, err := http.NewRequestWithContext(ctx, c.Method, api.Base+c.Path, nil)
			if err != nil {
				return nil, nil, err
			}
			resp, err := http.DefaultClient.Do(hr)
			if err != nil {
				return nil, nil, err
			}
			resp.Body.Close()
		}
		return nil, nil, nil
	})
}

// sendOp sends the request a constructor built into op.
func sendOp(op *ops.Op) error {
	resp, err := api.HC.Do(op.Req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
