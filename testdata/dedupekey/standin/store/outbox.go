package store

import (
	"context"
	"errors"
	"os"
	"testing"
)

// Outbox sends messages.
type Outbox interface {
	Send(ctx context.Context, to string) error
}

// FileOutbox appends each message to a spool file.
type FileOutbox struct{ Path string }

func (o *FileOutbox) Send(ctx context.Context, to string) error {
	f, err := os.OpenFile(o.Path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.WriteString(to + "\n")
	return err
}

// Recorder serves the tests of other packages: it holds their *testing.T.
type Recorder struct {
	T    *testing.T
	Sent bool
}

func (r *Recorder) Send(ctx context.Context, to string) error {
	r.T.Logf("send to %s", to)
	r.Sent = true
	return nil
}

// UnimplementedOutbox is embedded by outboxes that do not send yet: it
// only fails.
type UnimplementedOutbox struct{}

func (UnimplementedOutbox) Send(context.Context, string) error {
	return errors.New("Outbox.Send is unimplemented")
}
