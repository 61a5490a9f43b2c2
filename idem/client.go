package idem

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Default client settings, from the seed's read-back procedure.
var (
	// DefaultPollIntervals are the waits between two read-backs of a call
	// that is still running: 1, 2, 5, then every 10 seconds.
	DefaultPollIntervals = []time.Duration{1 * time.Second, 2 * time.Second, 5 * time.Second, 10 * time.Second}
	// DefaultBackoff are the waits before the first and the second resend.
	DefaultBackoff = []time.Duration{1 * time.Second, 2 * time.Second}
)

const (
	// DefaultMaxResends is how many times a call whose first attempt
	// failed (or was never received) is sent again, with the same key.
	DefaultMaxResends = 2
	// DefaultPollLimit is how long the client polls a running call before
	// it gives up with ErrInProgress.
	DefaultPollLimit = 2 * time.Minute
	// DefaultProbeTimeout bounds the tools/list probe and each read-back.
	DefaultProbeTimeout = 10 * time.Second
)

// ClientOptions configures the client helpers of the SDK packages. The
// zero value follows the seed: no blind retry; after a failure whose
// outcome is unknown, probe, read back, and poll at 1, 2, 5, 10 s for up
// to two minutes, or resend with the same key at most twice, after 1 s and
// 2 s.
type ClientOptions struct {
	// AttemptTimeout bounds each attempt (each tools/call); 0 leaves it to
	// the caller's context.
	AttemptTimeout time.Duration
	// ProbeTimeout bounds the probe and each read-back (default
	// DefaultProbeTimeout).
	ProbeTimeout time.Duration
	// PollIntervals are the waits between read-backs of a running call;
	// the last one repeats (default DefaultPollIntervals).
	PollIntervals []time.Duration
	// PollLimit is the total wait for a running call before the helper
	// returns ErrInProgress (default DefaultPollLimit).
	PollLimit time.Duration
	// MaxResends is how many times the call is sent again after the read
	// back says failed or not found (default DefaultMaxResends; negative
	// means never).
	MaxResends int
	// Backoff are the waits before each resend; the last one repeats
	// (default DefaultBackoff).
	Backoff []time.Duration
	// MetaKey is the _meta entry the key is sent in (default
	// DefaultMetaKey).
	MetaKey string
	// ArgumentKey, if set, also sends the key as this tool argument, for
	// tools that declare it in their input schema.
	ArgumentKey string
	// Sleep waits for d or until ctx is done (default: a timer). Tests
	// replace it.
	Sleep func(ctx context.Context, d time.Duration) error
	// OnEvent, if set, is told each step the helper takes.
	OnEvent func(Event)
}

// EventKind names a step of the client helper.
type EventKind string

// The steps of the client helper.
const (
	EventSend     EventKind = "send"      // a tools/call attempt is sent
	EventProbe    EventKind = "probe"     // tools/list after an unknown outcome
	EventReadBack EventKind = "read_back" // the status (and the caller's ReadBack) is read
	EventPoll     EventKind = "poll"      // waiting for a running call
	EventResend   EventKind = "resend"    // waiting to send again with the same key
)

// Event is one step of the client helper, for logging and tests.
type Event struct {
	Kind    EventKind     // the step
	Attempt int           // the number of sends so far
	Status  Status        // for EventReadBack: the status read
	Wait    time.Duration // for EventPoll and EventResend
	Err     error         // the error of the step, if any
}

func (o *ClientOptions) withDefaults() ClientOptions {
	var c ClientOptions
	if o != nil {
		c = *o
	}
	if c.ProbeTimeout <= 0 {
		c.ProbeTimeout = DefaultProbeTimeout
	}
	if len(c.PollIntervals) == 0 {
		c.PollIntervals = DefaultPollIntervals
	}
	if c.PollLimit <= 0 {
		c.PollLimit = DefaultPollLimit
	}
	if c.MaxResends == 0 {
		c.MaxResends = DefaultMaxResends
	}
	if len(c.Backoff) == 0 {
		c.Backoff = DefaultBackoff
	}
	if c.MetaKey == "" {
		c.MetaKey = DefaultMetaKey
	}
	if c.Sleep == nil {
		c.Sleep = sleep
	}
	return c
}

// WithDefaults returns o with its zero fields set to the defaults. o may be
// nil.
func (o *ClientOptions) WithDefaults() ClientOptions { return o.withDefaults() }

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func pick(ds []time.Duration, i int) time.Duration {
	if i >= len(ds) {
		i = len(ds) - 1
	}
	return ds[i]
}

