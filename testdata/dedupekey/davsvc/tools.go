package davsvc

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct {
	Calendar string `json:"calendar"`
	Body     string `json:"body"`
}

// Deps are the tools' dependencies.
type Deps struct {
	Service Service
}

func Register(s *mcp.Server, deps Deps) {
	// ok: a REPORT is a CalDAV query.
	mcp.AddTool(s, &mcp.Tool{Name: "list_events"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, deps.Service.ListEvents(ctx, in.Calendar)
	})
	mcp.AddTool(s, &mcp.Tool{Name: "create_event"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, deps.Service.CreateEvent(ctx, in.Calendar, in.Body) // want `tool "create_event" is not idempotent but sends an HTTP POST`
	})
	mcp.AddTool(s, &mcp.Tool{Name: "save_event"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, deps.Service.SaveEvent(ctx, in.Calendar, in.Body) // want `tool "save_event" is not marked idempotent and sends an HTTP PUT`
	})
}
