// Package rest registers tools whose handlers call a REST SDK of another
// module (example.com/restsdk): action methods named by no verb list,
// a generated client, a go-swagger client; "idempotent by nature" comes
// from the HTTP method, not the method's name.
package rest

import (
	"context"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/restsdk"
	"example.com/restsdk/gen"
	"example.com/restsdk/opts"
	"example.com/restsdk/swagger"
)

type In struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
	Key  string `json:"idempotency_key"`
}

var (
	pl  *opts.PipelinesService
	api *restsdk.Client
	gc  *gen.ClientWithResponses
	sw  *swagger.Client
)

func Register(s *gosdk.Server) {
	// A reboot: a POST named by no verb list.
	gosdk.AddTool(s, &gosdk.Tool{Name: "reboot"}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, api.Servers.Reboot(ctx, in.ID) // want `tool "reboot" is not idempotent but sends an HTTP [A-Z]+ \(restsdk.ServersService.Reboot\)`
	})

	// ok: the same reboot behind a client key.
	gosdk.AddTool(s, &gosdk.Tool{Name: "reboot_keyed"}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		if in.Key == "" {
			return nil, nil, os.ErrInvalid
		}
		return nil, nil, api.Servers.Reboot(ctx, in.ID)
	})

	// ok: a GET.
	gosdk.AddTool(s, &gosdk.Tool{Name: "show"}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		_, err := api.Servers.Get(ctx, in.ID)
		return nil, nil, err
	})

	// An Edit that is a PUT: idempotent by nature.
	gosdk.AddTool(s, &gosdk.Tool{Name: "edit"}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, api.Servers.Edit(ctx, in.ID, &restsdk.Server{Name: in.Name}) // want `tool "edit" is not marked idempotent and sends an HTTP [A-Z]+ \(restsdk.ServersService.Edit\)`
	})

	// An Update that is a POST: not idempotent.
	gosdk.AddTool(s, &gosdk.Tool{Name: "update"}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, api.Servers.Update(ctx, in.ID, &restsdk.Server{Name: in.Name}) // want `tool "update" is not idempotent but sends an HTTP [A-Z]+ \(restsdk.ServersService.Update\)`
	})

	// An update POSTed to the item itself (servers/{id}): worded as an
	// overwrite, unlike the POST to servers/{id}/update above.
	gosdk.AddTool(s, &gosdk.Tool{Name: "update_name"}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, api.Servers.UpdateName(ctx, in.ID, in.Name) // want `tool "update_name" is not marked idempotent and sends an HTTP POST \(restsdk.ServersService.UpdateName\)`
	})

	// ok: a POST the tool's name says is a read (an API that takes its
	// queries in a POST body).
	gosdk.AddTool(s, &gosdk.Tool{Name: "get_server_stats"}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, api.Servers.Stats(ctx, in.ID)
	})
	gosdk.AddTool(s, &gosdk.Tool{Name: "scan_server_ports"}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, api.Servers.Stats(ctx, in.ID)
	})
	gosdk.AddTool(s, &gosdk.Tool{Name: "find_replace_stats"}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, api.Servers.Stats(ctx, in.ID) // want `tool "find_replace_stats" is not idempotent but sends an HTTP POST`
	})
	gosdk.AddTool(s, &gosdk.Tool{Name: "server_stats"}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, api.Servers.Stats(ctx, in.ID) // want `tool "server_stats" is not idempotent but sends an HTTP POST \(restsdk.ServersService.Stats\)`
	})
	gosdk.AddTool(s, &gosdk.Tool{Name: "get_or_create_stats"}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, api.Servers.Stats(ctx, in.ID) // want `tool "get_or_create_stats" is not idempotent but sends an HTTP POST`
	})
	gosdk.AddTool(s, &gosdk.Tool{Name: "get_stats_destructive", Annotations: &gosdk.ToolAnnotations{DestructiveHint: destructive(true)}}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, api.Servers.Stats(ctx, in.ID) // want `tool "get_stats_destructive" is not idempotent but sends an HTTP POST`
	})
	gosdk.AddTool(s, &gosdk.Tool{Name: "get_server_refreshed"}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, api.Servers.Update(ctx, in.ID, &restsdk.Server{Name: in.Name}) // want `tool "get_server_refreshed" is not idempotent but sends an HTTP POST \(restsdk.ServersService.Update\)`
	})

	gosdk.AddTool(s, &gosdk.Tool{Name: "subscribe"}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, api.Servers.Subscribe(ctx, in.ID) // want `tool "subscribe" is not marked idempotent and sends an HTTP POST \(restsdk.ServersService.Subscribe\)`
	})
	gosdk.AddTool(s, &gosdk.Tool{Name: "acknowledge_alert"}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, api.Servers.Acknowledge(ctx, in.ID) // want `tool "acknowledge_alert" is not marked idempotent and sends an HTTP POST \(restsdk.ServersService.Acknowledge\)`
	})
	gosdk.AddTool(s, &gosdk.Tool{Name: "rotate"}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, api.Servers.RotateKey(ctx, in.ID) // want `tool "rotate" is not idempotent but sends an HTTP POST \(restsdk.ServersService.RotateKey\)`
	})

	gosdk.AddTool(s, &gosdk.Tool{Name: "pin"}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, api.Servers.Pin(ctx, in.ID) // want `tool "pin" is not marked idempotent and sends an HTTP POST \(restsdk.ServersService.Pin\)`
	})
	gosdk.AddTool(s, &gosdk.Tool{Name: "reboot_form"}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, api.Servers.Reboot2(ctx, in.ID) // want `tool "reboot_form" is not idempotent but sends an HTTP POST \(restsdk.ServersService.Reboot2\)`
	})

	// ok: Vault's LIST reads.
	gosdk.AddTool(s, &gosdk.Tool{Name: "server_keys"}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, api.Servers.Keys(ctx, in.ID)
	})

	// ok: a POST search is a read.
	gosdk.AddTool(s, &gosdk.Tool{Name: "search"}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		_, err := api.Servers.Search(ctx, in.Name)
		return nil, nil, err
	})

	// A local file append, then the reboot: the message names the reboot.
	gosdk.AddTool(s, &gosdk.Tool{Name: "reboot_audited"}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		if err := api.Servers.Audit(in.ID); err != nil {
			return nil, nil, err
		}
		return nil, nil, api.Servers.Reboot(ctx, in.ID) // want `tool "reboot_audited" is not idempotent but sends an HTTP [A-Z]+ \(restsdk.ServersService.Reboot\)`
	})

	// ok: the audit alone is reported at the audit.
	gosdk.AddTool(s, &gosdk.Tool{Name: "audit"}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, api.Servers.Audit(in.ID) // want `tool "audit" is not idempotent but writes a file \(restsdk.ServersService.Audit\)`
	})

	// A generated client's create.
	gosdk.AddTool(s, &gosdk.Tool{Name: "create_service"}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		_, err := gc.CreateServiceWithResponse(ctx, gen.CreateServiceJSONRequestBody{Name: in.Name}) // want `tool "create_service" is not idempotent but sends an HTTP [A-Z]+ \(gen.ClientWithResponses.CreateServiceWithResponse\)`
		return nil, nil, err
	})

	// ok: the generated client's list.
	gosdk.AddTool(s, &gosdk.Tool{Name: "list_services"}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		_, err := gc.ListServicesWithResponse(ctx, nil)
		return nil, nil, err
	})
}

