package idem

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"time"
)

// Status is the state of a keyed call, as the store records it and as the
// status resource reports it.
type Status string

// The statuses of a keyed call. A store records only StatusRunning,
// StatusDone and StatusFailed; StatusPending and StatusNotFound appear in
// status documents (see StatusDoc).
const (
	// StatusPending: accepted but not started. Stores in this module never
	// record it; clients treat it like StatusRunning.
	StatusPending Status = "pending"
	// StatusRunning: an attempt is executing the handler, or was executing
	// it when its process died (until the sweeper marks it failed).
	StatusRunning Status = "running"
	// StatusDone: the handler returned a result, which is recorded and
	// replayed to every later call with the same key and arguments.
	StatusDone Status = "done"
	// StatusFailed: the last attempt did not complete (the handler returned
	// an error or panicked, or the sweeper found it running for too long).
	// The next call with the same key and arguments runs the handler again.
	StatusFailed Status = "failed"
	// StatusNotFound: no record for the key (never received, or purged after
	// the retention period).
	StatusNotFound Status = "not_found"
)

// Valid reports whether s is one of the statuses above.
func (s Status) Valid() bool {
	switch s {
	case StatusPending, StatusRunning, StatusDone, StatusFailed, StatusNotFound:
		return true
	}
	return false
}

// Record is what a Store keeps for one idempotency key.
type Record struct {
	// Key is the client's idempotency key.
	Key string
	// TaskID is TaskID(Key): the name of the record in the status resource.
	TaskID string
	// Tool is the name of the tool called.
	Tool string
	// Fingerprint identifies the tool and its canonical arguments (see
	// Fingerprint). A call with the same key and another fingerprint is a
	// conflict.
	Fingerprint string
	// Status is StatusRunning, StatusDone or StatusFailed.
	Status Status
	// Attempt counts the handler runs under this key: 1 for the first, one
	// more each time a failed record is run again. A completion names the
	// attempt it belongs to, so that a late one cannot overwrite a newer run.
	Attempt int
	// Result is the recorded tool result (the SDK's CallToolResult as JSON)
	// when Status is StatusDone.
	Result []byte
	// Error says why the attempt failed, when Status is StatusFailed.
	Error string
	// Created is when the key was first seen; Updated when the record last
	// changed (for a running record: when its attempt started).
	Created, Updated time.Time
}

// Completion is the outcome of an attempt, as recorded by Store.Finish.
type Completion struct {
	// Status is StatusDone or StatusFailed.
	Status Status
	// Result is the tool result as JSON, for StatusDone.
	Result []byte
	// Error is the reason, for StatusFailed.
	Error string
	// At is the time of completion.
	At time.Time
}

// Errors returned by stores.
var (
	// ErrNotFound: the store has no record for the key or task id.
	ErrNotFound = errors.New("idem: no record for this key")
	// ErrSuperseded: Finish named an attempt that is no longer the
	// record's current one (a newer attempt runs, or the record is done or
	// was purged), so its completion was not recorded.
	ErrSuperseded = errors.New("idem: the attempt was superseded; its completion was not recorded")
)

// SweptError is the Error of a record the sweeper marked failed.
const SweptError = "marked failed by the sweeper: running longer than the threshold; the handler may have committed its effect before its process died"

// TaskID returns the task id of an idempotency key: 32 hex digits of a
// SHA-256 hash. Client and server compute it alike, so a client that lost
// the response to its call can still read the call's status at
// StatusURI(TaskID(key)). The key cannot be recovered from the task id.
func TaskID(key string) string {
	sum := sha256.Sum256([]byte("mcpvet-idem-task\x00" + key))
	return hex.EncodeToString(sum[:16])
}

// validTaskID reports whether id has the form TaskID returns.
func validTaskID(id string) bool {
	if len(id) != 32 {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}
