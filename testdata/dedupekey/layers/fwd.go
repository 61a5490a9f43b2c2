package layers

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// ---- A registration closure that calls the handler through a helper. ----

type fwdTool struct {
	name    string
	handler Handler
}

func fwdSend(ctx context.Context, args map[string]any) (string, error) {
	return "", led.Append("fwd", 1) // want `tool "fwd_send" is not idempotent`
}

func fwdKeyed(ctx context.Context, args map[string]any) (string, error) {
	if args["idempotency_key"] == nil {
		return "", errors.New("key required")
	}
	return "", led.Append("fwd", 1) // ok: keyed
}

// invoke calls a tool's handler with the call's arguments.
func invoke(t fwdTool, ctx context.Context, req mcp.CallToolRequest) (string, error) {
	return t.handler(ctx, req.GetArguments())
}

func RegisterFwd(s *server.MCPServer) {
	for _, t := range []fwdTool{{"fwd_send", fwdSend}, {"fwd_keyed", fwdKeyed}} {
		s.AddTool(mcp.NewTool(t.name), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			out, err := invoke(t, ctx, req)
			if err != nil {
				return nil, err
			}
			return mcp.NewToolResultText(out), nil
		})
	}
}
