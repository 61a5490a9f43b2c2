// Package gosdk retries go-sdk tool calls, with and without a read-back.
package gosdk

import (
	"context"
	"errors"
	"net/http"
	"os/exec"
	"time"

	"github.com/google/uuid"
	"github.com/hashicorp/go-retryablehttp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var ErrUnauthorized = errors.New("unauthorized")

// RetryOnTimeout re-sends a keyless charge after a timeout.
func RetryOnTimeout(ctx context.Context, cs *mcp.ClientSession) (*mcp.CallToolResult, error) {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		ctx1, cancel := context.WithTimeout(ctx, time.Second)
		res, err := cs.CallTool(ctx1, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"amount": 1}}) // want `CallTool\("charge"\) is sent again by this loop after a failed attempt whose outcome is unknown`
		cancel()
		if err == nil {
			return res, nil
		}
		lastErr = err
	}
	return nil, lastErr
}

// StableKey sends one key, made before the loop, with every attempt.
func StableKey(ctx context.Context, cs *mcp.ClientSession) (*mcp.CallToolResult, error) {
	key := uuid.NewString()
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"amount": 1, "idempotency_key": key}}) // ok: a stable key
		if err == nil {
			return res, nil
		}
		lastErr = err
	}
	return nil, lastErr
}

// MetaKey sends a stable key in _meta, through a params variable.
func MetaKey(ctx context.Context, cs *mcp.ClientSession, orderID string) error {
	params := &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"amount": 1}}
	params.Meta = mcp.Meta{"idempotencyKey": "order-" + orderID}
	var err error
	for range 3 {
		if _, err = cs.CallTool(ctx, params); err == nil { // ok: a key derived from the order
			return nil
		}
	}
	return err
}

// ReadBackFirst asks the server before sending again.
func ReadBackFirst(ctx context.Context, cs *mcp.ClientSession) (*mcp.CallToolResult, error) {
	for attempt := 0; attempt < 3; attempt++ {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge"}) // ok: read back on the failure path
		if err == nil {
			return res, nil
		}
		rr, rerr := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "ledger://charges/last"})
		if rerr == nil && len(rr.Contents) > 0 {
			return nil, nil
		}
	}
	return nil, errors.New("gave up")
}

// PingOnly probes liveness, which tells nothing about the charge.
func PingOnly(ctx context.Context, cs *mcp.ClientSession) error {
	for {
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge"}) // want `CallTool\("charge"\) is sent again by this loop`
		if err == nil {
			return nil
		}
		if perr := cs.Ping(ctx, nil); perr != nil {
			return perr
		}
		if _, lerr := cs.ListTools(ctx, nil); lerr != nil {
			return lerr
		}
	}
}

// status reads the outcome of the last charge.
//
//mcpvet:readback asks the ledger for the charge
func status(ctx context.Context, cs *mcp.ClientSession) bool { return false }

// DirectiveReadBack uses a function declared as a read-back.
func DirectiveReadBack(ctx context.Context, cs *mcp.ClientSession) error {
	for {
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge"}) // ok: status reads back
		if err == nil {
			return nil
		}
		if status(ctx, cs) {
			return nil
		}
	}
}

// StatusTool calls a read-only tool of this package before re-sending.
func StatusTool(ctx context.Context, cs *mcp.ClientSession) error {
	for {
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge"}) // ok: charge_status is read-only
		if err == nil {
			return nil
		}
		if st, serr := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge_status"}); serr == nil && !st.IsError {
			return nil
		}
	}
}

// IdempotentTool re-sends a tool registered idempotent here.
func IdempotentTool(ctx context.Context, cs *mcp.ClientSession) error {
	var err error
	for range 3 {
		if _, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "set_limit"}); err == nil { // ok: set_limit is idempotent
			return nil
		}
	}
	return err
}

// HintGuard re-sends only when the tool says it is idempotent.
func HintGuard(ctx context.Context, cs *mcp.ClientSession, tool *mcp.Tool) error {
	for {
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tool.Name}) // ok: guarded by IdempotentHint
		if err == nil {
			return nil
		}
		if tool.Annotations == nil || !tool.Annotations.IdempotentHint {
			return err
		}
	}
}

