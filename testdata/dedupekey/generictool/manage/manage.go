// Package manage is a typed tool that creates cases.
package manage

import (
	"bytes"
	"context"
	"errors"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/dedupekey/generictool/tools"
)

type Params struct {
	Title string `json:"title"`
}

type Result struct {
	Status int `json:"status"`
}

type Tool struct{ base string }

func New(base string) *Tool { return &Tool{base: base} }

func (t *Tool) Name() string { return "create_case" }

func (t *Tool) Definition() mcp.Tool {
	return mcp.NewTool(t.Name(), mcp.WithDescription("Opens a case."), mcp.WithInputSchema[Params]())
}

func (t *Tool) Handler() server.ToolHandlerFunc { return tools.WithValidation(t) }

func (t *Tool) Validate(p *Params) error {
	if p.Title == "" {
		return errors.New("title is required")
	}
	return nil
}

// Handle opens a case: a retry opens another. Reported where the tool
// is registered (bootstrap), with this POST as the trail's end.
func (t *Tool) Handle(ctx context.Context, req mcp.CallToolRequest, p Params) (Result, error) {
	resp, err := http.Post(t.base+"/api/case", "application/json", bytes.NewBufferString(p.Title))
	if err != nil {
		return Result{}, err
	}
	defer resp.Body.Close()
	return Result{Status: resp.StatusCode}, nil
}
