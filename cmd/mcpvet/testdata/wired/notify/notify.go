// Package notify sends and archives notifications. Its implementations
// are picked by name from a registry its init function fills, so the
// unexported ones appear in no exported declaration and no inlinable
// body: go vet's export data for the package leaves them out, and an
// importer sees them only through the package's Hidden fact.
package notify

import (
	"context"
	"fmt"
	"os"
)

// Notifier delivers a message.
type Notifier interface {
	Notify(ctx context.Context, msg string) error
}

// Archiver keeps a message.
type Archiver interface {
	Archive(ctx context.Context, msg string) error
}

var (
	notifiers = map[string]func(string) Notifier{}
	archivers = map[string]func(string) Archiver{}
)

func init() {
	notifiers["file"] = func(path string) Notifier { return &fileNotifier{path: path} }
	archivers["file"] = func(path string) Archiver { return &FileArchiver{Path: path} }
	archivers["memory"] = func(string) Archiver { return &memArchiver{} }
}

// NewNotifier returns the Notifier of the kind named.
func NewNotifier(kind, path string) (Notifier, error) {
	mk, ok := notifiers[kind]
	if !ok {
		return nil, fmt.Errorf("notify: no notifier %q", kind)
	}
	return mk(path), nil
}

// NewArchiver returns the Archiver of the kind named.
func NewArchiver(kind, path string) (Archiver, error) {
	mk, ok := archivers[kind]
	if !ok {
		return nil, fmt.Errorf("notify: no archiver %q", kind)
	}
	return mk(path), nil
}

type fileNotifier struct{ path string }

func (f *fileNotifier) Notify(ctx context.Context, msg string) error {
	return appendLine(f.path, msg)
}

// FileArchiver appends each message to a file.
type FileArchiver struct{ Path string }

func (f *FileArchiver) Archive(ctx context.Context, msg string) error {
	return appendLine(f.Path, msg)
}

// memArchiver keeps the messages in memory: it commits nothing.
type memArchiver struct{ msgs []string }

func (m *memArchiver) Archive(ctx context.Context, msg string) error {
	if len(m.msgs) > 100 {
		m.msgs = m.msgs[1:]
	}
	m.msgs = append(m.msgs, msg)
	return nil
}

func appendLine(path, line string) error {
	out, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer out.Close()
	_, err = fmt.Fprintln(out, line)
	return err
}