// Errors of the client helpers. They come wrapped in a *CallError, which
// also wraps the error of the last attempt; test with errors.Is.
var (
	// ErrUnreachable: an attempt failed with an unknown outcome and the
	// server did not answer tools/list either. The call was not resent;
	// reconnect (restart the server) and call Do again on the same Call,
	// which reads back before it sends anything.
	ErrUnreachable = errors.New("idem: server unreachable (the tools/list probe failed); the call was not resent")
	// ErrInProgress: the call is still running after the poll limit.
	ErrInProgress = errors.New("idem: the call is still running")
	// ErrKeyConflict: the server has the key recorded for other arguments.
	ErrKeyConflict = errors.New("idem: the idempotency key was used with other arguments")
	// ErrInvalidKey: the server rejected the key.
	ErrInvalidKey = errors.New("idem: the server rejected the idempotency key")
	// ErrOutcomeUnknown: the outcome of an attempt is unknown and cannot
	// be read back (the server serves no status resource and no ReadBack
	// was given, or the read-back failed). The call was not resent.
	ErrOutcomeUnknown = errors.New("idem: the outcome of the call is unknown and could not be read back; not resending blindly")
	// ErrResendsExhausted: the call failed, or was not received, and the
	// resends are used up.
	ErrResendsExhausted = errors.New("idem: the call failed and the resends are used up")
	// ErrRejected: the server answered with an error that proves the call
	// never ran (invalid params, unknown method or tool, unauthorized).
	ErrRejected = errors.New("idem: the server rejected the call; it did not run")
	// ErrNoStatus is returned by a status reader when the server does not
	// serve the status resource.
	ErrNoStatus = errors.New("idem: the server serves no status resource")
)

// CallError is the error of a client helper call.
type CallError struct {
	Tool   string // the tool called
	Key    string // the idempotency key sent with every attempt
	TaskID string // TaskID(Key); the status is at StatusURI(TaskID)
	Sends  int    // how many times the call was sent
	Status Status // the last status read back, if any
	// Err is one of the errors above, or the caller's context error.
	Err error
	// Cause is the error of the last attempt or step, if any.
	Cause error
}

// Error implements error.
func (e *CallError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "idem: call %q (task %s, %d sent", e.Tool, e.TaskID, e.Sends)
	if e.Status != "" {
		fmt.Fprintf(&b, ", last status %s", e.Status)
	}
	b.WriteString("): ")
	b.WriteString(strings.TrimPrefix(e.Err.Error(), "idem: "))
	if e.Cause != nil {
		b.WriteString(": ")
		b.WriteString(e.Cause.Error())
	}
	return b.String()
}

// Unwrap returns Err and Cause.
func (e *CallError) Unwrap() []error {
	if e.Cause == nil {
		return []error{e.Err}
	}
	return []error{e.Err, e.Cause}
}

// CallState is the state of one logical call across Run invocations: its
// key and how often it was sent. The SDK packages keep it in their Call
// type.
type CallState struct {
	Tool    string // the tool called
	Key     string // the idempotency key, made once
	Sends   int    // attempts sent so far
	Resends int    // of which resends after a failed or not_found read-back
	// LastErr is the error of the last attempt, if its outcome is unknown.
	LastErr error
}

// Ops are the operations of one SDK's client that Run needs.
type Ops[R any] struct {
	// Send sends the call once, with the key.
	Send func(ctx context.Context) (R, error)
	// Probe lists the tools (tools/list).
	Probe func(ctx context.Context) error
	// Status reads the status resource of a task id. It returns ErrNoStatus
	// (wrapped) if the server does not serve it.
	Status func(ctx context.Context, taskID string) (StatusDoc, error)
	// ReadBack, optional, is the caller's own read-back: it looks for the
	// call's effect (by key) and returns it as a result, and false if there
	// is none.
	ReadBack func(ctx context.Context) (R, bool, error)
	// Decode decodes a recorded result from a status document.
	Decode func([]byte) (R, error)
	// Info returns the ResultInfo in a result's _meta.
	Info func(R) (ResultInfo, bool)
	// NeverRan reports whether err proves that the call did not run.
	NeverRan func(error) bool
}

