// Package notify implements model.Notifier twice: a file and an
// in-memory log, either of which main may wire in.
package notify

import "os"

type File struct{ Path string }

func (f *File) Notify(msg string) error {
	return os.WriteFile(f.Path, []byte(msg), 0o644)
}

type Memory struct{ Msgs []string }

func (m *Memory) Notify(msg string) error {
	m.Msgs = append(m.Msgs, msg)
	return nil
}
