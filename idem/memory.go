package idem

import (
	"context"
	"slices"
	"sync"
	"time"
)

// MemoryStore is a Store in the memory of one process. It is for tests and
// for servers that run as one long-lived process. It forgets every key
// when the process exits: a stdio server restarted by its client (the
// seed's scenario 2) then runs a resent call again. Use sqlitestore there.
type MemoryStore struct {
	mu     sync.Mutex
	byKey  map[string]*Record
	byTask map[string]string // task id -> key
}

// NewMemoryStore returns an empty MemoryStore.
func NewMemoryStore() *MemoryStore {
	return &MemoryStore{byKey: make(map[string]*Record), byTask: make(map[string]string)}
}

func clone(r *Record) Record {
	c := *r
	c.Result = slices.Clone(r.Result)
	return c
}

// Begin implements Store.
func (m *MemoryStore) Begin(ctx context.Context, r Record) (Record, bool, error) {
	if err := ctx.Err(); err != nil {
		return Record{}, false, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if cur, ok := m.byKey[r.Key]; ok {
		if cur.Status == StatusFailed && cur.Fingerprint == r.Fingerprint {
			cur.Status = StatusRunning
			cur.Attempt++
			cur.Result = nil
			cur.Error = ""
			cur.Updated = r.Created
			return clone(cur), true, nil
		}
		return clone(cur), false, nil
	}
	rec := &Record{
		Key:         r.Key,
		TaskID:      r.TaskID,
		Tool:        r.Tool,
		Fingerprint: r.Fingerprint,
		Status:      StatusRunning,
		Attempt:     1,
		Created:     r.Created,
		Updated:     r.Created,
	}
	m.byKey[r.Key] = rec
	m.byTask[r.TaskID] = r.Key
	return clone(rec), true, nil
}

// Finish implements Store.
func (m *MemoryStore) Finish(ctx context.Context, key string, attempt int, c Completion) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	cur, ok := m.byKey[key]
	if !ok || cur.Attempt != attempt || (cur.Status != StatusRunning && cur.Status != StatusFailed) {
		return ErrSuperseded
	}
	cur.Status = c.Status
	cur.Result = slices.Clone(c.Result)
	cur.Error = c.Error
	cur.Updated = c.At
	return nil
}

// Get implements Store.
func (m *MemoryStore) Get(ctx context.Context, key string) (Record, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	cur, ok := m.byKey[key]
	if !ok {
		return Record{}, ErrNotFound
	}
	return clone(cur), nil
}

// GetTask implements Store.
func (m *MemoryStore) GetTask(ctx context.Context, taskID string) (Record, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	key, ok := m.byTask[taskID]
	if !ok {
		return Record{}, ErrNotFound
	}
	return clone(m.byKey[key]), nil
}

// Sweep implements Store.
func (m *MemoryStore) Sweep(ctx context.Context, cutoff, now time.Time) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := 0
	for _, r := range m.byKey {
		if r.Status == StatusRunning && r.Updated.Before(cutoff) {
			r.Status = StatusFailed
			r.Error = SweptError
			r.Updated = now
			n++
		}
	}
	return n, nil
}

// Purge implements Store.
func (m *MemoryStore) Purge(ctx context.Context, cutoff time.Time) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := 0
	for k, r := range m.byKey {
		if r.Status != StatusRunning && r.Updated.Before(cutoff) {
			delete(m.byKey, k)
			delete(m.byTask, r.TaskID)
			n++
		}
	}
	return n, nil
}
