package rest

import (
	"context"
	"net/http"
	"strconv"

	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/restsdk"
)

// renameServer calls the SDK's Update: the API's name, not the
// helper's, says what the operation is.
func renameServer(ctx context.Context, in In) error {
	return api.Servers.Update(ctx, in.ID, &restsdk.Server{Name: in.Name})
}

// dropItem calls the RPC API's method named like a mutation.
func dropItem(ctx context.Context, in In) error {
	return kiali.DeleteItem(ctx, in.Name)
}

func RegisterHelpers(s *gosdk.Server) {
	// ok: an idempotent tool whose helper calls an Update (a POST).
	gosdk.AddTool(s, &gosdk.Tool{Name: "server_rename", Annotations: idem}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, renameServer(ctx, in)
	})
	// A read-only tool whose helper calls the RPC API's DeleteItem.
	gosdk.AddTool(s, &gosdk.Tool{Name: "mesh_drop", Annotations: ro}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, dropItem(ctx, in) // want `tool "mesh_drop" is annotated read-only but sends an HTTP [A-Z]+ \(rest.dropItem\)`
	})
}

// RegisterModuleHelpers registers tools whose helpers are declared in the
// SDK's module, another module than this one.
func RegisterModuleHelpers(s *gosdk.Server) {
	// ok: the helper of another module is named by no verb; the Update
	// it calls says the POST sets state.
	gosdk.AddTool(s, &gosdk.Tool{Name: "server_retitle", Annotations: idem}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, restsdk.RetitleServer(ctx, api, in.ID, in.Name)
	})
	// Neither the helper's name nor its callee's says the POST converges.
	gosdk.AddTool(s, &gosdk.Tool{Name: "server_restart", Annotations: idem}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, restsdk.RestartServer(ctx, api, in.ID) // want `tool "server_restart" is annotated idempotent but sends an HTTP POST`
	})
}

// RegisterOpaque registers tools of a generated client named by HTTP
// method and path.
func RegisterOpaque(s *gosdk.Server) {
	op := restsdk.NewOpaque()
	// ok: POST /server/search reads.
	gosdk.AddTool(s, &gosdk.Tool{Name: "server_find", Annotations: ro}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, op.PostServerSearch(ctx, in.Name)
	})
	gosdk.AddTool(s, &gosdk.Tool{Name: "server_make", Annotations: ro}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, op.PostServerCreate(ctx, in.Name) // want `tool "server_make" is annotated read-only but changes remote state`
	})
}

// callAPI sends a request a tool describes (bitrise-mcp's CallAPI): its
// name says nothing of the operation.
func callAPI(ctx context.Context, p apiParams) error {
	req, err := http.NewRequestWithContext(ctx, p.Method, "https://api.example.com"+p.Path, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type apiParams struct{ Method, Path string }

// RegisterGeneric registers tools whose POST a generic helper sends: the
// tool's name is then the only word on what the operation does.
func RegisterGeneric(s *gosdk.Server) {
	// ok: an abort converges; the tool's name says so.
	gosdk.AddTool(s, &gosdk.Tool{Name: "abort_build", Annotations: idem}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, callAPI(ctx, apiParams{Method: http.MethodPost, Path: "/builds/" + strconv.Itoa(in.ID) + "/abort"})
	})
	// A trigger starts another build each time.
	gosdk.AddTool(s, &gosdk.Tool{Name: "trigger_build", Annotations: idem}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, callAPI(ctx, apiParams{Method: http.MethodPost, Path: "/builds"}) // want `tool "trigger_build" is annotated idempotent but sends an HTTP POST`
	})
}
