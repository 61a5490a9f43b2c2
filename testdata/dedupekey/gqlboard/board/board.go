// Package board is a planning board's service over a backend interface
// that only the server wires (gh.Client): its calls stay pending here.
package board

import "context"

// Backend is implemented by gh.Client, and by test doubles.
type Backend interface {
	SetStart(ctx context.Context, id, date string) error
	AddCard(ctx context.Context, title string) error
	LoadCard(ctx context.Context, id string) error
}

type Service struct{ backend Backend }

func New(b Backend) *Service { return &Service{backend: b} }

// Defer moves a card's start to date.
func (s *Service) Defer(ctx context.Context, id, date string) error {
	if err := s.backend.LoadCard(ctx, id); err != nil {
		return err
	}
	return s.backend.SetStart(ctx, id, date)
}

// Add adds a card.
func (s *Service) Add(ctx context.Context, title string) error {
	return s.backend.AddCard(ctx, title)
}

// Get reads a card.
func (s *Service) Get(ctx context.Context, id string) error {
	return s.backend.LoadCard(ctx, id)
}
