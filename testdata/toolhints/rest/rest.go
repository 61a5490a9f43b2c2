// Package rest registers tools whose handlers call a REST SDK of another
// module (example.com/restsdk): its effects come from the HTTP methods its
// service methods send.
package rest

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/restsdk"
	"example.com/restsdk/gen"
	"example.com/restsdk/rpc"
	"example.com/restsdk/swagger"
)

type In struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
}

var (
	api   *restsdk.Client
	gc    *gen.ClientWithResponses
	sw    *swagger.Client
	kiali *rpc.Client
	ro    = &gosdk.ToolAnnotations{ReadOnlyHint: true}
	idem  = &gosdk.ToolAnnotations{IdempotentHint: true}
)

func Register(s *gosdk.Server) {
	// A read-only tool that reboots: a POST named by no verb list.
	gosdk.AddTool(s, &gosdk.Tool{Name: "server_status", Annotations: ro}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, api.Servers.Reboot(ctx, in.ID) // want `tool "server_status" is annotated read-only but sends an HTTP [A-Z]+ \(restsdk.ServersService.Reboot\)`
	})

	// ok: a read-only tool that GETs.
	gosdk.AddTool(s, &gosdk.Tool{Name: "server_get", Annotations: ro}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		_, err := api.Servers.Get(ctx, in.ID)
		return nil, nil, err
	})

	// ok: a read-only tool that POSTs a search: a read by design.
	gosdk.AddTool(s, &gosdk.Tool{Name: "server_search", Annotations: ro}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		_, err := api.Servers.Search(ctx, in.Name)
		return nil, nil, err
	})

	// ok: a read-only tool that sends a GraphQL query.
	gosdk.AddTool(s, &gosdk.Tool{Name: "viewer", Annotations: ro}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, api.Viewer(ctx)
	})

	// A read-only tool that sends a GraphQL mutation.
	gosdk.AddTool(s, &gosdk.Tool{Name: "labels", Annotations: ro}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, api.Relabel(ctx, in.Name) // want `tool "labels" is annotated read-only but sends an HTTP [A-Z]+ \(restsdk.Client.Relabel\)`
	})

	// ok: a read-only tool of an RPC API that POSTs everything (the Kiali trap).
	gosdk.AddTool(s, &gosdk.Tool{Name: "mesh_status", Annotations: ro}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, kiali.Call(ctx, "/api/get_mesh_status", nil)
	})

	// A read-only tool that calls the RPC API's method named like a mutation.
	gosdk.AddTool(s, &gosdk.Tool{Name: "mesh_item", Annotations: ro}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, kiali.DeleteItem(ctx, in.Name) // want `tool "mesh_item" is annotated read-only but sends an HTTP [A-Z]+ \(rpc.Client.DeleteItem\)`
	})

	// A read-only tool that DELETEs: a write, even if idempotent.
	gosdk.AddTool(s, &gosdk.Tool{Name: "server_purge", Annotations: ro}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, api.Servers.Delete(ctx, in.ID) // want `tool "server_purge" is annotated read-only but sends an HTTP [A-Z]+ \(restsdk.ServersService.Delete\)`
	})

	// ok: an idempotent tool whose Edit is a PUT.
	gosdk.AddTool(s, &gosdk.Tool{Name: "server_edit", Annotations: idem}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, api.Servers.Edit(ctx, in.ID, &restsdk.Server{Name: in.Name})
	})

	// ok: an idempotent tool whose Update is a POST: an update sets the
	// state its arguments give, and a repeat changes nothing more,
	// whatever the method (portainer-mcp's UpdateTeamMembers,
	// StartLocalStack). stack_ensure below is the positive beside it.
	gosdk.AddTool(s, &gosdk.Tool{Name: "server_update", Annotations: idem}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, api.Servers.Update(ctx, in.ID, &restsdk.Server{Name: in.Name})
	})

	// A read-only tool that creates a service through a generated client.
	gosdk.AddTool(s, &gosdk.Tool{Name: "service_list", Annotations: ro}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		_, err := gc.CreateServiceWithResponse(ctx, gen.CreateServiceJSONRequestBody{Name: in.Name}) // want `tool "service_list" is annotated read-only but sends an HTTP [A-Z]+ \(gen.ClientWithResponses.CreateServiceWithResponse\)`
		return nil, nil, err
	})

	// ok: the generated client's list.
	gosdk.AddTool(s, &gosdk.Tool{Name: "service_list_ok", Annotations: ro}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		_, err := gc.ListServicesWithResponse(ctx, nil)
		return nil, nil, err
	})

	// An idempotent tool that creates a stack through a go-swagger client.
	// A POST that puts the server in a state (a subscription) is
	// idempotent by nature; a rotation issues a new key each time.
	gosdk.AddTool(s, &gosdk.Tool{Name: "server_subscribe", Annotations: idem}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, api.Servers.Subscribe(ctx, in.ID) // ok: a state a repeat leaves it in
	})
	gosdk.AddTool(s, &gosdk.Tool{Name: "server_rotate", Annotations: idem}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, api.Servers.RotateKey(ctx, in.ID) // want `tool "server_rotate" is annotated idempotent but sends an HTTP POST \(restsdk.ServersService.RotateKey\)`
	})

	// ok: an idempotent tool whose BulkWrite is a POST: a write puts
	// whole contents at their paths, and a repeat writes the same
	// (kiwifs's kiwi_bulk_write). files_append beside it adds each time.
	gosdk.AddTool(s, &gosdk.Tool{Name: "files_write", Annotations: idem}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, api.Servers.BulkWrite(ctx, map[string]string{in.Name: in.Name})
	})
	gosdk.AddTool(s, &gosdk.Tool{Name: "files_append", Annotations: idem}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, api.Servers.AppendLines(ctx, in.Name, in.Name) // want `tool "files_append" is annotated idempotent but sends an HTTP POST \(restsdk.ServersService.AppendLines\)`
	})

	gosdk.AddTool(s, &gosdk.Tool{Name: "stack_ensure", Annotations: idem}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		_, err := sw.CreateStack(&swagger.CreateStackParams{Body: in.Name, Context: ctx}) // want `tool "stack_ensure" is annotated idempotent but sends an HTTP [A-Z]+ \(swagger.Client.CreateStack\)`
		return nil, nil, err
	})

	// ok: an idempotent tool that deletes a stack.
	gosdk.AddTool(s, &gosdk.Tool{Name: "stack_remove", Annotations: idem}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		_, err := sw.DeleteStack(&swagger.CreateStackParams{Body: in.Name, Context: ctx})
		return nil, nil, err
	})
}

