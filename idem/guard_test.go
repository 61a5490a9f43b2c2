package idem_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpvet/mcpvet/idem"
)

// res is a minimal tool result for the Guard tests.
type res struct {
	Text       string          `json:"text"`
	IsErr      bool            `json:"is_error,omitempty"`
	NeedsInput bool            `json:"needs_input,omitempty"`
	Info       idem.ResultInfo `json:"-"`
}

type codec struct{}

func (codec) Encode(r res) ([]byte, error) { return json.Marshal(r) }
func (codec) Decode(b []byte) (res, error) {
	var r res
	err := json.Unmarshal(b, &r)
	return r, err
}
func (codec) Complete(r res) bool { return !r.NeedsInput }
func (codec) IsError(r res) bool  { return r.IsErr }
func (codec) Notice(info idem.ResultInfo, msg string, isError bool) res {
	return res{Text: msg, IsErr: isError, Info: info}
}
func (codec) Annotate(r res, info idem.ResultInfo) res { r.Info = info; return r }

func keyed(key, args string) idem.Call {
	return idem.Call{Tool: "charge", Meta: map[string]any{"idempotency_key": key}, Arguments: []byte(args)}
}

func TestExecute(t *testing.T) {
	ctx := context.Background()
	store := idem.NewMemoryStore()
	g := idem.NewGuard(store, nil)
	var runs atomic.Int32
	charge := func(ctx context.Context) (res, error) {
		n := runs.Add(1)
		return res{Text: "charged #" + string(rune('0'+n))}, nil
	}

	// No key: runs every time, result untouched.
	for range 2 {
		r, err := idem.Execute(ctx, g, codec{}, idem.Call{Tool: "charge", Arguments: []byte(`{"amount":1}`)}, charge)
		if err != nil || r.Info.Outcome != "" {
			t.Fatalf("keyless = %+v, %v", r, err)
		}
	}
	if runs.Load() != 2 {
		t.Fatalf("keyless calls ran %d times, want 2", runs.Load())
	}

	// First keyed call runs; repeats replay it.
	r1, err := idem.Execute(ctx, g, codec{}, keyed("k", `{"amount":1}`), charge)
	if err != nil || r1.Info.Outcome != idem.OutcomeRan || r1.Text != "charged #3" || r1.Info.TaskID != idem.TaskID("k") || r1.Info.StatusURI != idem.StatusURI(idem.TaskID("k")) {
		t.Fatalf("first = %+v, %v", r1, err)
	}
	r2, err := idem.Execute(ctx, g, codec{}, keyed("k", `{"amount":1.0}`), charge)
	if err != nil || r2.Info.Outcome != idem.OutcomeReplayed || r2.Text != r1.Text {
		t.Fatalf("repeat = %+v, %v", r2, err)
	}
	// The key in the arguments is the same key, and not part of the fingerprint.
	r3, err := idem.Execute(ctx, g, codec{}, idem.Call{Tool: "charge", Arguments: []byte(`{"amount":1,"idempotency_key":"k"}`)}, charge)
	if err != nil || r3.Info.Outcome != idem.OutcomeReplayed {
		t.Fatalf("key as argument = %+v, %v", r3, err)
	}
	// Other arguments: conflict, nothing runs.
	r4, err := idem.Execute(ctx, g, codec{}, keyed("k", `{"amount":2}`), charge)
	if err != nil || r4.Info.Outcome != idem.OutcomeConflict || !r4.IsErr || !strings.Contains(r4.Text, "another call") {
		t.Fatalf("conflict = %+v, %v", r4, err)
	}
	// Another tool with the key: conflict too.
	r5, err := idem.Execute(ctx, g, codec{}, idem.Call{Tool: "refund", Meta: map[string]any{"idempotency_key": "k"}, Arguments: []byte(`{"amount":1}`)}, charge)
	if err != nil || r5.Info.Outcome != idem.OutcomeConflict {
		t.Fatalf("other tool = %+v, %v", r5, err)
	}
	if runs.Load() != 3 {
		t.Fatalf("ran %d times, want 3", runs.Load())
	}

	// Invalid keys: a tool error, nothing runs.
	for _, c := range []idem.Call{
		{Tool: "charge", Meta: map[string]any{"idempotency_key": 7}},
		{Tool: "charge", Meta: map[string]any{"idempotency_key": strings.Repeat("x", 300)}},
		{Tool: "charge", Meta: map[string]any{"idempotency_key": "a"}, Arguments: []byte(`{"idempotency_key":"b"}`)},
		{Tool: "charge", Meta: map[string]any{"idempotency_key": "a"}, Arguments: []byte(`{"x":`)},
	} {
		r, err := idem.Execute(ctx, g, codec{}, c, charge)
		if err != nil || r.Info.Outcome != idem.OutcomeInvalidKey || !r.IsErr {
			t.Errorf("invalid key %v = %+v, %v", c.Meta, r, err)
		}
	}
	if runs.Load() != 3 {
		t.Fatalf("ran %d times, want 3", runs.Load())
	}
}

