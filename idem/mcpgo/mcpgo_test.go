package mcpgo_test

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/mcpvet/mcpvet/idem"
	"github.com/mcpvet/mcpvet/idem/mcpgo"
)

// setup returns an mcp-go server with charge tools (with idem if store is
// not nil) and an in-process client.
func setup(t *testing.T, store idem.Store, delay time.Duration) (*client.Client, *atomic.Int32, *idem.Guard) {
	t.Helper()
	var runs atomic.Int32
	s := server.NewMCPServer("test", "v0")
	var g *idem.Guard
	if store != nil {
		g = mcpgo.Install(s, store, nil)
	}
	s.AddTool(mcp.NewTool("charge", mcp.WithString("account"), mcp.WithNumber("amount")),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			n := runs.Add(1)
			key, _ := idem.KeyFromContext(ctx)
			time.Sleep(delay)
			return mcp.NewToolResultText("charge " + string(rune('0'+n)) + " key " + key), nil
		})
	s.AddTool(mcp.NewTool("fail"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		runs.Add(1)
		return nil, errors.New("database unavailable")
	})
	s.AddTool(mcp.NewTool("export"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcpgo.Accept(ctx, func(ctx context.Context) (*mcp.CallToolResult, error) {
			runs.Add(1)
			time.Sleep(delay)
			return mcp.NewToolResultText("exported"), nil
		})
	})
	c, err := client.NewInProcessClient(s)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	var init mcp.InitializeRequest
	init.Params.ClientInfo = mcp.Implementation{Name: "c", Version: "v0"}
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		c.Close()
		if g != nil {
			g.Wait(context.Background())
		}
	})
	return c, &runs, g
}

func text(t *testing.T, r *mcp.CallToolResult) string {
	t.Helper()
	tc, ok := mcp.AsTextContent(r.Content[0])
	if !ok {
		t.Fatalf("no text: %+v", r)
	}
	return tc.Text
}

func req(tool string, args map[string]any, key string) mcp.CallToolRequest {
	var r mcp.CallToolRequest
	r.Params.Name = tool
	r.Params.Arguments = args
	if key != "" {
		r.Params.Meta = &mcp.Meta{AdditionalFields: map[string]any{"idempotency_key": key}}
	}
	return r
}

func TestMiddleware(t *testing.T) {
	ctx := context.Background()
	c, runs, _ := setup(t, idem.NewMemoryStore(), 0)
	// No key: unchanged.
	for range 2 {
		r, err := c.CallTool(ctx, req("charge", map[string]any{"account": "a", "amount": 1}, ""))
		if err != nil || r.IsError {
			t.Fatalf("%+v, %v", r, err)
		}
		if _, ok := mcpgo.ResultInfo(r); ok {
			t.Fatal("a keyless call got idempotency metadata")
		}
	}
	if runs.Load() != 2 {
		t.Fatalf("runs %d", runs.Load())
	}
	// Keyed: once.
	r1, err := c.CallTool(ctx, req("charge", map[string]any{"account": "a", "amount": 1}, "k"))
	if err != nil {
		t.Fatal(err)
	}
	r2, err := c.CallTool(ctx, req("charge", map[string]any{"amount": 1.0, "account": "a"}, "k"))
	if err != nil {
		t.Fatal(err)
	}
	if text(t, r1) != text(t, r2) || text(t, r1) != "charge 3 key k" || runs.Load() != 3 {
		t.Fatalf("%q vs %q, runs %d", text(t, r1), text(t, r2), runs.Load())
	}
	if info, _ := mcpgo.ResultInfo(r2); info.Outcome != idem.OutcomeReplayed {
		t.Fatalf("info %+v", info)
	}
	// The key as an argument.
	r3, _ := c.CallTool(ctx, req("charge", map[string]any{"account": "a", "amount": 1, "idempotency_key": "k"}, ""))
	if text(t, r3) != text(t, r1) {
		t.Fatalf("argument key: %q", text(t, r3))
	}
	// Conflict.
	r4, _ := c.CallTool(ctx, req("charge", map[string]any{"account": "b", "amount": 1}, "k"))
	if !r4.IsError || !strings.Contains(text(t, r4), "already used") || runs.Load() != 3 {
		t.Fatalf("conflict %+v", r4)
	}
	// A handler error is failed, and runs again.
	if _, err := c.CallTool(ctx, req("fail", nil, "f")); err == nil {
		t.Fatal("no error")
	}
	doc, err := mcpgo.ReadStatus(ctx, c, idem.TaskID("f"))
	if err != nil || doc.Status != idem.StatusFailed || doc.Error != "database unavailable" {
		t.Fatalf("status %+v, %v", doc, err)
	}
	c.CallTool(ctx, req("fail", nil, "f"))
	if runs.Load() != 5 {
		t.Fatalf("failed call did not run again: runs %d", runs.Load())
	}
	// Status.
	doc, err = mcpgo.ReadStatus(ctx, c, idem.TaskID("k"))
	if err != nil || doc.Status != idem.StatusDone || !strings.Contains(string(doc.Result), "charge 3 key k") {
		t.Fatalf("status %+v, %v", doc, err)
	}
	doc, err = mcpgo.ReadStatus(ctx, c, idem.TaskID("unknown"))
	if err != nil || doc.Status != idem.StatusNotFound {
		t.Fatalf("status %+v, %v", doc, err)
	}
}

