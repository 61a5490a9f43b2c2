package idem_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/mcpvet/mcpvet/idem"
)

// fake is a scripted server for idem.Run.
type fake struct {
	sends    []func() (res, error) // one per attempt
	probeErr error
	statuses []idem.StatusDoc // one per read-back; the last repeats
	statErr  error
	readBack func() (res, bool, error)
	neverRan func(error) bool

	sent, probes, reads int
	slept               []time.Duration
	events              []idem.EventKind
}

func (f *fake) ops() idem.Ops[res] {
	return idem.Ops[res]{
		Send: func(ctx context.Context) (res, error) {
			f.sent++
			if f.sent > len(f.sends) {
				return res{}, errors.New("unexpected send")
			}
			return f.sends[f.sent-1]()
		},
		Probe: func(context.Context) error { f.probes++; return f.probeErr },
		Status: func(context.Context, string) (idem.StatusDoc, error) {
			f.reads++
			if f.statErr != nil {
				return idem.StatusDoc{}, f.statErr
			}
			return f.statuses[min(f.reads, len(f.statuses))-1], nil
		},
		ReadBack: func() func(context.Context) (res, bool, error) {
			if f.readBack == nil {
				return nil
			}
			return func(context.Context) (res, bool, error) { return f.readBack() }
		}(),
		Decode:   codec{}.Decode,
		Info:     func(r res) (idem.ResultInfo, bool) { return r.Info, r.Info.Outcome != "" },
		NeverRan: f.neverRan,
	}
}

func (f *fake) opts(o idem.ClientOptions) *idem.ClientOptions {
	o.Sleep = func(ctx context.Context, d time.Duration) error { f.slept = append(f.slept, d); return ctx.Err() }
	o.OnEvent = func(e idem.Event) { f.events = append(f.events, e.Kind) }
	return &o
}

var errTimeout = context.DeadlineExceeded

func timeout() (res, error) { return res{}, errTimeout }
func ok(s string) func() (res, error) {
	return func() (res, error) { return res{Text: s, Info: idem.ResultInfo{Outcome: idem.OutcomeRan}}, nil }
}
func doc(s idem.Status, result string) idem.StatusDoc {
	d := idem.StatusDoc{TaskID: "t", Status: s}
	if result != "" {
		d.Result = json.RawMessage(result)
	}
	return d
}

func run(f *fake, o idem.ClientOptions) (res, error, *idem.CallState) {
	st := &idem.CallState{Tool: "charge", Key: "k"}
	r, err := idem.Run(context.Background(), st, f.ops(), f.opts(o))
	return r, err, st
}

func TestRunSuccessSendsOnce(t *testing.T) {
	f := &fake{sends: []func() (res, error){ok("charged")}}
	r, err, _ := run(f, idem.ClientOptions{})
	if err != nil || r.Text != "charged" || f.sent != 1 || f.probes != 0 || f.reads != 0 {
		t.Fatalf("r=%+v err=%v sent=%d probes=%d reads=%d", r, err, f.sent, f.probes, f.reads)
	}
	// A server without the middleware: the result passes as it is.
	f = &fake{sends: []func() (res, error){func() (res, error) { return res{Text: "plain"}, nil }}}
	if r, err, _ := run(f, idem.ClientOptions{}); err != nil || r.Text != "plain" {
		t.Fatalf("plain = %+v, %v", r, err)
	}
}

// The seed's branch table, with the default waits.
func TestRunTimeoutThenPollUntilDone(t *testing.T) {
	f := &fake{
		sends: []func() (res, error){timeout},
		statuses: []idem.StatusDoc{
			doc(idem.StatusRunning, ""), doc(idem.StatusRunning, ""), doc(idem.StatusRunning, ""),
			doc(idem.StatusRunning, ""), doc(idem.StatusRunning, ""), doc(idem.StatusDone, `{"text":"first"}`),
		},
	}
	r, err, _ := run(f, idem.ClientOptions{})
	if err != nil || r.Text != "first" {
		t.Fatalf("r=%+v err=%v", r, err)
	}
	if f.sent != 1 || f.probes != 1 {
		t.Fatalf("sent %d, probes %d; want 1, 1 (no resend while running)", f.sent, f.probes)
	}
	want := []time.Duration{time.Second, 2 * time.Second, 5 * time.Second, 10 * time.Second, 10 * time.Second}
	if !slices.Equal(f.slept, want) {
		t.Fatalf("poll waits %v, want %v", f.slept, want)
	}
	wantEvents := []idem.EventKind{idem.EventSend, idem.EventProbe, idem.EventReadBack, idem.EventPoll, idem.EventReadBack, idem.EventPoll,
		idem.EventReadBack, idem.EventPoll, idem.EventReadBack, idem.EventPoll, idem.EventReadBack, idem.EventPoll, idem.EventReadBack}
	if !slices.Equal(f.events, wantEvents) {
		t.Fatalf("events %v", f.events)
	}
}