func TestExecuteInProgressAndDetachedContext(t *testing.T) {
	store := idem.NewMemoryStore()
	g := idem.NewGuard(store, nil)
	started, release := make(chan struct{}), make(chan struct{})
	var sawCancel atomic.Bool
	slow := func(ctx context.Context) (res, error) {
		close(started)
		<-release
		if ctx.Err() != nil {
			sawCancel.Store(true)
			return res{}, ctx.Err()
		}
		key, _ := idem.KeyFromContext(ctx)
		tid, _ := idem.TaskIDFromContext(ctx)
		return res{Text: "done " + key + " " + tid}, nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	first := make(chan res)
	go func() {
		r, _ := idem.Execute(ctx, g, codec{}, keyed("k", `{}`), slow)
		first <- r
	}()
	<-started
	// While it runs: in progress, nothing runs again.
	r, err := idem.Execute(context.Background(), g, codec{}, keyed("k", `{}`), func(context.Context) (res, error) {
		t.Error("the handler ran while another attempt with the key was running")
		return res{}, nil
	})
	if err != nil || r.Info.Outcome != idem.OutcomeInProgress || !r.IsErr || r.Info.Status != idem.StatusRunning || !strings.Contains(r.Text, idem.StatusURI(idem.TaskID("k"))) {
		t.Fatalf("in progress = %+v, %v", r, err)
	}
	doc, _ := g.Status(context.Background(), idem.TaskID("k"))
	if doc.Status != idem.StatusRunning {
		t.Fatalf("status %+v", doc)
	}
	cancel() // the client gives up: the keyed handler runs on
	close(release)
	r = <-first
	if sawCancel.Load() || r.Info.Outcome != idem.OutcomeRan || r.Text != "done k "+idem.TaskID("k") {
		t.Fatalf("first = %+v (saw cancel: %v)", r, sawCancel.Load())
	}
	doc, _ = g.Status(context.Background(), idem.TaskID("k"))
	if doc.Status != idem.StatusDone || !strings.Contains(string(doc.Result), "done k") {
		t.Fatalf("status %+v", doc)
	}
	if doc, _ := g.Status(context.Background(), idem.TaskID("unknown")); doc.Status != idem.StatusNotFound {
		t.Fatalf("unknown task: %+v", doc)
	}
}

func TestExecuteKeepCancellation(t *testing.T) {
	g := idem.NewGuard(idem.NewMemoryStore(), &idem.Options{KeepCancellation: true})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := idem.Execute(ctx, g, codec{}, keyed("k", `{}`), func(ctx context.Context) (res, error) { return res{}, ctx.Err() })
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want the handler to see the cancelled context", err)
	}
}

