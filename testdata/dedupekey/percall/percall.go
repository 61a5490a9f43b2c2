// Package percall has handlers that make the dedupe key they send
// downstream themselves, on every call: a retried tool call sends a new
// key, and the downstream service runs it again. Each has a twin that
// sends the client's key.
package percall

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/dedupekey/cloud"
	"example.com/dedupekey/ids"
)

type PayIn struct {
	Amount int `json:"amount"`
}

type PayKeyedIn struct {
	Amount         int    `json:"amount"`
	IdempotencyKey string `json:"idempotency_key"`
}

func RegisterGoSDK(srv *gosdk.Server, c *cloud.Client) {
	// A header set from a uuid made in the handler.
	gosdk.AddTool(srv, &gosdk.Tool{Name: "pay_header"}, func(ctx context.Context, req *gosdk.CallToolRequest, in PayIn) (*gosdk.CallToolResult, any, error) {
		key := uuid.NewString() // want `the dedupe key \(Idempotency-Key\) of tool "pay_header" is made anew on every call: the server sees each retry as a new operation`
		hr, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/charges", strings.NewReader(fmt.Sprint(in.Amount)))
		if err != nil {
			return nil, nil, err
		}
		hr.Header.Set("Idempotency-Key", key)
		resp, err := http.DefaultClient.Do(hr)
		if err != nil {
			return nil, nil, err
		}
		return nil, nil, resp.Body.Close()
	})
	// ok: the header carries the client's key.
	gosdk.AddTool(srv, &gosdk.Tool{Name: "pay_header_keyed"}, func(ctx context.Context, req *gosdk.CallToolRequest, in PayKeyedIn) (*gosdk.CallToolResult, any, error) {
		hr, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/charges", strings.NewReader(fmt.Sprint(in.Amount)))
		if err != nil {
			return nil, nil, err
		}
		hr.Header.Set("Idempotency-Key", in.IdempotencyKey)
		resp, err := http.DefaultClient.Do(hr)
		if err != nil {
			return nil, nil, err
		}
		return nil, nil, resp.Body.Close()
	})
	// A key field of the downstream input, made from the clock.
	gosdk.AddTool(srv, &gosdk.Tool{Name: "pay_field"}, func(ctx context.Context, req *gosdk.CallToolRequest, in PayIn) (*gosdk.CallToolResult, any, error) {
		ci := &cloud.Input{IdempotencyKey: fmt.Sprint(time.Now().UnixNano()), Amount: in.Amount} // want `the dedupe key \(IdempotencyKey\) of tool "pay_field" is made anew on every call`
		return nil, nil, c.Charge(ctx, ci)
	})
	// ok: the key field carries the client's key.
	gosdk.AddTool(srv, &gosdk.Tool{Name: "pay_field_keyed"}, func(ctx context.Context, req *gosdk.CallToolRequest, in PayKeyedIn) (*gosdk.CallToolResult, any, error) {
		ci := &cloud.Input{IdempotencyKey: in.IdempotencyKey, Amount: in.Amount}
		return nil, nil, c.Charge(ctx, ci)
	})
	// ok: a uuid made for the response, not sent with the effect.
	gosdk.AddTool(srv, &gosdk.Tool{Name: "pay_field_keyed2"}, func(ctx context.Context, req *gosdk.CallToolRequest, in PayKeyedIn) (*gosdk.CallToolResult, any, error) {
		ref := uuid.NewString()
		_ = ref
		return nil, nil, c.ChargeWithKey(ctx, in.IdempotencyKey, in.Amount)
	})
}

func RegisterMCPGo(s *server.MCPServer, c *cloud.Client) {
	// A key made by the project's own helper in another package, passed to
	// a client method that sends it as the Idempotency-Key header.
	s.AddTool(mcp.NewTool("pay_helper", mcp.WithNumber("amount")), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, c.ChargeWithKey(ctx, ids.New(), req.GetInt("amount", 0)) // want `the dedupe key of tool "pay_helper" is made anew on every call`
	})
	// ok: the client's key, passed to the same method.
	s.AddTool(mcp.NewTool("pay_helper_keyed", mcp.WithNumber("amount"), mcp.WithString("idempotency_key", mcp.Required())), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, c.ChargeWithKey(ctx, req.GetString("idempotency_key", ""), req.GetInt("amount", 0))
	})
	// A stable id derived from the arguments is no per-call key, but no
	// client key either: the ordinary finding.
	s.AddTool(mcp.NewTool("pay_derived", mcp.WithNumber("amount")), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, c.ChargeWithKey(ctx, ids.Of("x"), req.GetInt("amount", 0)) // want `tool "pay_derived" is not idempotent but`
	})
}
