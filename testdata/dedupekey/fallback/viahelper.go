package fallback

import (
	"cmp"
	"context"
	"log"

	"github.com/google/uuid"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/keys"
)

type OrderIn struct {
	Key   string `json:"idempotency_key"`
	Order string `json:"order"`
}

// keyOr returns the client's key, or a new one when it sends none.
func keyOr(in OrderIn) string {
	return cmp.Or(in.Key, uuid.NewString()) // want `tool "fb_via_or" falls back to a fresh dedupe key`
}

// keyOrOrder falls back to the order id: the same on a retry.
func keyOrOrder(in OrderIn) string {
	return cmp.Or(in.Key, in.Order)
}

// keyFrom reads the key with a fresh default.
func keyFrom(req mcp.CallToolRequest) string {
	key := req.GetString("idempotency_key", "")
	if key == "" {
		key = uuid.NewString() // want `tool "fb_via_default" falls back to a fresh dedupe key`
	}
	return key
}

// traced logs the call under an id of its own: no fallback.
func traced(in OrderIn) string {
	id := uuid.NewString()
	log.Println(id, in.Key)
	return in.Key
}

// RegisterViaHelper registers handlers whose key is read by a helper of
// the package, each beside a twin whose helper makes no fresh key.
func RegisterViaHelper(srv *gosdk.Server, s *server.MCPServer) {
	gosdk.AddTool(srv, &gosdk.Tool{Name: "fb_via_or"}, func(ctx context.Context, req *gosdk.CallToolRequest, in OrderIn) (*gosdk.CallToolResult, any, error) {
		key := keyOr(in)
		_ = key
		return nil, nil, led.Append("a", 1)
	})
	// ok: the fallback is the order id.
	gosdk.AddTool(srv, &gosdk.Tool{Name: "fb_via_order"}, func(ctx context.Context, req *gosdk.CallToolRequest, in OrderIn) (*gosdk.CallToolResult, any, error) {
		key := keyOrOrder(in)
		_ = key
		return nil, nil, led.Append("a", 1)
	})
	// ok: the helper's fresh id is a trace id, not the key.
	gosdk.AddTool(srv, &gosdk.Tool{Name: "fb_via_traced"}, func(ctx context.Context, req *gosdk.CallToolRequest, in OrderIn) (*gosdk.CallToolResult, any, error) {
		if traced(in) == "" {
			return nil, nil, context.Canceled
		}
		return nil, nil, led.Append("a", 1)
	})
	s.AddTool(mcp.NewTool("fb_via_default", mcp.WithString("idempotency_key")), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		key := keyFrom(req)
		_ = key
		return nil, led.Append("a", 1)
	})
}

// RegisterViaRemote registers handlers whose key another package's helper
// reads.
func RegisterViaRemote(srv *gosdk.Server) {
	gosdk.AddTool(srv, &gosdk.Tool{Name: "fb_remote_or"}, func(ctx context.Context, req *gosdk.CallToolRequest, in keys.In) (*gosdk.CallToolResult, any, error) {
		key := keys.Or(in) // want `tool "fb_remote_or" falls back to a fresh dedupe key`
		_ = key
		return nil, nil, led.Append("a", 1)
	})
	// ok: the fallback is the order id.
	gosdk.AddTool(srv, &gosdk.Tool{Name: "fb_remote_order"}, func(ctx context.Context, req *gosdk.CallToolRequest, in keys.In) (*gosdk.CallToolResult, any, error) {
		key := keys.OrOrder(in)
		_ = key
		return nil, nil, led.Append("a", 1)
	})
}