func TestExecuteFailedRunsAgain(t *testing.T) {
	ctx := context.Background()
	store := idem.NewMemoryStore()
	g := idem.NewGuard(store, nil)
	var runs atomic.Int32
	flaky := func(ctx context.Context) (res, error) {
		if runs.Add(1) == 1 {
			return res{}, errors.New("database unavailable")
		}
		return res{Text: "ok"}, nil
	}
	if _, err := idem.Execute(ctx, g, codec{}, keyed("k", `{}`), flaky); err == nil || err.Error() != "database unavailable" {
		t.Fatalf("first: %v", err)
	}
	rec, _ := store.Get(ctx, "k")
	if rec.Status != idem.StatusFailed || rec.Error != "database unavailable" {
		t.Fatalf("record %+v", rec)
	}
	r, err := idem.Execute(ctx, g, codec{}, keyed("k", `{}`), flaky)
	if err != nil || r.Text != "ok" || r.Info.Outcome != idem.OutcomeRan {
		t.Fatalf("second = %+v, %v", r, err)
	}
	rec, _ = store.Get(ctx, "k")
	if rec.Status != idem.StatusDone || rec.Attempt != 2 {
		t.Fatalf("record %+v", rec)
	}

	// A panic counts as failed, and the panic goes on.
	func() {
		defer func() {
			if recover() == nil {
				t.Error("the panic was swallowed")
			}
		}()
		idem.Execute(ctx, g, codec{}, keyed("p", `{}`), func(context.Context) (res, error) { panic("boom") })
	}()
	if rec, _ := store.Get(ctx, "p"); rec.Status != idem.StatusFailed || !strings.Contains(rec.Error, "boom") {
		t.Fatalf("record after panic %+v", rec)
	}

	// Tool errors are replayed, unless RetryToolErrors.
	declined := func(context.Context) (res, error) { runs.Add(1); return res{Text: "declined", IsErr: true}, nil }
	before := runs.Load()
	idem.Execute(ctx, g, codec{}, keyed("d", `{}`), declined)
	r, _ = idem.Execute(ctx, g, codec{}, keyed("d", `{}`), declined)
	if r.Info.Outcome != idem.OutcomeReplayed || runs.Load() != before+1 {
		t.Fatalf("tool error replay = %+v, runs %d", r, runs.Load()-before)
	}
	g2 := idem.NewGuard(store, &idem.Options{RetryToolErrors: true})
	idem.Execute(ctx, g2, codec{}, keyed("d2", `{}`), declined)
	idem.Execute(ctx, g2, codec{}, keyed("d2", `{}`), declined)
	if runs.Load() != before+3 {
		t.Fatalf("with RetryToolErrors the tool error ran %d times, want 2", runs.Load()-before-1)
	}

	// A result that asks for input does not complete the call: the
	// continuation (same key) runs the handler again.
	n := 0
	mrtr := func(context.Context) (res, error) {
		n++
		if n == 1 {
			return res{NeedsInput: true}, nil
		}
		return res{Text: "confirmed"}, nil
	}
	if r, _ := idem.Execute(ctx, g, codec{}, keyed("m", `{}`), mrtr); !r.NeedsInput {
		t.Fatalf("round 1 = %+v", r)
	}
	if r, _ := idem.Execute(ctx, g, codec{}, keyed("m", `{}`), mrtr); r.Text != "confirmed" {
		t.Fatalf("round 2 = %+v", r)
	}
}

type failingStore struct{ idem.Store }

func (failingStore) Begin(context.Context, idem.Record) (idem.Record, bool, error) {
	return idem.Record{}, false, errors.New("disk full")
}

func TestExecuteStoreDown(t *testing.T) {
	g := idem.NewGuard(failingStore{idem.NewMemoryStore()}, nil)
	_, err := idem.Execute(context.Background(), g, codec{}, keyed("k", `{}`), func(context.Context) (res, error) {
		t.Error("the handler ran although its call could not be recorded")
		return res{}, nil
	})
	if err == nil || !strings.Contains(err.Error(), "nothing ran") {
		t.Fatalf("err = %v", err)
	}
}

