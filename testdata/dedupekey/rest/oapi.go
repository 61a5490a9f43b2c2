package rest

import (
	"context"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/restsdk/gen"
)

// serviceClient is the server's own view of an oapi-codegen client, whose
// ClientWithResponses sends through the ClientInterface it embeds
// (render-mcp-server's serviceRepoClient).
type serviceClient interface {
	CreateServiceWithResponse(ctx context.Context, body gen.CreateServiceJSONRequestBody) (*http.Response, error)
	ListServicesWithResponse(ctx context.Context, params *gen.ListServicesParams) (*http.Response, error)
}

type ServiceRepo struct{ c serviceClient }

func NewServiceRepo(c *gen.ClientWithResponses) *ServiceRepo { return &ServiceRepo{c: c} }

func (r *ServiceRepo) Create(ctx context.Context, name string) error {
	_, err := r.c.CreateServiceWithResponse(ctx, gen.CreateServiceJSONRequestBody{Name: name})
	return err
}

func (r *ServiceRepo) List(ctx context.Context) error {
	_, err := r.c.ListServicesWithResponse(ctx, nil)
	return err
}

// RegisterServices registers tools over the repository.
func RegisterServices(s *server.MCPServer, repo *ServiceRepo) {
	s.AddTool(mcp.NewTool("create_service"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, repo.Create(ctx, req.GetString("name", "")) // want `tool "create_service" is not idempotent but sends an HTTP POST \(rest.ServiceRepo.Create\)`
	})
	// ok: a GET through the same client.
	s.AddTool(mcp.NewTool("list_services"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, repo.List(ctx)
	})
}
