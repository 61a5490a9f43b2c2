// Package search is a typed tool that only reads.
package search

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/dedupekey/generictool/tools"
	"net/http"
)

type Params struct {
	Query string `json:"query"`
}

type Tool struct{ base string }

func New(base string) *Tool { return &Tool{base: base} }

func (t *Tool) Name() string { return "search_cases" }

func (t *Tool) Definition() mcp.Tool {
	return mcp.NewTool(t.Name(), mcp.WithDescription("Finds cases."), mcp.WithInputSchema[Params]())
}

func (t *Tool) Handler() server.ToolHandlerFunc { return tools.WithValidation(t) }

func (t *Tool) Validate(p *Params) error { return nil }

// ok: a read.
func (t *Tool) Handle(ctx context.Context, req mcp.CallToolRequest, p Params) (int, error) {
	resp, err := http.Get(t.base + "/api/case?q=" + p.Query)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	return resp.StatusCode, nil
}