// RegisterMCPGo registers with mcp-go.
func RegisterMCPGo(s *server.MCPServer) {
	// A go-swagger create: no context parameter, the method in a ClientOperation.
	s.AddTool(mcp.NewTool("create_stack"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		_, err := sw.CreateStack(&swagger.CreateStackParams{Body: req.GetString("name", ""), Context: ctx}) // want `tool "create_stack" is not idempotent but sends an HTTP [A-Z]+ \(swagger.Client.CreateStack\)`
		return nil, err
	})

	// ok: a go-swagger search.
	s.AddTool(mcp.NewTool("search_stacks"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		_, err := sw.SearchStacks(&swagger.SearchStacksParams{Query: req.GetString("q", ""), Context: ctx})
		return nil, err
	})

	// A refund: a POST through two wrapper layers.
	s.AddTool(mcp.NewTool("refund"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, api.Payments.Refund(ctx, req.GetString("id", "")) // want `tool "refund" is not idempotent but sends an HTTP [A-Z]+ \(restsdk.PaymentsService.Refund\)`
	})

	// A pipeline retry through a go-gitlab-shaped client: the method is
	// set by a functional option.
	s.AddTool(mcp.NewTool("retry_pipeline"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, pl.RetryPipeline(req.GetInt("project", 0), req.GetInt("id", 0)) // want `tool "retry_pipeline" is not idempotent but sends an HTTP [A-Z]+ \(opts.PipelinesService.RetryPipeline\)`
	})

	// ok: the same client's read.
	s.AddTool(mcp.NewTool("get_pipeline"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, pl.GetPipeline(req.GetInt("project", 0), req.GetInt("id", 0))
	})

	// ok: the refund behind a client key.
	s.AddTool(mcp.NewTool("refund_keyed"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if req.GetString("idempotency_key", "") == "" {
			return nil, os.ErrInvalid
		}
		return nil, api.Payments.Refund(ctx, req.GetString("id", ""))
	})
}