func TestAccept(t *testing.T) {
	ctx := context.Background()
	store := idem.NewMemoryStore()
	g := idem.NewGuard(store, nil)
	release := make(chan struct{})
	var runs atomic.Int32
	handler := func(ctx context.Context) (res, error) {
		return idem.Accept(ctx, codec{}, func(ctx context.Context) (res, error) {
			runs.Add(1)
			<-release
			return res{Text: "exported"}, nil
		})
	}
	r, err := idem.Execute(ctx, g, codec{}, keyed("k", `{}`), handler)
	if err != nil || r.Info.Outcome != idem.OutcomeAccepted || r.IsErr || r.Info.Status != idem.StatusRunning {
		t.Fatalf("accept = %+v, %v", r, err)
	}
	// The record stays running while the work runs; a repeat is in progress.
	r, _ = idem.Execute(ctx, g, codec{}, keyed("k", `{}`), handler)
	if r.Info.Outcome != idem.OutcomeInProgress {
		t.Fatalf("repeat while running = %+v", r)
	}
	close(release)
	if err := g.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	doc, _ := g.Status(ctx, idem.TaskID("k"))
	if doc.Status != idem.StatusDone || !strings.Contains(string(doc.Result), "exported") {
		t.Fatalf("status %+v", doc)
	}
	r, _ = idem.Execute(ctx, g, codec{}, keyed("k", `{}`), handler)
	if r.Info.Outcome != idem.OutcomeReplayed || r.Text != "exported" || runs.Load() != 1 {
		t.Fatalf("after done = %+v, runs %d", r, runs.Load())
	}

	// Without a key the server makes one, so the work still has a status.
	r, err = idem.Execute(ctx, g, codec{}, idem.Call{Tool: "export"}, handler)
	if err != nil || r.Info.Outcome != idem.OutcomeAccepted || r.Info.TaskID == "" {
		t.Fatalf("keyless accept = %+v, %v", r, err)
	}
	g.Wait(ctx)
	if doc, _ := g.Status(ctx, r.Info.TaskID); doc.Status != idem.StatusDone {
		t.Fatalf("keyless status %+v", doc)
	}

	// Failing background work: failed.
	r, _ = idem.Execute(ctx, g, codec{}, keyed("f", `{}`), func(ctx context.Context) (res, error) {
		return idem.Accept(ctx, codec{}, func(context.Context) (res, error) { return res{}, errors.New("export failed") })
	})
	g.Wait(ctx)
	if doc, _ := g.Status(ctx, r.Info.TaskID); doc.Status != idem.StatusFailed || doc.Error != "export failed" {
		t.Fatalf("failed work status %+v", doc)
	}
	// Outside the middleware.
	if _, err := idem.Accept(ctx, codec{}, func(context.Context) (res, error) { return res{}, nil }); !errors.Is(err, idem.ErrNoGuard) {
		t.Fatalf("Accept without middleware = %v", err)
	}
}

func TestSweeper(t *testing.T) {
	ctx := context.Background()
	store := idem.NewMemoryStore()
	now := time.Date(2026, 9, 1, 10, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	g := idem.NewGuard(store, &idem.Options{Now: clock})
	started := make(chan struct{})
	go idem.Execute(ctx, g, codec{}, keyed("stuck", `{}`), func(context.Context) (res, error) {
		close(started)
		select {} // the process "dies" in the handler
	})
	<-started
	idem.Execute(ctx, g, codec{}, keyed("done", `{}`), func(context.Context) (res, error) { return res{Text: "x"}, nil })

	s := &idem.Sweeper{Store: store, Now: clock}
	now = now.Add(9 * time.Minute)
	if swept, purged, err := s.Sweep(ctx); err != nil || swept != 0 || purged != 0 {
		t.Fatalf("Sweep at 9 min = %d, %d, %v", swept, purged, err)
	}
	now = now.Add(2 * time.Minute) // past the default threshold of 10 minutes
	if swept, _, err := s.Sweep(ctx); err != nil || swept != 1 {
		t.Fatalf("Sweep at 11 min = %d, %v", swept, err)
	}
	doc, _ := g.Status(ctx, idem.TaskID("stuck"))
	if doc.Status != idem.StatusFailed || doc.Error != idem.SweptError {
		t.Fatalf("swept status %+v", doc)
	}
	// Failed means the next call with the key runs again.
	r, _ := idem.Execute(ctx, g, codec{}, keyed("stuck", `{}`), func(context.Context) (res, error) { return res{Text: "rerun"}, nil })
	if r.Info.Outcome != idem.OutcomeRan || r.Text != "rerun" {
		t.Fatalf("after sweep = %+v", r)
	}
	// Retention.
	now = now.Add(25 * time.Hour)
	if _, purged, err := s.Sweep(ctx); err != nil || purged != 2 {
		t.Fatalf("purge = %d, %v", purged, err)
	}
	if doc, _ := g.Status(ctx, idem.TaskID("done")); doc.Status != idem.StatusNotFound {
		t.Fatalf("purged status %+v", doc)
	}
	if _, _, err := (&idem.Sweeper{}).Sweep(ctx); err == nil {
		t.Fatal("Sweeper without a store did not fail")
	}
	// Run stops with its context.
	rctx, cancel := context.WithCancel(ctx)
	cancel()
	if err := (&idem.Sweeper{Store: store}).Run(rctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("Run = %v", err)
	}
}
