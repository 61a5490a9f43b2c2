package housekeeping

import (
	"os"

	"example.com/effects/housekeeping/paths"
)

// newStore makes the directory it is given.
func newStore(dir string) error { // want newStore:`effect\(file write: os.MkdirAll \[file \$1\]\)`
	return os.MkdirAll(dir, 0o755)
}

// Images makes a directory that another package's function puts under
// the temporary directory: housekeeping.
func Images() error { // ok: under os.TempDir, by another package
	return newStore(paths.ImagesDir())
}

// Data makes the application's data directory: a write.
func Data() error { // want Data:`effect\(file write: os.MkdirAll via housekeeping.newStore\)`
	return newStore(paths.DataDir())
}