func TestRunPollLimit(t *testing.T) {
	f := &fake{sends: []func() (res, error){timeout}, statuses: []idem.StatusDoc{doc(idem.StatusRunning, "")}}
	_, err, _ := run(f, idem.ClientOptions{PollLimit: 20 * time.Second})
	if !errors.Is(err, idem.ErrInProgress) || !errors.Is(err, errTimeout) {
		t.Fatalf("err = %v", err)
	}
	var ce *idem.CallError
	if !errors.As(err, &ce) || ce.Status != idem.StatusRunning || ce.Sends != 1 || ce.TaskID != idem.TaskID("k") {
		t.Fatalf("CallError %+v", ce)
	}
	if want := []time.Duration{time.Second, 2 * time.Second, 5 * time.Second, 10 * time.Second, 2 * time.Second}; !slices.Equal(f.slept, want) {
		t.Fatalf("waits %v, want %v (capped at 20s in total)", f.slept, want)
	}
	if f.sent != 1 {
		t.Fatalf("sent %d times", f.sent)
	}
}

func TestRunFailedResendsSameKeyAtMostTwice(t *testing.T) {
	f := &fake{sends: []func() (res, error){timeout, timeout, timeout, ok("never")}, statuses: []idem.StatusDoc{doc(idem.StatusFailed, "")}}
	_, err, st := run(f, idem.ClientOptions{})
	if !errors.Is(err, idem.ErrResendsExhausted) {
		t.Fatalf("err = %v", err)
	}
	if f.sent != 3 || st.Resends != 2 {
		t.Fatalf("sent %d (resends %d), want 3 (2)", f.sent, st.Resends)
	}
	if want := []time.Duration{time.Second, 2 * time.Second}; !slices.Equal(f.slept, want) {
		t.Fatalf("backoff %v, want %v", f.slept, want)
	}
	// Not found, then the resend succeeds.
	f = &fake{sends: []func() (res, error){timeout, ok("second")}, statuses: []idem.StatusDoc{doc(idem.StatusNotFound, "")}}
	r, err, _ := run(f, idem.ClientOptions{})
	if err != nil || r.Text != "second" || f.sent != 2 {
		t.Fatalf("r=%+v err=%v sent=%d", r, err, f.sent)
	}
	// MaxResends < 0: never resend.
	f = &fake{sends: []func() (res, error){timeout}, statuses: []idem.StatusDoc{doc(idem.StatusFailed, "")}}
	if _, err, _ := run(f, idem.ClientOptions{MaxResends: -1}); !errors.Is(err, idem.ErrResendsExhausted) || f.sent != 1 {
		t.Fatalf("err=%v sent=%d", err, f.sent)
	}
}

func TestRunDeadServerIsNotResent(t *testing.T) {
	closed := errors.New("connection closed")
	f := &fake{sends: []func() (res, error){func() (res, error) { return res{}, closed }}, probeErr: closed}
	_, err, st := run(f, idem.ClientOptions{})
	if !errors.Is(err, idem.ErrUnreachable) || !errors.Is(err, closed) {
		t.Fatalf("err = %v", err)
	}
	if f.sent != 1 || f.reads != 0 {
		t.Fatalf("sent %d, reads %d", f.sent, f.reads)
	}
	// Resumed on a new session (the server restarted): reads back first.
	f.probeErr = nil
	f.statuses = []idem.StatusDoc{doc(idem.StatusDone, `{"text":"first"}`)}
	r, err := idem.Run(context.Background(), st, f.ops(), f.opts(idem.ClientOptions{}))
	if err != nil || r.Text != "first" || f.sent != 1 {
		t.Fatalf("resumed: r=%+v err=%v sent=%d", r, err, f.sent)
	}
}

