// Package store declares a ledger interface, its real implementation, and
// the hand-written stand-ins the project's tests use beside it.
package store

import (
	"context"
	"errors"
	"os"
)

// Ledger records charges.
type Ledger interface {
	Charge(ctx context.Context, account string) error
	Refund(ctx context.Context, account string) error
}

// File is the real ledger: it appends to a file.
type File struct{ Path string }

func (l *File) Charge(ctx context.Context, account string) error {
	f, err := os.OpenFile(l.Path, os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.WriteString("charge " + account + "\n")
	return err
}

func (l *File) Refund(ctx context.Context, account string) error {
	f, err := os.OpenFile(l.Path, os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.WriteString("refund " + account + "\n")
	return err
}

// Func is a stand-in whose methods call function-valued fields.
type Func struct {
	ChargeFn func(ctx context.Context, account string) error
	RefundFn func(ctx context.Context, account string) error
}

func (f *Func) Charge(ctx context.Context, account string) error {
	if f.ChargeFn == nil {
		return errors.New("ChargeFn not set")
	}
	return f.ChargeFn(ctx, account)
}

func (f *Func) Refund(ctx context.Context, account string) error {
	return f.RefundFn(ctx, account)
}

// Logging wraps another ledger: Charge forwards to it, Refund is promoted
// from the embedded interface.
type Logging struct {
	Ledger
	Lines int
}

func (l *Logging) Charge(ctx context.Context, account string) error {
	return l.Ledger.Charge(ctx, account)
}

// Notes has the real ledger and an in-memory twin that commits nothing:
// calls through it stay unknown.
type Notes interface {
	Note(account string) error
}

type FileNotes struct{ Path string }

func (n *FileNotes) Note(account string) error {
	return os.WriteFile(n.Path, []byte(account), 0o644)
}

type MemNotes struct{ Lines []string }

func (m *MemNotes) Note(account string) error {
	m.Lines = append(m.Lines, account)
	return nil
}

// Journal has the real implementation and a fake the tests use, which
// keeps lines in memory: named as a test double, it does not make the
// call unknown (MemNotes above, an in-memory twin not so named, does).
type Journal interface {
	Record(line string) error
}

type FileJournal struct{ Path string }

func (j *FileJournal) Record(line string) error {
	f, err := os.OpenFile(j.Path, os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.WriteString(line + "\n")
	return err
}

// FakeJournal is a fake Journal for tests.
type FakeJournal struct{ Lines []string }

func (j *FakeJournal) Record(line string) error {
	j.Lines = append(j.Lines, line)
	return nil
}

// Tickets has the real implementation and a demo one in its own package
// (demo.Tickets): the demo does not make the call unknown.
type Tickets interface {
	Open(ctx context.Context, subject string) (int, error)
}

type FileTickets struct{ Path string }

func (t *FileTickets) Open(ctx context.Context, subject string) (int, error) {
	f, err := os.OpenFile(t.Path, os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	_, err = f.WriteString(subject + "\n")
	return 0, err
}
