package percall

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/google/uuid"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// headers names the downstream service's headers: the value-flow engine
// reads the names through the struct.
type headers struct{ key, trace string }

var payHeaders = headers{key: "Idempotency-Key", trace: "X-Trace-Id"}

// keyHeader returns the dedupe header's name.
func keyHeader() string { return payHeaders.key }

func RegisterFlow(srv *gosdk.Server) {
	// The header's name is a field of a package-level value.
	gosdk.AddTool(srv, &gosdk.Tool{Name: "pay_header_field"}, func(ctx context.Context, req *gosdk.CallToolRequest, in PayIn) (*gosdk.CallToolResult, any, error) {
		key := uuid.NewString() // want `the dedupe key \(Idempotency-Key\) of tool "pay_header_field" is made anew on every call`
		hr, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/charges", strings.NewReader(fmt.Sprint(in.Amount)))
		if err != nil {
			return nil, nil, err
		}
		hr.Header.Set(payHeaders.key, key)
		resp, err := http.DefaultClient.Do(hr)
		if err != nil {
			return nil, nil, err
		}
		return nil, nil, resp.Body.Close()
	})
	// ok: the header is named by a function, and carries the client's key.
	gosdk.AddTool(srv, &gosdk.Tool{Name: "pay_header_func_keyed"}, func(ctx context.Context, req *gosdk.CallToolRequest, in PayKeyedIn) (*gosdk.CallToolResult, any, error) {
		hr, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/charges", strings.NewReader(fmt.Sprint(in.Amount)))
		if err != nil {
			return nil, nil, err
		}
		hr.Header.Set(keyHeader(), in.IdempotencyKey)
		resp, err := http.DefaultClient.Do(hr)
		if err != nil {
			return nil, nil, err
		}
		return nil, nil, resp.Body.Close()
	})
	// A trace header made per call is no dedupe key: the POST itself is
	// the finding.
	gosdk.AddTool(srv, &gosdk.Tool{Name: "pay_trace_field"}, func(ctx context.Context, req *gosdk.CallToolRequest, in PayIn) (*gosdk.CallToolResult, any, error) {
		hr, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/charges", strings.NewReader(fmt.Sprint(in.Amount)))
		if err != nil {
			return nil, nil, err
		}
		hr.Header.Set(payHeaders.trace, uuid.NewString())
		resp, err := http.DefaultClient.Do(hr) // want `tool "pay_trace_field" is not idempotent but sends an HTTP POST`
		if err != nil {
			return nil, nil, err
		}
		return nil, nil, resp.Body.Close()
	})
}
