// Package downstream sees effects two packages away.
package downstream

import (
	"context"

	"example.com/effects/middle"
)

func Handle(ctx context.Context, s *middle.Store) error { // want Handle:`effect\(SQL write: .* via \(\*middle.Store\).Save\)`
	return s.Save(ctx)
}
