// Package transition registers tools that are not idempotent (no
// annotations) whose handlers move a booking through its states. After
// a guarded transition's guard (load the booking, refuse unless it is in
// the state the change starts from, move it on) the writes converge: a
// retried call stops at the guard, and the tool could be annotated
// idempotent. A guard that leaves the state where it was stops nothing.
package transition

import (
	"context"
	"database/sql"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type State int

const (
	Held State = iota
	Confirmed
	Cancelled
)

var errState = errors.New("booking: wrong state")

type Booking struct {
	ID     string
	State  State
	Nights int
}

type Bookings struct{ DB *sql.DB }

func (b *Bookings) load(ctx context.Context, id string) (*Booking, error) {
	var bk Booking
	err := b.DB.QueryRowContext(ctx, "SELECT id, state, nights FROM bookings WHERE id = ?", id).Scan(&bk.ID, &bk.State, &bk.Nights)
	return &bk, err
}

func (b *Bookings) move(ctx context.Context, id string, to State) error {
	_, err := b.DB.ExecContext(ctx, "UPDATE bookings SET state = ? WHERE id = ?", int(to), id)
	return err
}

// Cancel refunds a confirmed booking and cancels it.
func (b *Bookings) Cancel(ctx context.Context, id string) error {
	bk, err := b.load(ctx, id)
	if err != nil {
		return err
	}
	if bk.State != Confirmed {
		return errState
	}
	if _, err := b.DB.ExecContext(ctx, "INSERT INTO refunds (booking_id, nights) VALUES (?, ?)", id, bk.Nights); err != nil {
		return err
	}
	return b.move(ctx, id, Cancelled)
}

// Extend adds a night to a confirmed booking, which stays confirmed.
func (b *Bookings) Extend(ctx context.Context, id string) error {
	bk, err := b.load(ctx, id)
	if err != nil {
		return err
	}
	if bk.State != Confirmed {
		return errState
	}
	_, err = b.DB.ExecContext(ctx, "UPDATE bookings SET nights = nights + 1 WHERE id = ?", id)
	return err
}

func Register(s *server.MCPServer, b *Bookings) {
	// Confirmed → cancelled; a retry finds it cancelled: converges.
	s.AddTool(mcp.NewTool("cancel_booking", mcp.WithString("booking_id")), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, b.Cancel(ctx, req.GetString("booking_id", "")) // want `tool "cancel_booking" is not marked idempotent and writes to an SQL database`
	})
	s.AddTool(mcp.NewTool("extend_booking", mcp.WithString("booking_id")), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, b.Extend(ctx, req.GetString("booking_id", "")) // want `tool "extend_booking" is not idempotent but writes to an SQL database`
	})
}