// AuthOnly re-sends only after an authorization failure, which the
// server rejected before running the tool.
func AuthOnly(ctx context.Context, cs *mcp.ClientSession, refresh func()) error {
	for range 2 {
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge"}) // ok: only unauthorized calls are re-sent
		if err == nil {
			return nil
		}
		if !errors.Is(err, ErrUnauthorized) {
			return err
		}
		refresh()
	}
	return nil
}

// TimeoutOnly re-sends timeouts: the call may have run.
func TimeoutOnly(ctx context.Context, cs *mcp.ClientSession) error {
	for range 2 {
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge"}) // want `CallTool\("charge"\) is sent again by this loop`
		if err == nil {
			return nil
		}
		if !errors.Is(err, context.DeadlineExceeded) {
			return err
		}
	}
	return nil
}

// Items calls a tool for each item: not a retry.
func Items(ctx context.Context, cs *mcp.ClientSession, accounts []string) {
	for _, a := range accounts {
		if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"account": a}}); err != nil { // ok: next item
			continue
		}
	}
}

// Restart reconnects after a failure and sends the call again.
func Restart(ctx context.Context, c *mcp.Client, path string) error {
	cs, err := c.Connect(ctx, &mcp.CommandTransport{Command: exec.Command(path)}, nil)
	if err != nil {
		return err
	}
	params := &mcp.CallToolParams{Name: "charge"}
	_, err = cs.CallTool(ctx, params)
	if err != nil {
		cs.Close()
		cs, err = c.Connect(ctx, &mcp.CommandTransport{Command: exec.Command(path)}, nil)
		if err != nil {
			return err
		}
		_, err = cs.CallTool(ctx, params) // want `CallTool\("charge"\) is sent again in the error path`
	}
	return err
}

// RestartReadBack reconnects and reads back before sending again.
func RestartReadBack(ctx context.Context, c *mcp.Client, path string) error {
	cs, err := c.Connect(ctx, &mcp.CommandTransport{Command: exec.Command(path)}, nil)
	if err != nil {
		return err
	}
	_, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge"})
	if err != nil {
		cs, err = c.Connect(ctx, &mcp.CommandTransport{Command: exec.Command(path)}, nil)
		if err != nil {
			return err
		}
		if rr, rerr := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "ledger://last"}); rerr == nil && len(rr.Contents) > 0 {
			return nil
		}
		_, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge"}) // ok: read back first
	}
	return err
}

// Other calls a different tool in the error path: not a re-send.
func Other(ctx context.Context, cs *mcp.ClientSession) error {
	if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge"}); err != nil {
		_, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "notify_failure"}) // ok: another tool
		return err
	}
	return nil
}

// Recurse calls itself after a failure.
func Recurse(ctx context.Context, cs *mcp.ClientSession, n int) (*mcp.CallToolResult, error) {
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge"}) // want `CallTool\("charge"\) is sent again by the recursive call of Recurse`
	if err != nil && n > 0 {
		return Recurse(ctx, cs, n-1)
	}
	return res, err
}

// RetryingTransport re-sends POSTs below the SDK.
func RetryingTransport(ctx context.Context) (*mcp.ClientSession, error) {
	rc := retryablehttp.NewClient()
	t := &mcp.StreamableClientTransport{Endpoint: "http://localhost:8080/mcp", HTTPClient: rc.StandardClient()} // want `this MCP transport's HTTP client \(go-retryablehttp\)`
	return mcp.NewClient(&mcp.Implementation{Name: "c"}, nil).Connect(ctx, t, nil)
}

// PlainTransport uses a plain client.
func PlainTransport(ctx context.Context) (*mcp.ClientSession, error) {
	t := &mcp.StreamableClientTransport{Endpoint: "http://localhost:8080/mcp", HTTPClient: &http.Client{Timeout: time.Minute}} // ok: no retries
	return mcp.NewClient(&mcp.Implementation{Name: "c"}, nil).Connect(ctx, t, nil)
}

// Serve registers the tools this package calls.
func Serve(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "set_limit", Annotations: &mcp.ToolAnnotations{IdempotentHint: true}}, setLimit)
	mcp.AddTool(s, &mcp.Tool{Name: "charge_status", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}, setLimit)
}

func setLimit(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{}, nil, nil
}

// Sequence calls the same tool twice in a row, whatever the first did.
func Sequence(ctx context.Context, cs *mcp.ClientSession, check func(error)) error {
	_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge"})
	check(err)
	_, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge"}) // ok: runs after a success too
	return err
}