// RegisterMCPGo registers with mcp-go.
func RegisterMCPGo(s *server.MCPServer) {
	// An idempotent tool that retries a job: a POST.
	s.AddTool(mcp.NewTool("job_retry", mcp.WithIdempotentHintAnnotation(true), mcp.WithReadOnlyHintAnnotation(false)), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, api.Jobs.Retry(ctx, req.GetInt("id", 0)) // want `tool "job_retry" is annotated idempotent but sends an HTTP [A-Z]+ \(restsdk.JobsService.Retry\)`
	})

	// ok: an idempotent tool that deletes.
	s.AddTool(mcp.NewTool("server_delete", mcp.WithIdempotentHintAnnotation(true), mcp.WithReadOnlyHintAnnotation(false)), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, api.Servers.Delete(ctx, req.GetInt("id", 0))
	})

	// A read-only tool that cancels a job.
	s.AddTool(mcp.NewTool("job_log", mcp.WithReadOnlyHintAnnotation(true)), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, api.Jobs.Cancel(ctx, req.GetInt("id", 0)) // want `tool "job_log" is annotated read-only but sends an HTTP [A-Z]+ \(restsdk.JobsService.Cancel\)`
	})

	// ok: a read-only tool that reads the log.
	s.AddTool(mcp.NewTool("job_log_ok", mcp.WithReadOnlyHintAnnotation(true)), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, api.Jobs.Log(ctx, req.GetInt("id", 0))
	})
}
