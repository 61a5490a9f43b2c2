package gosdk_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpvet/mcpvet/idem"
	"github.com/mcpvet/mcpvet/idem/gosdk"
)

type chargeIn struct {
	Account string `json:"account"`
	Amount  int    `json:"amount"`
}

type keyedIn struct {
	Account        string `json:"account"`
	Amount         int    `json:"amount"`
	IdempotencyKey string `json:"idempotency_key"`
}

type receipt struct {
	N   int    `json:"n"`
	Key string `json:"key"`
}

// server returns a go-sdk server with charge tools (with idem if store is
// not nil) connected to a client over in-memory transports.
func server(t *testing.T, store idem.Store, delay time.Duration) (*mcp.ClientSession, *atomic.Int32, *idem.Guard) {
	t.Helper()
	var runs atomic.Int32
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	var g *idem.Guard
	if store != nil {
		g = gosdk.Install(s, store, nil)
	}
	charge := func(ctx context.Context, req *mcp.CallToolRequest, in chargeIn) (*mcp.CallToolResult, receipt, error) {
		n := runs.Add(1)
		key, _ := idem.KeyFromContext(ctx)
		time.Sleep(delay)
		return nil, receipt{N: int(n), Key: key}, nil
	}
	mcp.AddTool(s, &mcp.Tool{Name: "charge"}, charge)
	mcp.AddTool(s, &mcp.Tool{Name: "charge_keyed"}, func(ctx context.Context, req *mcp.CallToolRequest, in keyedIn) (*mcp.CallToolResult, receipt, error) {
		return charge(ctx, req, chargeIn{in.Account, in.Amount})
	})
	mcp.AddTool(s, &mcp.Tool{Name: "export"}, func(ctx context.Context, req *mcp.CallToolRequest, in chargeIn) (*mcp.CallToolResult, any, error) {
		res, err := gosdk.Accept(ctx, func(ctx context.Context) (*mcp.CallToolResult, error) {
			runs.Add(1)
			time.Sleep(delay)
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "exported"}}}, nil
		})
		return res, nil, err
	})
	st, ct := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "v0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cs.Close()
		ss.Wait()
		if g != nil {
			g.Wait(context.Background())
		}
	})
	return cs, &runs, g
}

func text(t *testing.T, r *mcp.CallToolResult) string {
	t.Helper()
	if len(r.Content) == 0 {
		t.Fatalf("result without content: %+v", r)
	}
	return r.Content[0].(*mcp.TextContent).Text
}

func TestMiddlewareWithoutKeyChangesNothing(t *testing.T) {
	ctx := context.Background()
	cs, runs, _ := server(t, idem.NewMemoryStore(), 0)
	for range 2 {
		r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: chargeIn{"a", 1}})
		if err != nil || r.IsError {
			t.Fatalf("%+v, %v", r, err)
		}
		if _, ok := r.Meta[idem.ResultMetaKey]; ok {
			t.Fatalf("a keyless call got idempotency metadata: %v", r.Meta)
		}
	}
	if runs.Load() != 2 {
		t.Fatalf("ran %d times, want 2", runs.Load())
	}
}