// ToolClient is a project's own client interface.
type ToolClient interface {
	CallTool(ctx context.Context, name string, args map[string]any) (*mcp.CallToolResult, error)
}

// ThroughInterface retries through the project's interface.
func ThroughInterface(ctx context.Context, c ToolClient) error {
	var err error
	for range 3 {
		if _, err = c.CallTool(ctx, "charge", nil); err == nil { // want `gosdk.ToolClient.CallTool \(which calls CallTool\("charge"\)\) is sent again by this loop|ToolClient.CallTool \(which calls CallTool\("charge"\)\) is sent again by this loop`
			return nil
		}
	}
	return err
}

// withRefresh calls fn again, once, after refreshing the session.
func withRefresh[T any](ctx context.Context, cs *mcp.ClientSession, fn func(*mcp.ClientSession) (T, error)) (T, error) {
	res, err := fn(cs)
	if err != nil {
		cs.Close()
		res, err = fn(cs)
	}
	return res, err
}

// Refreshing is the generic refresh-and-retry helper of adk-go.
func Refreshing(ctx context.Context, cs *mcp.ClientSession) (*mcp.CallToolResult, error) {
	return withRefresh(ctx, cs, func(s *mcp.ClientSession) (*mcp.CallToolResult, error) {
		return s.CallTool(ctx, &mcp.CallToolParams{Name: "charge"}) // want `CallTool\("charge"\) is sent again by the retry helper withRefresh`
	})
}

// ListRefreshing uses the helper for a read.
func ListRefreshing(ctx context.Context, cs *mcp.ClientSession) (*mcp.ListToolsResult, error) {
	return withRefresh(ctx, cs, func(s *mcp.ClientSession) (*mcp.ListToolsResult, error) {
		return s.ListTools(ctx, nil) // ok: not a tool call
	})
}

// clientConfig keeps the HTTP client a transport is built with.
type clientConfig struct {
	HTTP     *http.Client
	Endpoint string
}

// retryingConfig builds a configuration whose client re-sends POSTs.
func retryingConfig() clientConfig {
	return clientConfig{HTTP: retryablehttp.NewClient().StandardClient(), Endpoint: "http://localhost:8080/mcp"}
}

// quietConfig builds a configuration whose retrying client is told not
// to retry.
func quietConfig() clientConfig {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 0
	return clientConfig{HTTP: rc.StandardClient(), Endpoint: "http://localhost:8080/mcp"}
}

// RetryingFromConfig takes the retrying client from a configuration a
// helper built.
func RetryingFromConfig(ctx context.Context) (*mcp.ClientSession, error) {
	cfg := retryingConfig()
	t := &mcp.StreamableClientTransport{Endpoint: cfg.Endpoint, HTTPClient: cfg.HTTP} // want `this MCP transport's HTTP client \(go-retryablehttp\)`
	return mcp.NewClient(&mcp.Implementation{Name: "c"}, nil).Connect(ctx, t, nil)
}

// QuietFromConfig takes a client that does not retry.
func QuietFromConfig(ctx context.Context) (*mcp.ClientSession, error) {
	cfg := quietConfig()
	t := &mcp.StreamableClientTransport{Endpoint: cfg.Endpoint, HTTPClient: cfg.HTTP} // ok: RetryMax is 0
	return mcp.NewClient(&mcp.Implementation{Name: "c"}, nil).Connect(ctx, t, nil)
}

// connectWith builds the transport from the client it is given.
func connectWith(ctx context.Context, hc *http.Client) (*mcp.ClientSession, error) {
	t := &mcp.StreamableClientTransport{Endpoint: "http://localhost:8080/mcp", HTTPClient: hc}
	return mcp.NewClient(&mcp.Implementation{Name: "c"}, nil).Connect(ctx, t, nil)
}

// ConnectRetrying passes a retrying client to the transport helper.
func ConnectRetrying(ctx context.Context) (*mcp.ClientSession, error) {
	return connectWith(ctx, retryablehttp.NewClient().StandardClient()) // want `this MCP transport's HTTP client \(go-retryablehttp\)`
}

// ConnectPlain passes a plain client to it.
func ConnectPlain(ctx context.Context) (*mcp.ClientSession, error) {
	return connectWith(ctx, &http.Client{Timeout: time.Minute}) // ok: no retries
}
