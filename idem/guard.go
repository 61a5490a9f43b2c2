package idem

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"
)

// Options configures a Guard, the server side. The zero value is usable.
type Options struct {
	// MetaKey is the _meta entry that carries the key (default
	// DefaultMetaKey). "-" ignores _meta.
	MetaKey string
	// ArgumentKey is the tool argument that carries the key when _meta has
	// none (default DefaultArgumentKey). "-" ignores arguments. The
	// argument is left in place for the handler, and left out of the
	// fingerprint.
	ArgumentKey string
	// RetryToolErrors makes a result with IsError set count as failed, so
	// that the next call with the key runs the handler again. By default
	// such a result is recorded done and replayed like any other result
	// (a declined charge stays declined); handler errors (Go errors) and
	// panics always count as failed.
	RetryToolErrors bool
	// KeepCancellation runs the handlers of keyed calls with the request's
	// context as it is. By default they run with a context that keeps its
	// values but is not cancelled when the client gives up or disconnects:
	// a client that sends a key has promised to read the outcome back, so
	// the call runs to completion instead of stopping half way.
	KeepCancellation bool
	// Now returns the current time (default time.Now).
	Now func() time.Time
	// Logger receives the errors the Guard cannot return to a caller, such
	// as a failure to record a completion (default slog.Default()).
	Logger *slog.Logger
}

// Guard runs tool handlers at most once per idempotency key. The SDK
// packages (gosdk, mcpgo) wrap it in their middleware and status resource;
// a Guard is safe for concurrent use.
type Guard struct {
	store   Store
	metaKey string
	argKey  string
	opts    Options
	bg      sync.WaitGroup
}

// NewGuard returns a Guard that records calls in store. opts may be nil.
func NewGuard(store Store, opts *Options) *Guard {
	g := &Guard{store: store}
	if opts != nil {
		g.opts = *opts
	}
	g.metaKey = keyName(g.opts.MetaKey, DefaultMetaKey)
	g.argKey = keyName(g.opts.ArgumentKey, DefaultArgumentKey)
	if g.opts.Now == nil {
		g.opts.Now = time.Now
	}
	if g.opts.Logger == nil {
		g.opts.Logger = slog.Default()
	}
	return g
}

func keyName(v, def string) string {
	switch v {
	case "":
		return def
	case "-":
		return ""
	}
	return v
}

// Store returns the Guard's store.
func (g *Guard) Store() Store { return g.store }

// Key returns the idempotency key of a call with the given _meta and
// arguments (see ExtractKey), under the Guard's key names.
func (g *Guard) Key(meta map[string]any, args []byte) (string, error) {
	return ExtractKey(meta, args, g.metaKey, g.argKey)
}

// Status returns the status document of a task id: the record's, or one
// with StatusNotFound.
func (g *Guard) Status(ctx context.Context, taskID string) (StatusDoc, error) {
	rec, err := g.store.GetTask(ctx, taskID)
	if errors.Is(err, ErrNotFound) {
		return StatusDoc{TaskID: taskID, Status: StatusNotFound}, nil
	}
	if err != nil {
		return StatusDoc{}, fmt.Errorf("idem: reading task %s: %w", taskID, err)
	}
	return NewStatusDoc(rec), nil
}