func TestMiddlewareDedupes(t *testing.T) {
	ctx := context.Background()
	cs, runs, _ := server(t, idem.NewMemoryStore(), 0)
	callTool := func(tool string, args any, meta mcp.Meta) *mcp.CallToolResult {
		t.Helper()
		r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args, Meta: meta})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	call := func(args any, meta mcp.Meta) *mcp.CallToolResult {
		t.Helper()
		r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: args, Meta: meta})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	r1 := call(chargeIn{"a", 1}, mcp.Meta{"idempotency_key": "k1"})
	r2 := call(map[string]any{"amount": 1.0, "account": "a"}, mcp.Meta{"idempotency_key": "k1"})
	if text(t, r1) != text(t, r2) || runs.Load() != 1 {
		t.Fatalf("repeat: %q vs %q, runs %d", text(t, r1), text(t, r2), runs.Load())
	}
	if info, _ := gosdk.ResultInfo(r1); info.Outcome != idem.OutcomeRan {
		t.Fatalf("first info %+v", info)
	}
	if info, _ := gosdk.ResultInfo(r2); info.Outcome != idem.OutcomeReplayed || info.TaskID != idem.TaskID("k1") {
		t.Fatalf("repeat info %+v", info)
	}
	var rc receipt
	json.Unmarshal([]byte(text(t, r1)), &rc)
	if rc.Key != "k1" {
		t.Fatalf("the handler saw key %q", rc.Key)
	}
	// Other arguments: a tool error, nothing runs.
	r3 := call(chargeIn{"a", 2}, mcp.Meta{"idempotency_key": "k1"})
	if !r3.IsError || !strings.Contains(text(t, r3), "already used") || runs.Load() != 1 {
		t.Fatalf("conflict: %+v, runs %d", r3, runs.Load())
	}
	// The key as a declared tool argument works too.
	k := keyedIn{"a", 1, "k2"}
	if r := callTool("charge_keyed", k, nil); r.IsError {
		t.Fatalf("charge_keyed: %s", text(t, r))
	}
	callTool("charge_keyed", k, nil)
	if runs.Load() != 2 {
		t.Fatalf("keyed argument: runs %d, want 2", runs.Load())
	}
	// The status resource.
	doc, err := gosdk.ReadStatus(ctx, cs, idem.TaskID("k1"))
	if err != nil || doc.Status != idem.StatusDone || doc.Tool != "charge" || !strings.Contains(string(doc.Result), `\"key\":\"k1\"`) {
		t.Fatalf("status = %+v, %v", doc, err)
	}
	doc, err = gosdk.ReadStatus(ctx, cs, idem.TaskID("never"))
	if err != nil || doc.Status != idem.StatusNotFound {
		t.Fatalf("unknown status = %+v, %v", doc, err)
	}
	// The template is listed.
	tl, err := cs.ListResourceTemplates(ctx, nil)
	if err != nil || len(tl.ResourceTemplates) != 1 || tl.ResourceTemplates[0].URITemplate != idem.StatusURITemplate {
		t.Fatalf("templates = %+v, %v", tl, err)
	}
}

func TestAccept(t *testing.T) {
	ctx := context.Background()
	cs, runs, g := server(t, idem.NewMemoryStore(), 50*time.Millisecond)
	r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "export", Arguments: chargeIn{"a", 1}, Meta: mcp.Meta{"idempotency_key": "e"}})
	if err != nil || r.IsError {
		t.Fatalf("%+v, %v", r, err)
	}
	info, _ := gosdk.ResultInfo(r)
	if info.Outcome != idem.OutcomeAccepted || info.Status != idem.StatusRunning {
		t.Fatalf("info %+v", info)
	}
	g.Wait(ctx)
	doc, _ := gosdk.ReadStatus(ctx, cs, info.TaskID)
	if doc.Status != idem.StatusDone || runs.Load() != 1 {
		t.Fatalf("status %+v, runs %d", doc, runs.Load())
	}
	// The client helper waits for accepted work and returns its result.
	res, err := gosdk.CallTool(ctx, cs, &mcp.CallToolParams{Name: "export", Arguments: chargeIn{"a", 2}},
		&gosdk.CallOptions{ClientOptions: idem.ClientOptions{PollIntervals: []time.Duration{10 * time.Millisecond}}})
	if err != nil || text(t, res) != "exported" {
		t.Fatalf("helper on accepted work = %+v, %v", res, err)
	}
}

