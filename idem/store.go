package idem

import (
	"context"
	"time"
)

// Store keeps the records of keyed calls. Implementations must be safe for
// concurrent use, and Begin must be atomic: of any number of concurrent
// Begin calls for one key (in one process or in several processes sharing
// the store), at most one may return owner == true.
//
// This module has three: NewMemoryStore (one process, forgets on restart),
// sqlitestore (one server, survives restarts) and pgstore (several
// replicas). The storetest package checks an implementation.
type Store interface {
	// Begin claims r.Key for an attempt. r carries Key, TaskID, Tool,
	// Fingerprint and Created (the current time); the other fields are
	// ignored.
	//
	// If the store has no record for the key it creates one, running,
	// attempt 1, and returns it with owner == true. If the record is failed
	// and has the same fingerprint, it is set running again with the next
	// attempt number and returned with owner == true. Otherwise the
	// existing record is returned unchanged with owner == false, and the
	// caller decides (replay, in progress or conflict).
	Begin(ctx context.Context, r Record) (rec Record, owner bool, err error)

	// Finish records the completion of attempt number attempt of key. It
	// returns ErrSuperseded, and changes nothing, unless the record exists
	// with that attempt number and is running or failed (a run the sweeper
	// marked failed may still complete, and its result is then recorded).
	Finish(ctx context.Context, key string, attempt int, c Completion) error

	// Get returns the record of key, or ErrNotFound.
	Get(ctx context.Context, key string) (Record, error)

	// GetTask returns the record whose TaskID is taskID, or ErrNotFound.
	GetTask(ctx context.Context, taskID string) (Record, error)

	// Sweep marks failed, with Error SweptError and Updated now, every
	// running record whose Updated is before cutoff, and returns how many
	// it marked. It never deletes a record.
	Sweep(ctx context.Context, cutoff, now time.Time) (int, error)

	// Purge deletes the done and failed records whose Updated is before
	// cutoff, and returns how many it deleted. Running records are kept.
	Purge(ctx context.Context, cutoff time.Time) (int, error)
}