func TestClientHelper(t *testing.T) {
	ctx := context.Background()
	c, runs, g := setup(t, idem.NewMemoryStore(), 150*time.Millisecond)
	var events []idem.EventKind
	opts := &mcpgo.CallOptions{ClientOptions: idem.ClientOptions{
		AttemptTimeout: 30 * time.Millisecond,
		PollIntervals:  []time.Duration{10 * time.Millisecond},
		OnEvent:        func(e idem.Event) { events = append(events, e.Kind) },
	}}
	call := mcpgo.NewCall(req("charge", map[string]any{"account": "a", "amount": 1}, ""), opts)
	r, err := call.Do(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	if text(t, r) != "charge 1 key "+call.Key() || runs.Load() != 1 {
		t.Fatalf("result %q, runs %d", text(t, r), runs.Load())
	}
	// The in-process transport runs the handler in the caller's goroutine
	// and returns its result even after the attempt's deadline; the
	// timeout path is covered over real transports in internal/scenario.
	if events[0] != idem.EventSend {
		t.Fatalf("events %v", events)
	}
	// Accepted work: the helper polls until it is done.
	r, err = mcpgo.CallTool(ctx, c, req("export", nil, ""), &mcpgo.CallOptions{ClientOptions: idem.ClientOptions{PollIntervals: []time.Duration{10 * time.Millisecond}}})
	if err != nil || text(t, r) != "exported" {
		t.Fatalf("accepted = %+v, %v", r, err)
	}
	g.Wait(ctx)
	// Unknown tool: rejected at once.
	n := runs.Load()
	if _, err := mcpgo.CallTool(ctx, c, req("nope", nil, ""), nil); !errors.Is(err, idem.ErrRejected) || runs.Load() != n {
		t.Fatalf("unknown tool: %v", err)
	}
	// ArgumentKey.
	call = mcpgo.NewCall(req("charge", map[string]any{"account": "a", "amount": 2}, ""), &mcpgo.CallOptions{ClientOptions: idem.ClientOptions{ArgumentKey: "idempotency_key"}})
	if got := call.Request().GetArguments()["idempotency_key"]; got != call.Key() {
		t.Fatalf("argument key %v, want %s", got, call.Key())
	}
}

// Against a server without idem the helper does not retry blindly: an
// error with an unknown outcome (here an internal error from the handler;
// the in-process transport does not time out) cannot be read back.
func TestClientHelperNoBlindRetry(t *testing.T) {
	ctx := context.Background()
	c, runs, _ := setup(t, nil, 0)
	_, err := mcpgo.CallTool(ctx, c, req("fail", nil, ""), nil)
	if !errors.Is(err, idem.ErrOutcomeUnknown) || !errors.Is(err, idem.ErrNoStatus) {
		t.Fatalf("err = %v", err)
	}
	if runs.Load() != 1 {
		t.Fatalf("ran %d times, want 1", runs.Load())
	}
}
