// Package paths names the directories the housekeeping package writes
// to.
package paths

import (
	"os"
	"path/filepath"
)

// ImagesDir is a directory under the temporary directory.
func ImagesDir() string { return filepath.Join(os.TempDir(), "app", "images") } // want ImagesDir:"tempResult"

// DataDir is where the application keeps its data: no housekeeping.
func DataDir() string { return filepath.Join("/var/lib", "app") }
