// Package storetest checks an idem.Store implementation. The stores of
// this module run it in their tests; run it on your own store too:
//
//	func TestStore(t *testing.T) {
//		storetest.Run(t, func(t *testing.T) storetest.Backend {
//			dir := t.TempDir()
//			return storetest.Backend{
//				Open:       func(t *testing.T) idem.Store { return mustOpen(t, dir) },
//				Persistent: true,
//			}
//		})
//	}
package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpvet/mcpvet/idem"
)

// Backend is one empty store backend (a database, a file) for one subtest.
type Backend struct {
	// Open returns a Store on the backend. If Persistent, every Open
	// returns a new Store sharing the same records, as another replica or
	// the same server after a restart would; otherwise Open is called once.
	// Stores that implement io.Closer are closed at the end of the test.
	Open func(t *testing.T) idem.Store
	// Persistent says that the records outlive a Store.
	Persistent bool
}

var t0 = time.Date(2026, 9, 1, 10, 0, 0, 0, time.UTC)

func rec(key, fp string, at time.Time) idem.Record {
	return idem.Record{Key: key, TaskID: idem.TaskID(key), Tool: "charge", Fingerprint: fp, Created: at}
}

func open(t *testing.T, b Backend) idem.Store {
	t.Helper()
	s := b.Open(t)
	if c, ok := s.(io.Closer); ok {
		t.Cleanup(func() { c.Close() })
	}
	return s
}