func TestClientHelper(t *testing.T) {
	ctx := context.Background()
	cs, runs, _ := server(t, idem.NewMemoryStore(), 150*time.Millisecond)
	var events []idem.EventKind
	opts := &gosdk.CallOptions{ClientOptions: idem.ClientOptions{
		AttemptTimeout: 30 * time.Millisecond,
		PollIntervals:  []time.Duration{10 * time.Millisecond},
		OnEvent:        func(e idem.Event) { events = append(events, e.Kind) },
	}}
	call := gosdk.NewCall(&mcp.CallToolParams{Name: "charge", Arguments: chargeIn{"a", 1}}, opts)
	r, err := call.Do(ctx, cs)
	if err != nil {
		t.Fatal(err)
	}
	var rc receipt
	json.Unmarshal([]byte(text(t, r)), &rc)
	if rc.Key != call.Key() || runs.Load() != 1 {
		t.Fatalf("result %+v (key %q), runs %d", rc, call.Key(), runs.Load())
	}
	if events[0] != idem.EventSend || events[1] != idem.EventProbe || events[2] != idem.EventReadBack {
		t.Fatalf("events %v", events)
	}
	if p := call.Params(); p.Meta["idempotency_key"] != call.Key() {
		t.Fatalf("params %+v", p)
	}
	// ArgumentKey: the key travels as a declared argument as well.
	call = gosdk.NewCall(&mcp.CallToolParams{Name: "charge_keyed", Arguments: map[string]any{"account": "a", "amount": 1}},
		&gosdk.CallOptions{ClientOptions: idem.ClientOptions{ArgumentKey: "idempotency_key"}})
	r, err = call.Do(ctx, cs)
	if err != nil {
		t.Fatal(err)
	}
	json.Unmarshal([]byte(text(t, r)), &rc)
	if rc.Key != call.Key() {
		t.Fatalf("keyed argument: %+v", rc)
	}
	// An unknown tool never ran: returned at once.
	n := runs.Load()
	_, err = gosdk.CallTool(ctx, cs, &mcp.CallToolParams{Name: "nope"}, nil)
	if !errors.Is(err, idem.ErrRejected) || runs.Load() != n {
		t.Fatalf("unknown tool: %v", err)
	}
	// A key given by the caller is used as it is.
	call = gosdk.NewCall(&mcp.CallToolParams{Name: "charge", Arguments: chargeIn{"a", 1}, Meta: mcp.Meta{"idempotency_key": "mine"}}, nil)
	if call.Key() != "mine" {
		t.Fatalf("key %q", call.Key())
	}
	if _, err := gosdk.NewCall(nil, nil).Do(ctx, cs); err == nil {
		t.Fatal("nil params accepted")
	}
	if _, err := gosdk.NewCall(&mcp.CallToolParams{Name: "charge", Arguments: 42}, &gosdk.CallOptions{ClientOptions: idem.ClientOptions{ArgumentKey: "k"}}).Do(ctx, cs); err == nil {
		t.Fatal("non-object arguments accepted with ArgumentKey")
	}
}

// Against a server without idem the helper does not retry blindly: the
// timeout's outcome cannot be read back.
func TestClientHelperNoBlindRetry(t *testing.T) {
	ctx := context.Background()
	cs, runs, _ := server(t, nil, 100*time.Millisecond)
	_, err := gosdk.CallTool(ctx, cs, &mcp.CallToolParams{Name: "charge", Arguments: chargeIn{"a", 1}},
		&gosdk.CallOptions{ClientOptions: idem.ClientOptions{AttemptTimeout: 20 * time.Millisecond}})
	if !errors.Is(err, idem.ErrOutcomeUnknown) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v", err)
	}
	if !errors.Is(err, idem.ErrNoStatus) {
		t.Fatalf("err = %v; want it to say the server serves no status", err)
	}
	time.Sleep(150 * time.Millisecond)
	if runs.Load() != 1 {
		t.Fatalf("ran %d times, want 1", runs.Load())
	}
	var ce *idem.CallError
	if !errors.As(err, &ce) || ce.Sends != 1 || ce.Key == "" {
		t.Fatalf("CallError %+v", ce)
	}
	t.Log(err)
}
