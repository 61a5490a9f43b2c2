package percall

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/google/uuid"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// setKey sets the request's idempotency key: a helper of the package.
func setKey(hr *http.Request, key string) {
	hr.Header.Set("Idempotency-Key", key)
}

func RegisterSetter(srv *gosdk.Server) {
	// A uuid made in the handler, set by a helper into the request it sends.
	gosdk.AddTool(srv, &gosdk.Tool{Name: "pay_setter"}, func(ctx context.Context, req *gosdk.CallToolRequest, in PayIn) (*gosdk.CallToolResult, any, error) {
		key := uuid.NewString() // want `the dedupe key \(Idempotency-Key\) of tool "pay_setter" is made anew on every call`
		hr, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/charges", strings.NewReader(fmt.Sprint(in.Amount)))
		if err != nil {
			return nil, nil, err
		}
		setKey(hr, key)
		resp, err := http.DefaultClient.Do(hr)
		if err != nil {
			return nil, nil, err
		}
		return nil, nil, resp.Body.Close()
	})
	// ok: the client's key, set by the same helper.
	gosdk.AddTool(srv, &gosdk.Tool{Name: "pay_setter_keyed"}, func(ctx context.Context, req *gosdk.CallToolRequest, in PayKeyedIn) (*gosdk.CallToolResult, any, error) {
		hr, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/charges", strings.NewReader(fmt.Sprint(in.Amount)))
		if err != nil {
			return nil, nil, err
		}
		setKey(hr, in.IdempotencyKey)
		resp, err := http.DefaultClient.Do(hr)
		if err != nil {
			return nil, nil, err
		}
		return nil, nil, resp.Body.Close()
	})
}
