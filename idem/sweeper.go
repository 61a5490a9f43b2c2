package idem

import (
	"context"
	"fmt"
	"log/slog"
	"time"
)

// Default sweeper settings.
const (
	// DefaultSweepThreshold is how long a record may be running before the
	// sweeper marks it failed.
	DefaultSweepThreshold = 10 * time.Minute
	// DefaultRetention is how long done and failed records are kept.
	DefaultRetention = 24 * time.Hour
	// DefaultSweepInterval is how often Sweeper.Run sweeps.
	DefaultSweepInterval = time.Minute
)

// Sweeper marks stuck calls failed and deletes old records.
//
// A record stays running when its process dies in the middle of the
// handler (a crash, a kill, a restart). The sweeper marks records running
// for longer than Threshold as failed, never as absent, so that the status
// resource still tells the client about them. A failed record lets the
// next call with the same key run the handler again. "Failed" therefore
// means "did not complete", not "did not happen": the dead attempt may
// have committed its effect before it died, and the rerun commits it
// again unless the handler itself can tell (by storing the key with its
// effect, see KeyFromContext). Set Threshold well above the longest run of
// any handler; a handler still running when it is swept keeps running,
// and if it then completes its result is recorded after all.
//
// Records done or failed for longer than Retention are deleted: a key sent
// again after that runs the handler again.
type Sweeper struct {
	// Store is swept.
	Store Store
	// Threshold is how long a record may be running (default
	// DefaultSweepThreshold).
	Threshold time.Duration
	// Retention is how long done and failed records are kept (default
	// DefaultRetention). Negative keeps them forever.
	Retention time.Duration
	// Interval is the time between two sweeps of Run (default
	// DefaultSweepInterval).
	Interval time.Duration
	// Now returns the current time (default time.Now).
	Now func() time.Time
	// Logger receives the errors of Run (default slog.Default()).
	Logger *slog.Logger
}

// Sweep sweeps once: it marks failed the records running for longer than
// the threshold, then deletes the done and failed records older than the
// retention period.
func (s *Sweeper) Sweep(ctx context.Context) (swept, purged int, err error) {
	if s.Store == nil {
		return 0, 0, fmt.Errorf("idem: Sweeper without a Store")
	}
	now := time.Now()
	if s.Now != nil {
		now = s.Now()
	}
	threshold := s.Threshold
	if threshold <= 0 {
		threshold = DefaultSweepThreshold
	}
	swept, err = s.Store.Sweep(ctx, now.Add(-threshold), now)
	if err != nil {
		return swept, 0, fmt.Errorf("idem: sweeping: %w", err)
	}
	retention := s.Retention
	if retention == 0 {
		retention = DefaultRetention
	}
	if retention > 0 {
		purged, err = s.Store.Purge(ctx, now.Add(-retention))
		if err != nil {
			return swept, purged, fmt.Errorf("idem: purging: %w", err)
		}
	}
	return swept, purged, nil
}

// Run sweeps at once and then every Interval until ctx is done, and
// returns ctx's error. Errors of single sweeps are logged, not returned.
func (s *Sweeper) Run(ctx context.Context) error {
	interval := s.Interval
	if interval <= 0 {
		interval = DefaultSweepInterval
	}
	logger := s.Logger
	if logger == nil {
		logger = slog.Default()
	}
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		swept, purged, err := s.Sweep(ctx)
		if err != nil && ctx.Err() == nil {
			logger.Error("idem: sweep failed", "err", err)
		} else if swept > 0 {
			logger.Warn("idem: marked calls failed that were running longer than the threshold; a resend under their keys runs the handler again",
				"count", swept, "purged", purged)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
}
