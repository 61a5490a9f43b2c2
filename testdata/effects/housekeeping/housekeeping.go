// Package housekeeping writes where a retry repeats nothing that matters:
// temporary and cache paths, standard streams, lock files. A safe twin of
// each writes a real file.
package housekeeping

import (
	"fmt"
	"os"
	"path/filepath"
)

func CacheFile(key string, b []byte) error { // ok: under os.UserCacheDir
	dir, err := os.UserCacheDir()
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "app", key), b, 0o644)
}

func ConfigFile(b []byte) error { // want ConfigFile:`effect\(file write: os.WriteFile\)`
	dir, err := os.UserConfigDir()
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "app.json"), b, 0o644)
}

// newScratch returns a temporary directory, or "" on error.
func newScratch() (string, error) {
	dir, err := os.MkdirTemp("", "scratch-*")
	if err != nil {
		return "", err
	}
	return dir, nil
}

func Scratch(b []byte) error { // ok: the package's own temp-making function
	dir, err := newScratch()
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	return os.WriteFile(filepath.Join(dir, "f"), b, 0o644)
}

// newOut returns a directory that is not temporary.
func newOut() (string, error) {
	if _, err := os.Stat("out"); err != nil {
		return "", err
	}
	return "out", nil
}

func Out(b []byte) error { // want Out:`effect\(file write`
	dir, err := newOut()
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "f"), b, 0o644)
}

type cachedEntry struct{ path string }

type Server struct {
	entries map[string]cachedEntry
	outDir  string
}

func (s *Server) Evict(key string) error { // ok: a path owned by a cache entry
	e := s.entries[key]
	delete(s.entries, key)
	return os.RemoveAll(e.path)
}

func (s *Server) Purge() error { // want Purge:`effect\(file write: os.RemoveAll\)`
	return os.RemoveAll(s.outDir)
}

// DiskCache stores entries in files.
type DiskCache struct{ dir string }

func (c *DiskCache) Put(key string, b []byte) error { // ok: a cache type's file
	return os.WriteFile(filepath.Join(c.dir, key), b, 0o644)
}

// Store stores entries in files.
type Store struct{ dir string }

func (s *Store) Put(key string, b []byte) error { // want Put:`effect\(file write`
	return os.WriteFile(filepath.Join(s.dir, key), b, 0o644)
}

func Lock(dir string) error { // ok: a lock file
	lockPath := filepath.Join(dir, "app.lock")
	return os.WriteFile(lockPath, nil, 0o600)
}

func IndexFile(dir string, b []byte) error { // ok: a local index
	indexPath := filepath.Join(dir, "index.json")
	return os.WriteFile(indexPath, b, 0o644)
}

// logf writes to the file it is given.
func logf(w *os.File, format string, args ...any) { // want logf:`effect\(file write: fmt.Fprintf \[file \$1\]\)`
	fmt.Fprintf(w, format, args...)
}

func Warn(msg string) { // ok: the file is os.Stderr at this call
	logf(os.Stderr, "warning: %s\n", msg)
}

func Record(f *os.File, msg string) { // want Record:`effect\(file write: fmt.Fprintf \[file \$1\]\)`
	logf(f, "%s\n", msg)
}

func Journal(msg string) error { // want Journal:`effect\(file write`
	f, err := os.OpenFile("journal", os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	logf(f, "%s\n", msg)
	return nil
}

func Report(msg string) { // ok: os.Stdout through two helpers
	Record(os.Stdout, msg)
}

// OpenJournal opens an append-only file outside a log package, at the
// path each caller gives: the callers decide whether it is temporary.
func OpenJournal(path string) (*os.File, error) { // want OpenJournal:`effect\(file write: os.OpenFile \[file \$1\]\)`
	return os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
}

// FixedJournal opens the journal at a fixed path: a real write.
func FixedJournal() (*os.File, error) { // want FixedJournal:`effect\(file write: os.OpenFile via housekeeping.OpenJournal\)`
	return OpenJournal("journal.log")
}

// ScratchJournal opens it in the temporary directory: no effect, and
// what its callers of other packages write there is housekeeping too.
func ScratchJournal() (*os.File, error) { // want ScratchJournal:"tempResult"
	return OpenJournal(filepath.Join(os.TempDir(), "journal.log"))
}

// writeIndex writes the index into the directory it is given.
func writeIndex(dir string, b []byte) error { // want writeIndex:`effect\(file write: os.WriteFile \[file \$1\]\)`
	return os.WriteFile(filepath.Join(dir, "index.json"), b, 0o644)
}

// CacheIndex writes it into the cache directory.
func CacheIndex(b []byte) error { // ok: under os.UserCacheDir, through a helper
	dir, err := os.UserCacheDir()
	if err != nil {
		return err
	}
	return writeIndex(dir, b)
}

// ExportIndex writes it into a directory of the caller's.
func ExportIndex(dir string, b []byte) error { // want ExportIndex:`effect\(file write: os.WriteFile \[file \$1\]\)`
	return writeIndex(dir, b)
}

// PublishIndex writes it into a fixed directory.
func PublishIndex(b []byte) error { // want PublishIndex:`effect\(file write: os.WriteFile via housekeeping.writeIndex\)`
	return writeIndex("/srv/www", b)
}

// Decode is an OpenAPI-generated client's response decoder: a caller
// asking for a file gets the body in a new temporary file, through the
// pointer it passed.
func Decode(v any, b []byte) (err error) { // ok: a temporary file, through a pointer
	if f, ok := v.(**os.File); ok {
		*f, err = os.CreateTemp("", "HttpClientFile")
		if err != nil {
			return
		}
		_, err = (*f).Write(b)
		return
	}
	return nil
}

// Keep writes the body into the file its caller's pointer names.
func Keep(f **os.File, b []byte) error { // want Keep:`effect\(file write: \(\*os.File\).Write\)`
	_, err := (*f).Write(b)
	return err
}
