// Package orders is a service whose state changes are guarded
// transitions: it loads the entity, refuses unless it is in the state
// the change starts from, and moves it to another. A retried call finds
// the entity moved and fails at the guard, so nothing repeats.
package orders

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
)

type Status string

const (
	StatusPlaced    Status = "placed"
	StatusCancelled Status = "cancelled"
	StatusShipped   Status = "shipped"
	StatusOpen      Status = "open"
	StatusClosed    Status = "closed"
)

var ErrInvalidTransition = errors.New("orders: invalid transition")

type Order struct {
	ID     string
	Status Status
	Total  int64
}

type Service struct {
	Conn *pgx.Conn
}

func (s *Service) get(ctx context.Context, id string) (*Order, error) {
	var o Order
	err := s.Conn.QueryRow(ctx, "SELECT id, status, total FROM orders WHERE id=$1", id).Scan(&o.ID, &o.Status, &o.Total)
	return &o, err
}

func (s *Service) setStatus(ctx context.Context, id string, from, to Status) error {
	_, err := s.Conn.Exec(ctx, "UPDATE orders SET status=$3 WHERE id=$1 AND status=$2", id, string(from), string(to))
	return err
}

func (s *Service) appendEvent(ctx context.Context, id string, to Status) error {
	_, err := s.Conn.Exec(ctx, "INSERT INTO order_event (order_id, to_state) VALUES ($1, $2)", id, string(to))
	return err
}

// Cancel refuses an order that is not placed, then moves it to
// cancelled: a second call finds it cancelled.
func (s *Service) Cancel(ctx context.Context, id string) error {
	o, err := s.get(ctx, id)
	if err != nil {
		return err
	}
	if o.Status != StatusPlaced {
		return ErrInvalidTransition
	}
	if err := s.appendEvent(ctx, id, StatusCancelled); err != nil {
		return err
	}
	return s.setStatus(ctx, id, StatusPlaced, StatusCancelled)
}

// Close answers a closed ticket with success and otherwise closes it:
// a second call finds it closed.
func (s *Service) Close(ctx context.Context, id string) (*Order, error) {
	o, err := s.get(ctx, id)
	if err != nil {
		return nil, err
	}
	if o.Status == StatusClosed || o.Status == StatusCancelled {
		return o, nil
	}
	if err := s.appendEvent(ctx, id, StatusClosed); err != nil {
		return nil, err
	}
	o.Status = StatusClosed
	return o, s.setStatus(ctx, id, StatusOpen, StatusClosed)
}

// Charge refuses an order that is not placed but leaves it placed: a
// second call passes the guard and charges again.
func (s *Service) Charge(ctx context.Context, id string) error {
	o, err := s.get(ctx, id)
	if err != nil {
		return err
	}
	if o.Status != StatusPlaced {
		return ErrInvalidTransition
	}
	_, err = s.Conn.Exec(ctx, "INSERT INTO charges (order_id, amount) VALUES ($1, $2)", id, o.Total)
	return err
}

// Ship lets a forced call past the guard: a forced retry ships again.
func (s *Service) Ship(ctx context.Context, id string, force bool) error {
	o, err := s.get(ctx, id)
	if err != nil {
		return err
	}
	if o.Status != StatusPlaced && !force {
		return ErrInvalidTransition
	}
	if err := s.appendEvent(ctx, id, StatusShipped); err != nil {
		return err
	}
	return s.setStatus(ctx, id, o.Status, StatusShipped)
}

// Reopen guards only when asked to: the guard does not stand before
// every path to the write.
func (s *Service) Reopen(ctx context.Context, id string, strict bool) error {
	o, err := s.get(ctx, id)
	if err != nil {
		return err
	}
	if strict {
		if o.Status != StatusClosed {
			return ErrInvalidTransition
		}
	}
	if err := s.appendEvent(ctx, id, StatusOpen); err != nil {
		return err
	}
	return s.setStatus(ctx, id, StatusClosed, StatusOpen)
}
