// Package downstream sees effects two packages away.
package downstream

import (
	"context"

	"example.com/effects/middle"
)

func Handle(ctx context.Context, s *middle.Store) error { // want Handle:`effect\(SQL write: .* via \(\*middle.Store\).Save\)`
	return s.Save(ctx)
}

func ViaInterface(ctx context.Context, s middle.Saver) error { // want ViaInterface:`effect\(SQL write: .* via middle.Saver.Save \(implemented by \(\*middle.Store\).Save\)\)`
	return s.Save(ctx)
}

func ViaMixed(ctx context.Context, r middle.Reader) error { // ok: one implementation commits nothing
	return r.Load(ctx)
}
