package wrapper

import (
	"context"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

// ---- A helper that makes the tools of one family, its description
// translated by a function and its schema extended by properties each
// caller passes on (github-mcp-server's issueUpdateTool(t, name, ...,
// extraProps)); the registration is made where the helper's NewTool
// pairs the tool with its handler. What the callers pass on decides no
// name, hint or handler. ----

type Translate func(key, fallback string) string

func updateTool(t Translate, name, desc string, field string, schema any) ServerTool {
	return NewTool(&gomcp.Tool{Name: name, Description: t(name, desc), InputSchema: schema}, func(ctx context.Context, req *gomcp.CallToolRequest, in In) (*gomcp.CallToolResult, any, error) {
		return nil, nil, led.Append(field+in.Account, 1) // want `tool "g_update_body" is not idempotent`
	})
}

func UpdateTitle(t Translate, schema any) ServerTool {
	return updateTool(t, "g_update_title", "sets the title", "title", schema)
}

func UpdateBody(t Translate, schema any) ServerTool {
	return updateTool(t, "g_update_body", "sets the body", "body", schema)
}

func GranularTools(t Translate, schema any) []ServerTool {
	return []ServerTool{UpdateTitle(t, schema), UpdateBody(t, schema)}
}