// Wait blocks until the work started by Accept has finished, or ctx is
// done. Call it when shutting a server down.
func (g *Guard) Wait(ctx context.Context) error {
	done := make(chan struct{})
	go func() { g.bg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Codec adapts the tool result type of an SDK (its *CallToolResult) to the
// Guard. The SDK packages implement it; users of those packages do not
// need it.
type Codec[R any] interface {
	// Encode returns the result as JSON, to be recorded.
	Encode(R) ([]byte, error)
	// Decode returns a recorded result.
	Decode([]byte) (R, error)
	// Complete reports whether r finishes the call. It is false for a
	// multi-round-trip result that asks the client for input: the call is
	// then re-sent with the answers and runs the handler again.
	Complete(r R) bool
	// IsError reports whether r is a tool error (IsError set).
	IsError(r R) bool
	// Notice returns a tool result with the text msg, marked as a tool
	// error if isError, and info in its _meta.
	Notice(info ResultInfo, msg string, isError bool) R
	// Annotate returns r with info in its _meta, leaving the rest as is.
	Annotate(r R, info ResultInfo) R
}

// Call describes a tools/call request to Execute.
type Call struct {
	// Tool is the tool's name.
	Tool string
	// Meta is the request's _meta (may be nil).
	Meta map[string]any
	// Arguments is the request's arguments as JSON (may be empty).
	Arguments []byte
}

type ctxKey struct{}

// callState is what Execute puts in the handler's context.
type callState struct {
	guard    *Guard
	key      string // "" for a call without a key
	taskID   string
	attempt  int
	tool     string
	args     []byte
	accepted atomic.Bool
}

// KeyFromContext returns the idempotency key of the call whose handler
// runs with ctx, and false if it has none. A handler can store the key
// with its effect (a ledger line, an order row), so that the effect can be
// found again by key (see the client's ReadBack).
func KeyFromContext(ctx context.Context) (string, bool) {
	st, _ := ctx.Value(ctxKey{}).(*callState)
	if st == nil || st.key == "" {
		return "", false
	}
	return st.key, true
}

// TaskIDFromContext returns the task id of the keyed call whose handler
// runs with ctx, and false if it has none.
func TaskIDFromContext(ctx context.Context) (string, bool) {
	st, _ := ctx.Value(ctxKey{}).(*callState)
	if st == nil || st.taskID == "" {
		return "", false
	}
	return st.taskID, true
}

// Execute runs a tool call under the Guard. The SDK middleware calls it
// with the request and next, the rest of the handler chain.
//
// Without a key, next runs unchanged. With a key, before next runs: the
// first call records running, runs next and records done with its result
// (or failed if next returns an error or panics); a later call with the
// same key and arguments gets the recorded result without running next; a
// call while one is running gets an in-progress notice; a call with other
// arguments gets a conflict error; after a failure next runs again.
func Execute[R any](ctx context.Context, g *Guard, codec Codec[R], call Call, next func(context.Context) (R, error)) (R, error) {
	var zero R
	key, err := g.Key(call.Meta, call.Arguments)
	if err != nil {
		return codec.Notice(ResultInfo{Outcome: OutcomeInvalidKey}, err.Error(), true), nil
	}
	if key == "" {
		st := &callState{guard: g, tool: call.Tool, args: call.Arguments}
		return next(context.WithValue(ctx, ctxKey{}, st))
	}
	if err := ValidateKey(key); err != nil {
		return codec.Notice(ResultInfo{Outcome: OutcomeInvalidKey}, err.Error(), true), nil
	}
	taskID := TaskID(key)
	fp, err := Fingerprint(call.Tool, call.Arguments, g.argKey)
	if err != nil {
		return codec.Notice(ResultInfo{Outcome: OutcomeInvalidKey, TaskID: taskID}, err.Error(), true), nil
	}
	rec, owner, err := g.store.Begin(ctx, Record{
		Key: key, TaskID: taskID, Tool: call.Tool, Fingerprint: fp, Created: g.opts.Now(),
	})
	if err != nil {
		return zero, fmt.Errorf("idem: recording the call (nothing ran): %w", err)
	}
	uri := StatusURI(taskID)
	if !owner {
		info := ResultInfo{TaskID: taskID, Status: rec.Status, StatusURI: uri}
		switch {
		case rec.Fingerprint != fp:
			info.Outcome = OutcomeConflict
			return codec.Notice(info, fmt.Sprintf(
				"idempotency key already used for another call (tool %q with other arguments); nothing ran. Use a new key for a new call.",
				rec.Tool), true), nil
		case rec.Status == StatusDone:
			r, err := codec.Decode(rec.Result)
			if err != nil {
				return zero, fmt.Errorf("idem: decoding the recorded result of task %s: %w", taskID, err)
			}
			info.Outcome = OutcomeReplayed
			return codec.Annotate(r, info), nil
		default: // running; or failed, if a store lost a race with a rerun
			info.Outcome = OutcomeInProgress
			return codec.Notice(info, fmt.Sprintf(
				"a call with this idempotency key is still in progress (task %s, status %s); nothing ran again. Read %s for its outcome.",
				taskID, rec.Status, uri), true), nil
		}
	}

	st := &callState{guard: g, key: key, taskID: taskID, attempt: rec.Attempt, tool: call.Tool, args: call.Arguments}
	hctx := context.WithValue(ctx, ctxKey{}, st)
	if !g.opts.KeepCancellation {
		hctx = context.WithoutCancel(hctx)
	}
	completed := false
	defer func() {
		if completed || st.accepted.Load() {
			return
		}
		p := recover()
		msg := "the handler did not return (runtime.Goexit)"
		if p != nil {
			msg = fmt.Sprintf("the handler panicked: %v", p)
		}
		g.finish(key, rec.Attempt, Completion{Status: StatusFailed, Error: msg})
		if p != nil {
			panic(p)
		}
	}()
	r, err := next(hctx)
	completed = true
	if st.accepted.Load() {
		return r, err // the background work records the outcome
	}
	switch {
	case err != nil:
		g.finish(key, rec.Attempt, Completion{Status: StatusFailed, Error: err.Error()})
		return r, err
	case !codec.Complete(r):
		g.finish(key, rec.Attempt, Completion{Status: StatusFailed, Error: "the handler asked the client for input; the call completes when it is sent again with the answers"})
		return r, nil
	case g.opts.RetryToolErrors && codec.IsError(r):
		g.finish(key, rec.Attempt, Completion{Status: StatusFailed, Error: "the handler returned a tool error"})
		return codec.Annotate(r, ResultInfo{Outcome: OutcomeRan, TaskID: taskID, Status: StatusFailed, StatusURI: uri}), nil
	}
	data, err := codec.Encode(r)
	if err != nil {
		g.finish(key, rec.Attempt, Completion{Status: StatusFailed, Error: "encoding the result: " + err.Error()})
		return r, nil
	}
	g.finish(key, rec.Attempt, Completion{Status: StatusDone, Result: data})
	return codec.Annotate(r, ResultInfo{Outcome: OutcomeRan, TaskID: taskID, Status: StatusDone, StatusURI: uri}), nil
}

// finish records a completion, with a context that outlives the request's.
func (g *Guard) finish(key string, attempt int, c Completion) {
	c.At = g.opts.Now()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := g.store.Finish(ctx, key, attempt, c); err != nil {
		g.opts.Logger.Error("idem: could not record the completion of a call; its record stays as it was until the sweeper marks it failed",
			"task_id", TaskID(key), "attempt", attempt, "status", c.Status, "err", err)
	}
}

// ErrNoGuard is returned by Accept when the handler does not run under the
// middleware of the gosdk or mcpgo package.
var ErrNoGuard = errors.New("idem: Accept needs the idem middleware on the server")

// Accept accepts a call at once and finishes it in the background: it
// returns a result that says the call is running, with its task id, and
// runs work with a context that is not cancelled when the request ends.
// The record of the call is running until work returns, then done with
// its result or failed with its error; the client reads the outcome from
// the status resource. A call without a key gets a key made by the server.
//
// It must be called from a handler that runs under the middleware (the SDK
// packages' Accept functions call it); otherwise it returns ErrNoGuard.
func Accept[R any](ctx context.Context, codec Codec[R], work func(context.Context) (R, error)) (R, error) {
	var zero R
	st, _ := ctx.Value(ctxKey{}).(*callState)
	if st == nil {
		return zero, ErrNoGuard
	}
	g := st.guard
	key, attempt := st.key, st.attempt
	if key == "" {
		// A call without a key: the server makes one, so that the work
		// has a record and a status the client can read.
		key = "server:" + NewKey()
		fp, err := Fingerprint(st.tool, st.args, g.argKey)
		if err != nil {
			return zero, err
		}
		rec, _, err := g.store.Begin(ctx, Record{Key: key, TaskID: TaskID(key), Tool: st.tool, Fingerprint: fp, Created: g.opts.Now()})
		if err != nil {
			return zero, fmt.Errorf("idem: recording the call (nothing ran): %w", err)
		}
		attempt = rec.Attempt
	} else if !st.accepted.CompareAndSwap(false, true) {
		return zero, errors.New("idem: Accept called twice for one call")
	}
	taskID := TaskID(key)
	bctx := context.WithoutCancel(context.WithValue(ctx, ctxKey{}, &callState{guard: g, key: key, taskID: taskID, attempt: attempt, tool: st.tool, args: st.args}))
	g.bg.Add(1)
	go func() {
		defer g.bg.Done()
		c := Completion{Status: StatusFailed}
		defer func() {
			if p := recover(); p != nil {
				c = Completion{Status: StatusFailed, Error: fmt.Sprintf("background work panicked: %v", p)}
				g.opts.Logger.Error("idem: background work panicked", "task_id", taskID, "panic", p)
			}
			g.finish(key, attempt, c)
		}()
		r, err := work(bctx)
		switch {
		case err != nil:
			c.Error = err.Error()
		case g.opts.RetryToolErrors && codec.IsError(r):
			c.Error = "the work returned a tool error"
		default:
			data, err := codec.Encode(r)
			if err != nil {
				c.Error = "encoding the result: " + err.Error()
				break
			}
			c = Completion{Status: StatusDone, Result: data}
		}
	}()
	uri := StatusURI(taskID)
	return codec.Notice(ResultInfo{Outcome: OutcomeAccepted, TaskID: taskID, Status: StatusRunning, StatusURI: uri},
		fmt.Sprintf("accepted: the call runs in the background as task %s; read %s for its outcome.", taskID, uri), false), nil
}