func TestRunNeverRanReturnsAtOnce(t *testing.T) {
	invalid := errors.New("invalid params")
	f := &fake{
		sends:    []func() (res, error){func() (res, error) { return res{}, invalid }},
		neverRan: func(err error) bool { return errors.Is(err, invalid) },
	}
	_, err, _ := run(f, idem.ClientOptions{})
	if !errors.Is(err, idem.ErrRejected) || !errors.Is(err, invalid) || f.probes != 0 || f.sent != 1 {
		t.Fatalf("err=%v probes=%d sent=%d", err, f.probes, f.sent)
	}
}

func TestRunNoStatusNoBlindRetry(t *testing.T) {
	f := &fake{sends: []func() (res, error){timeout, ok("x")}, statErr: idem.ErrNoStatus}
	_, err, _ := run(f, idem.ClientOptions{})
	if !errors.Is(err, idem.ErrOutcomeUnknown) || f.sent != 1 {
		t.Fatalf("err=%v sent=%d", err, f.sent)
	}
	// With the caller's read-back: found is done; not found resends.
	f = &fake{sends: []func() (res, error){timeout}, statErr: idem.ErrNoStatus,
		readBack: func() (res, bool, error) { return res{Text: "from ledger"}, true, nil }}
	if r, err, _ := run(f, idem.ClientOptions{}); err != nil || r.Text != "from ledger" || f.sent != 1 {
		t.Fatalf("r=%+v err=%v sent=%d", r, err, f.sent)
	}
	f = &fake{sends: []func() (res, error){timeout, ok("second")}, statErr: idem.ErrNoStatus,
		readBack: func() (res, bool, error) { return res{}, false, nil }}
	if r, err, _ := run(f, idem.ClientOptions{}); err != nil || r.Text != "second" || f.sent != 2 {
		t.Fatalf("r=%+v err=%v sent=%d", r, err, f.sent)
	}
	// A status stuck running (its server died) and the effect found by the
	// caller's read-back: done, no resend.
	f = &fake{sends: []func() (res, error){timeout}, statuses: []idem.StatusDoc{doc(idem.StatusRunning, "")},
		readBack: func() (res, bool, error) { return res{Text: "from ledger"}, true, nil }}
	if r, err, _ := run(f, idem.ClientOptions{}); err != nil || r.Text != "from ledger" || f.sent != 1 {
		t.Fatalf("r=%+v err=%v sent=%d", r, err, f.sent)
	}
}

func TestRunInProgressAnswerPolls(t *testing.T) {
	inProgress := func() (res, error) {
		return res{IsErr: true, Info: idem.ResultInfo{Outcome: idem.OutcomeInProgress, Status: idem.StatusRunning}}, nil
	}
	f := &fake{sends: []func() (res, error){inProgress}, statuses: []idem.StatusDoc{doc(idem.StatusRunning, ""), doc(idem.StatusDone, `{"text":"theirs"}`)}}
	r, err, _ := run(f, idem.ClientOptions{})
	if err != nil || r.Text != "theirs" || f.probes != 0 || f.sent != 1 {
		t.Fatalf("r=%+v err=%v probes=%d sent=%d", r, err, f.probes, f.sent)
	}
	conflict := func() (res, error) {
		return res{IsErr: true, Info: idem.ResultInfo{Outcome: idem.OutcomeConflict}}, nil
	}
	f = &fake{sends: []func() (res, error){conflict}}
	if _, err, _ := run(f, idem.ClientOptions{}); !errors.Is(err, idem.ErrKeyConflict) || f.sent != 1 {
		t.Fatalf("conflict: err=%v sent=%d", err, f.sent)
	}
}

func TestRunCallerContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	f := &fake{}
	f.sends = []func() (res, error){func() (res, error) { cancel(); return res{}, context.Canceled }}
	st := &idem.CallState{Tool: "charge", Key: "k"}
	_, err := idem.Run(ctx, st, f.ops(), f.opts(idem.ClientOptions{}))
	if !errors.Is(err, context.Canceled) || f.probes != 0 {
		t.Fatalf("err=%v probes=%d", err, f.probes)
	}
	if st.LastErr == nil {
		t.Fatal("the unknown outcome was not kept for a later Run")
	}
}
