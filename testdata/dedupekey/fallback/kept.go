package fallback

import (
	"cmp"
	"context"

	"github.com/google/uuid"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// defaults keeps the values a handler falls back to.
type defaults struct {
	Key    string
	Region string
}

// RegisterKept falls back to fresh values kept in a local or a field.
func RegisterKept(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "fb_local"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		fallback := uuid.NewString()
		key := cmp.Or(in.Key, fallback) // want `tool "fb_local" falls back to a fresh dedupe key`
		_ = key
		return nil, nil, led.Append("a", 1)
	})
	mcp.AddTool(s, &mcp.Tool{Name: "fb_field"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		d := defaults{Key: uuid.NewString()}
		key := cmp.Or(in.Key, d.Key) // want `tool "fb_field" falls back to a fresh dedupe key`
		_ = key
		return nil, nil, led.Append("a", 1)
	})
	// ok: the fallback kept in the field is a constant.
	mcp.AddTool(s, &mcp.Tool{Name: "fb_field_const"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		d := defaults{Key: "anonymous"}
		key := cmp.Or(in.Key, d.Key)
		if key == "anonymous" {
			return nil, nil, context.Canceled
		}
		return nil, nil, led.Append(key, 1)
	})
}
