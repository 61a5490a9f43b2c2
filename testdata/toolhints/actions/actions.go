package actions

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct {
	Project string `json:"project"`
	Run     string `json:"run"`
	Stage   string `json:"stage"`
	Text    string `json:"text"`
}

var (
	api  *Client
	ro   = &mcp.ToolAnnotations{ReadOnlyHint: true}
	idem = &mcp.ToolAnnotations{IdempotentHint: true}
)

func Register(s *mcp.Server) {
	// ok: an idempotent tool whose PUT sets a state.
	mcp.AddTool(s, &mcp.Tool{Name: "pause_run", Annotations: idem}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, api.PauseRun(ctx, in.Run)
	})
	// An idempotent tool whose PUT runs an action again on a repeat.
	mcp.AddTool(s, &mcp.Tool{Name: "restart_stage", Annotations: idem}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, api.RestartStage(ctx, in.Run, in.Stage) // want `tool "restart_stage" is annotated idempotent but sends an HTTP PUT \(actions.Client.RestartStage\)`
	})

	// ok: a read-only tool whose POST evaluates an expression.
	mcp.AddTool(s, &mcp.Tool{Name: "evaluate_expression", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, api.EvaluateExpression(ctx, in.Run, in.Text)
	})
	mcp.AddTool(s, &mcp.Tool{Name: "rerun_expression", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, api.RerunExpression(ctx, in.Run, in.Text) // want `tool "rerun_expression" is annotated read-only but sends an HTTP POST`
	})

	// ok: a read-only tool whose POST asks for a dry run.
	mcp.AddTool(s, &mcp.Tool{Name: "plan", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, api.post(ctx, apiPath("api", "projects", in.Project, "apply")+"?dryRun=1", in.Text)
	})
	mcp.AddTool(s, &mcp.Tool{Name: "apply", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, api.post(ctx, apiPath("api", "projects", in.Project, "apply"), in.Text) // want `tool "apply" is annotated read-only but sends an HTTP POST`
	})

	// ok: a read-only tool whose POST goes to a query endpoint, the path
	// a helper joins from its segments. (Named by no read, as are the
	// GraphQL tools below: their paths and documents decide.)
	mcp.AddTool(s, &mcp.Tool{Name: "addon_sql", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, api.post(ctx, apiPath("api", "projects", in.Project, "sql", "query"), in.Text)
	})
	mcp.AddTool(s, &mcp.Tool{Name: "addon_exec", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, api.post(ctx, apiPath("api", "projects", in.Project, "sql", "exec"), in.Text) // want `tool "addon_exec" is annotated read-only but sends an HTTP POST`
	})

	// ok: an idempotent tool whose GraphQL mutation, named object
	// first (projectUpdate), sets fields.
	mcp.AddTool(s, &mcp.Tool{Name: "project_props", Annotations: idem}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, api.ProjectProps(ctx, in.Project, in.Text)
	})
	mcp.AddTool(s, &mcp.Tool{Name: "project_new", Annotations: idem}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, api.ProjectNew(ctx, in.Text) // want `tool "project_new" is annotated idempotent but sends an HTTP POST`
	})

	// ok: a read-only tool that sends a CardDAV REPORT, a query.
	mcp.AddTool(s, &mcp.Tool{Name: "find_contacts", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, api.send(ctx, "REPORT", "/addressbooks/"+in.Project, in.Text)
	})
	mcp.AddTool(s, &mcp.Tool{Name: "touch_contacts", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, api.send(ctx, "PROPPATCH", "/addressbooks/"+in.Project, in.Text) // want `tool "touch_contacts" is annotated read-only but sends an HTTP PROPPATCH`
	})
}