// Run makes one logical call with the key in st: it sends the call, and
// after a failure whose outcome is unknown it probes the server (a dead
// server is reported, not resent to), reads back the call's status and
// branches: done, it returns the recorded result; running or pending, it
// polls; failed or not found, it sends the call again with the same key,
// at most MaxResends times. Errors that prove the call never ran return at
// once. If st was sent before (Run is called again after ErrUnreachable),
// Run starts with the probe and the read-back instead of sending.
//
// The SDK packages call Run; users call their CallTool or Call.Do.
func Run[R any](ctx context.Context, st *CallState, ops Ops[R], opts *ClientOptions) (R, error) {
	o := opts.withDefaults()
	var zero R
	taskID := TaskID(st.Key)
	fail := func(err, cause error, status Status) (R, error) {
		return zero, &CallError{Tool: st.Tool, Key: st.Key, TaskID: taskID, Sends: st.Sends, Status: status, Err: err, Cause: cause}
	}
	emit := func(e Event) {
		if o.OnEvent != nil {
			e.Attempt = st.Sends
			o.OnEvent(e)
		}
	}
	send := func() (R, error) {
		actx, cancel := ctx, context.CancelFunc(func() {})
		if o.AttemptTimeout > 0 {
			actx, cancel = context.WithTimeout(ctx, o.AttemptTimeout)
		}
		defer cancel()
		st.Sends++
		r, err := ops.Send(actx)
		emit(Event{Kind: EventSend, Err: err})
		return r, err
	}

	var (
		res  R
		err  error
		poll bool // the server answered: in progress or accepted
	)
	if st.Sends == 0 {
		res, err = send()
	} else {
		err = st.LastErr
		if err == nil {
			err = errors.New("the earlier attempt's outcome is unknown")
		}
	}
	for {
		poll = false
		if err == nil {
			info, ok := ops.Info(res)
			if !ok {
				st.LastErr = nil
				return res, nil
			}
			switch info.Outcome {
			case OutcomeInProgress, OutcomeAccepted:
				poll = true
			case OutcomeConflict:
				st.LastErr = nil
				return res, &CallError{Tool: st.Tool, Key: st.Key, TaskID: taskID, Sends: st.Sends, Status: info.Status, Err: ErrKeyConflict}
			case OutcomeInvalidKey:
				st.LastErr = nil
				return res, &CallError{Tool: st.Tool, Key: st.Key, TaskID: taskID, Sends: st.Sends, Err: ErrInvalidKey}
			default:
				st.LastErr = nil
				return res, nil
			}
		}
		if !poll {
			if cerr := ctx.Err(); cerr != nil {
				st.LastErr = err
				return fail(cerr, err, "")
			}
			if ops.NeverRan != nil && ops.NeverRan(err) {
				st.LastErr = nil
				return fail(ErrRejected, err, "")
			}
			st.LastErr = err
			// Step 1: probe. A dead server is reported, not resent to.
			pctx, cancel := context.WithTimeout(ctx, o.ProbeTimeout)
			perr := ops.Probe(pctx)
			cancel()
			emit(Event{Kind: EventProbe, Err: perr})
			if perr != nil {
				if cerr := ctx.Err(); cerr != nil {
					return fail(cerr, err, "")
				}
				return fail(ErrUnreachable, errors.Join(err, fmt.Errorf("probe: %w", perr)), "")
			}
		}

		// Step 2 and 3: read back, and branch.
		var waited time.Duration
		var status Status
		for i := 0; ; i++ {
			r, s, rerr := readBack(ctx, taskID, ops, o.ProbeTimeout)
			emit(Event{Kind: EventReadBack, Status: s, Err: rerr})
			if rerr != nil {
				if cerr := ctx.Err(); cerr != nil {
					return fail(cerr, err, status)
				}
				return fail(ErrOutcomeUnknown, errors.Join(err, rerr), status)
			}
			status = s
			if s == StatusDone {
				st.LastErr = nil
				return r, nil
			}
			if s != StatusRunning && s != StatusPending {
				break // failed or not found: resend
			}
			if waited >= o.PollLimit {
				return fail(ErrInProgress, err, s)
			}
			d := min(pick(o.PollIntervals, i), o.PollLimit-waited)
			emit(Event{Kind: EventPoll, Status: s, Wait: d})
			if serr := o.Sleep(ctx, d); serr != nil {
				return fail(serr, err, s)
			}
			waited += d
		}

		// Failed or not found: resend with the same key, a bounded number
		// of times.
		if o.MaxResends < 0 || st.Resends >= o.MaxResends {
			return fail(ErrResendsExhausted, err, status)
		}
		d := pick(o.Backoff, st.Resends)
		emit(Event{Kind: EventResend, Status: status, Wait: d})
		if serr := o.Sleep(ctx, d); serr != nil {
			return fail(serr, err, status)
		}
		st.Resends++
		res, err = send()
	}
}

// readBack reads the call's status, and the caller's own read-back, and
// returns the result if the call is done, or the status otherwise.
func readBack[R any](ctx context.Context, taskID string, ops Ops[R], timeout time.Duration) (R, Status, error) {
	var zero R
	rctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	doc, serr := ops.Status(rctx, taskID)
	if serr == nil && doc.Status == StatusDone {
		r, err := ops.Decode(doc.Result)
		if err != nil {
			return zero, "", fmt.Errorf("decoding the recorded result: %w", err)
		}
		return r, StatusDone, nil
	}
	if serr != nil && !errors.Is(serr, ErrNoStatus) {
		return zero, "", fmt.Errorf("reading the status: %w", serr)
	}
	if ops.ReadBack != nil {
		r, found, err := ops.ReadBack(rctx)
		if err != nil {
			return zero, "", fmt.Errorf("read-back: %w", err)
		}
		if found {
			return r, StatusDone, nil
		}
		if serr != nil {
			// No status resource, and the caller's read-back found no
			// effect: not found.
			return zero, StatusNotFound, nil
		}
	}
	if serr != nil {
		return zero, "", serr
	}
	return zero, doc.Status, nil
}