// Run runs the conformance tests, each on a fresh backend from fresh.
func Run(t *testing.T, fresh func(t *testing.T) Backend) {
	ctx := context.Background()

	t.Run("FirstBeginOwns", func(t *testing.T) {
		s := open(t, fresh(t))
		r, owner, err := s.Begin(ctx, rec("k1", "fp", t0))
		if err != nil || !owner {
			t.Fatalf("Begin = %v, %v; want owner", owner, err)
		}
		if r.Status != idem.StatusRunning || r.Attempt != 1 || r.TaskID != idem.TaskID("k1") || r.Tool != "charge" || !r.Created.Equal(t0) || !r.Updated.Equal(t0) {
			t.Fatalf("record %+v", r)
		}
		got, err := s.Get(ctx, "k1")
		if err != nil || got.Status != idem.StatusRunning || got.Fingerprint != "fp" {
			t.Fatalf("Get = %+v, %v", got, err)
		}
	})

	t.Run("RunningIsNotOwnedTwice", func(t *testing.T) {
		s := open(t, fresh(t))
		mustBegin(t, s, rec("k", "fp", t0), true)
		r := mustBegin(t, s, rec("k", "fp", t0.Add(time.Second)), false)
		if r.Status != idem.StatusRunning || r.Attempt != 1 || !r.Updated.Equal(t0) {
			t.Fatalf("second Begin changed the record: %+v", r)
		}
	})

	t.Run("DoneIsReplayed", func(t *testing.T) {
		s := open(t, fresh(t))
		mustBegin(t, s, rec("k", "fp", t0), true)
		result := []byte(`{"content":[{"type":"text","text":"charged"}]}`)
		if err := s.Finish(ctx, "k", 1, idem.Completion{Status: idem.StatusDone, Result: result, At: t0.Add(time.Second)}); err != nil {
			t.Fatal(err)
		}
		r := mustBegin(t, s, rec("k", "fp", t0.Add(2*time.Second)), false)
		if r.Status != idem.StatusDone || string(r.Result) != string(result) || !r.Updated.Equal(t0.Add(time.Second)) || !r.Created.Equal(t0) {
			t.Fatalf("record %+v", r)
		}
		tr, err := s.GetTask(ctx, idem.TaskID("k"))
		if err != nil || tr.Key != "k" || string(tr.Result) != string(result) {
			t.Fatalf("GetTask = %+v, %v", tr, err)
		}
	})

	t.Run("OtherArgumentsDoNotOwn", func(t *testing.T) {
		s := open(t, fresh(t))
		mustBegin(t, s, rec("k", "fp1", t0), true)
		r := mustBegin(t, s, rec("k", "fp2", t0), false)
		if r.Fingerprint != "fp1" {
			t.Fatalf("record %+v", r)
		}
		// Not even after a failure: a failed record runs again only for
		// the same arguments.
		if err := s.Finish(ctx, "k", 1, idem.Completion{Status: idem.StatusFailed, Error: "boom", At: t0}); err != nil {
			t.Fatal(err)
		}
		r = mustBegin(t, s, rec("k", "fp2", t0), false)
		if r.Status != idem.StatusFailed || r.Fingerprint != "fp1" {
			t.Fatalf("record %+v", r)
		}
	})

	t.Run("FailedRunsAgain", func(t *testing.T) {
		s := open(t, fresh(t))
		mustBegin(t, s, rec("k", "fp", t0), true)
		if err := s.Finish(ctx, "k", 1, idem.Completion{Status: idem.StatusFailed, Error: "boom", At: t0.Add(time.Second)}); err != nil {
			t.Fatal(err)
		}
		got, _ := s.Get(ctx, "k")
		if got.Status != idem.StatusFailed || got.Error != "boom" {
			t.Fatalf("record %+v", got)
		}
		r := mustBegin(t, s, rec("k", "fp", t0.Add(2*time.Second)), true)
		if r.Attempt != 2 || r.Status != idem.StatusRunning || r.Error != "" || !r.Updated.Equal(t0.Add(2*time.Second)) || !r.Created.Equal(t0) {
			t.Fatalf("rerun record %+v", r)
		}
		// The first attempt cannot record over the second.
		if err := s.Finish(ctx, "k", 1, idem.Completion{Status: idem.StatusDone, Result: []byte(`{}`), At: t0}); !errors.Is(err, idem.ErrSuperseded) {
			t.Fatalf("late Finish of attempt 1 = %v, want ErrSuperseded", err)
		}
		if err := s.Finish(ctx, "k", 2, idem.Completion{Status: idem.StatusDone, Result: []byte(`{}`), At: t0}); err != nil {
			t.Fatal(err)
		}
		// Done is final.
		if err := s.Finish(ctx, "k", 2, idem.Completion{Status: idem.StatusFailed, At: t0}); !errors.Is(err, idem.ErrSuperseded) {
			t.Fatalf("Finish after done = %v, want ErrSuperseded", err)
		}
	})

	t.Run("NotFound", func(t *testing.T) {
		s := open(t, fresh(t))
		if _, err := s.Get(ctx, "nope"); !errors.Is(err, idem.ErrNotFound) {
			t.Errorf("Get = %v, want ErrNotFound", err)
		}
		if _, err := s.GetTask(ctx, idem.TaskID("nope")); !errors.Is(err, idem.ErrNotFound) {
			t.Errorf("GetTask = %v, want ErrNotFound", err)
		}
		if err := s.Finish(ctx, "nope", 1, idem.Completion{Status: idem.StatusDone, At: t0}); !errors.Is(err, idem.ErrSuperseded) {
			t.Errorf("Finish = %v, want ErrSuperseded", err)
		}
	})

	t.Run("SweepMarksFailedNotAbsent", func(t *testing.T) {
		s := open(t, fresh(t))
		mustBegin(t, s, rec("old", "fp", t0), true)
		mustBegin(t, s, rec("new", "fp", t0.Add(9*time.Minute)), true)
		mustBegin(t, s, rec("done", "fp", t0), true)
		if err := s.Finish(ctx, "done", 1, idem.Completion{Status: idem.StatusDone, Result: []byte(`{}`), At: t0}); err != nil {
			t.Fatal(err)
		}
		now := t0.Add(10*time.Minute + time.Second)
		n, err := s.Sweep(ctx, now.Add(-10*time.Minute), now)
		if err != nil || n != 1 {
			t.Fatalf("Sweep = %d, %v; want 1", n, err)
		}
		old, err := s.Get(ctx, "old")
		if err != nil || old.Status != idem.StatusFailed || old.Error != idem.SweptError || !old.Updated.Equal(now) {
			t.Fatalf("swept record %+v, %v", old, err)
		}
		if r, _ := s.Get(ctx, "new"); r.Status != idem.StatusRunning {
			t.Fatalf("young record swept: %+v", r)
		}
		if r, _ := s.Get(ctx, "done"); r.Status != idem.StatusDone {
			t.Fatalf("done record swept: %+v", r)
		}
		// The swept attempt may still complete; its result counts.
		if err := s.Finish(ctx, "old", 1, idem.Completion{Status: idem.StatusDone, Result: []byte(`{"late":true}`), At: now}); err != nil {
			t.Fatalf("Finish of a swept attempt = %v", err)
		}
		if r, _ := s.Get(ctx, "old"); r.Status != idem.StatusDone {
			t.Fatalf("record %+v", r)
		}
	})

	t.Run("PurgeKeepsRunning", func(t *testing.T) {
		s := open(t, fresh(t))
		mustBegin(t, s, rec("running", "fp", t0), true)
		mustBegin(t, s, rec("done", "fp", t0), true)
		mustBegin(t, s, rec("failed", "fp", t0), true)
		mustBegin(t, s, rec("recent", "fp", t0), true)
		_ = s.Finish(ctx, "done", 1, idem.Completion{Status: idem.StatusDone, Result: []byte(`{}`), At: t0})
		_ = s.Finish(ctx, "failed", 1, idem.Completion{Status: idem.StatusFailed, At: t0})
		_ = s.Finish(ctx, "recent", 1, idem.Completion{Status: idem.StatusDone, Result: []byte(`{}`), At: t0.Add(48 * time.Hour)})
		n, err := s.Purge(ctx, t0.Add(24*time.Hour))
		if err != nil || n != 2 {
			t.Fatalf("Purge = %d, %v; want 2", n, err)
		}
		for key, want := range map[string]bool{"running": true, "done": false, "failed": false, "recent": true} {
			_, err := s.Get(ctx, key)
			if got := err == nil; got != want {
				t.Errorf("after Purge, %s present = %v, want %v (%v)", key, got, want, err)
			}
		}
		if _, err := s.GetTask(ctx, idem.TaskID("done")); !errors.Is(err, idem.ErrNotFound) {
			t.Errorf("GetTask of a purged record = %v", err)
		}
		// A purged key starts over.
		mustBegin(t, s, rec("done", "fp", t0.Add(49*time.Hour)), true)
	})

	t.Run("ConcurrentBeginOneOwner", func(t *testing.T) {
		b := fresh(t)
		stores := []idem.Store{open(t, b)}
		if b.Persistent {
			stores = append(stores, open(t, b)) // a second replica
		}
		for round := range 5 {
			key := fmt.Sprintf("race-%d", round)
			var owners atomic.Int32
			var wg sync.WaitGroup
			start := make(chan struct{})
			for i := range 8 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-start
					_, owner, err := stores[i%len(stores)].Begin(ctx, rec(key, "fp", t0))
					if err != nil {
						t.Error(err)
					}
					if owner {
						owners.Add(1)
					}
				}()
			}
			close(start)
			wg.Wait()
			if n := owners.Load(); n != 1 {
				t.Fatalf("round %d: %d owners of one key, want 1", round, n)
			}
			// And the same race for a rerun after a failure.
			if err := stores[0].Finish(ctx, key, 1, idem.Completion{Status: idem.StatusFailed, At: t0}); err != nil {
				t.Fatal(err)
			}
			owners.Store(0)
			start = make(chan struct{})
			for i := range 8 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-start
					r, owner, err := stores[i%len(stores)].Begin(ctx, rec(key, "fp", t0))
					if err != nil {
						t.Error(err)
					}
					if owner {
						owners.Add(1)
						if r.Attempt != 2 {
							t.Errorf("rerun attempt %d, want 2", r.Attempt)
						}
					}
				}()
			}
			close(start)
			wg.Wait()
			if n := owners.Load(); n != 1 {
				t.Fatalf("round %d: %d owners of the rerun, want 1", round, n)
			}
		}
	})

	t.Run("RestartInTheMiddle", func(t *testing.T) {
		b := fresh(t)
		if !b.Persistent {
			t.Skip("the store does not outlive its process")
		}
		s1 := b.Open(t)
		mustBegin(t, s1, rec("k", "fp", t0), true)
		mustBegin(t, s1, rec("d", "fp", t0), true)
		if err := s1.Finish(ctx, "d", 1, idem.Completion{Status: idem.StatusDone, Result: []byte(`{"n":1}`), At: t0}); err != nil {
			t.Fatal(err)
		}
		if c, ok := s1.(io.Closer); ok {
			c.Close() // the server dies with k running
		}
		s2 := open(t, b)
		r := mustBegin(t, s2, rec("k", "fp", t0.Add(time.Second)), false)
		if r.Status != idem.StatusRunning {
			t.Fatalf("after restart: %+v", r)
		}
		r = mustBegin(t, s2, rec("d", "fp", t0.Add(time.Second)), false)
		if r.Status != idem.StatusDone || string(r.Result) != `{"n":1}` {
			t.Fatalf("after restart: %+v", r)
		}
		// The sweeper of the new process turns the orphan into failed, and
		// the key can run again.
		if n, err := s2.Sweep(ctx, t0.Add(time.Hour), t0.Add(time.Hour)); err != nil || n != 1 {
			t.Fatalf("Sweep = %d, %v", n, err)
		}
		mustBegin(t, s2, rec("k", "fp", t0.Add(time.Hour)), true)
	})

	t.Run("GuardRunsHandlerOncePerKey", func(t *testing.T) {
		b := fresh(t)
		stores := []idem.Store{open(t, b)}
		if b.Persistent {
			stores = append(stores, open(t, b)) // a second replica
		}
		var runs atomic.Int32
		release := make(chan struct{})
		handler := func(ctx context.Context) (result, error) {
			n := runs.Add(1)
			<-release
			return result{Text: fmt.Sprintf("charged, run %d", n)}, nil
		}
		call := idem.Call{Tool: "charge", Meta: map[string]any{"idempotency_key": "k"}, Arguments: []byte(`{"amount": 100, "account": "a"}`)}
		var wg sync.WaitGroup
		results := make([]result, 6)
		for i := range results {
			wg.Add(1)
			go func() {
				defer wg.Done()
				g := idem.NewGuard(stores[i%len(stores)], nil)
				r, err := idem.Execute(ctx, g, codec{}, call, handler)
				if err != nil {
					t.Error(err)
				}
				results[i] = r
			}()
		}
		// Wait until one attempt runs and the others were answered.
		deadline := time.Now().Add(30 * time.Second)
		for runs.Load() == 0 && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
		}
		time.Sleep(50 * time.Millisecond)
		close(release)
		wg.Wait()
		if n := runs.Load(); n != 1 {
			t.Fatalf("the handler ran %d times for one key, want 1", n)
		}
		ran, inProgress := 0, 0
		for _, r := range results {
			switch r.Info.Outcome {
			case idem.OutcomeRan:
				ran++
				if r.Text != "charged, run 1" {
					t.Errorf("result %+v", r)
				}
			case idem.OutcomeInProgress, idem.OutcomeReplayed:
				inProgress++
			default:
				t.Errorf("unexpected result %+v", r)
			}
		}
		if ran != 1 {
			t.Errorf("%d attempts ran, want 1", ran)
		}
		// Later: replayed, with the same arguments in another order and
		// spelling; a conflict with other arguments.
		g := idem.NewGuard(stores[len(stores)-1], nil)
		same := call
		same.Arguments = []byte(`{"account":"a","amount":1.0e2}`)
		r, err := idem.Execute(ctx, g, codec{}, same, handler)
		if err != nil || r.Info.Outcome != idem.OutcomeReplayed || r.Text != "charged, run 1" {
			t.Fatalf("repeat = %+v, %v; want the recorded result", r, err)
		}
		other := call
		other.Arguments = []byte(`{"account":"a","amount":200}`)
		r, err = idem.Execute(ctx, g, codec{}, other, handler)
		if err != nil || r.Info.Outcome != idem.OutcomeConflict || !r.IsErr {
			t.Fatalf("other arguments = %+v, %v; want a conflict error", r, err)
		}
		if n := runs.Load(); n != 1 {
			t.Fatalf("the handler ran %d times, want 1", n)
		}
	})

	t.Run("LargeAndOddValues", func(t *testing.T) {
		s := open(t, fresh(t))
		key := "ключ 🔑 'quoted' \"double\" ; DROP TABLE x; --"
		mustBegin(t, s, rec(key, "fp", t0), true)
		big := make([]byte, 1<<20)
		for i := range big {
			big[i] = byte('a' + i%26)
		}
		if err := s.Finish(ctx, key, 1, idem.Completion{Status: idem.StatusDone, Result: big, At: t0}); err != nil {
			t.Fatal(err)
		}
		r, err := s.GetTask(ctx, idem.TaskID(key))
		if err != nil || r.Key != key || string(r.Result) != string(big) {
			t.Fatalf("GetTask: key %q, %d bytes, %v", r.Key, len(r.Result), err)
		}
	})
}

func mustBegin(t *testing.T, s idem.Store, r idem.Record, wantOwner bool) idem.Record {
	t.Helper()
	got, owner, err := s.Begin(context.Background(), r)
	if err != nil {
		t.Fatalf("Begin(%q): %v", r.Key, err)
	}
	if owner != wantOwner {
		t.Fatalf("Begin(%q) owner = %v, want %v (record %+v)", r.Key, owner, wantOwner, got)
	}
	return got
}

// result is a minimal tool result for the Guard tests.
type result struct {
	Text  string          `json:"text"`
	IsErr bool            `json:"is_error,omitempty"`
	Info  idem.ResultInfo `json:"-"`
}

type codec struct{}

func (codec) Encode(r result) ([]byte, error) { return json.Marshal(r) }
func (codec) Decode(b []byte) (result, error) {
	var r result
	err := json.Unmarshal(b, &r)
	return r, err
}
func (codec) Complete(result) bool  { return true }
func (codec) IsError(r result) bool { return r.IsErr }
func (codec) Notice(info idem.ResultInfo, msg string, isError bool) result {
	return result{Text: msg, IsErr: isError, Info: info}
}
func (codec) Annotate(r result, info idem.ResultInfo) result { r.Info = info; return r }
