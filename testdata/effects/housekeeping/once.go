package housekeeping

import (
	"os"
	"sync"
)

// LazyStore sets itself up lazily, once a process: a retried call does not
// set it up again.
type LazyStore struct {
	once sync.Once
	dir  string
	err  error
}

func (s *LazyStore) init() error {
	s.once.Do(func() {
		s.err = os.WriteFile(s.dir+"/VERSION", []byte("1"), 0o644)
	})
	return s.err
}

// Get reads after the set-up: no effect of its own.
func (s *LazyStore) Get(name string) ([]byte, error) {
	if err := s.init(); err != nil {
		return nil, err
	}
	return os.ReadFile(s.dir + "/" + name)
}

// Reset writes the same file on every call.
func (s *LazyStore) Reset() error { // want Reset:`effect\(file write: os.WriteFile\)`
	return os.WriteFile(s.dir+"/VERSION", []byte("1"), 0o644)
}

// version is made by a function sync.OnceValue runs once.
var version = sync.OnceValue(func() error {
	return os.WriteFile("/var/lib/app/VERSION", []byte("1"), 0o644)
})

// Version reads the value: no effect.
func Version() error { return version() }
