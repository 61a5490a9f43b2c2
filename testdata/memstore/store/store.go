// Package store keeps notes behind an interface, in a module whose path
// has no dot (module memstore): its packages are not the standard
// library's, and the interface's implementations beside it decide.
package store

import (
	"encoding/json"
	"os"
)

// Store keeps notes.
type Store interface {
	Add(title, body string) error
	List() ([]string, error)
	Replace(notes []string) error
}

// New returns the store of the file at path.
func New(path string) Store { return &fileStore{path: path} }

type fileStore struct{ path string }

func (f *fileStore) Add(title, body string) error {
	notes, err := f.load()
	if err != nil {
		return err
	}
	notes = append(notes, title+": "+body)
	data, err := json.Marshal(notes)
	if err != nil {
		return err
	}
	return os.WriteFile(f.path, data, 0o600)
}

func (f *fileStore) List() ([]string, error) { return f.load() }

func (f *fileStore) Replace(notes []string) error {
	data, err := json.Marshal(notes)
	if err != nil {
		return err
	}
	return os.WriteFile(f.path, data, 0o600)
}

func (f *fileStore) load() ([]string, error) {
	data, err := os.ReadFile(f.path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var notes []string
	err = json.Unmarshal(data, &notes)
	return notes, err
}
