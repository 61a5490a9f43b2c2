package analysisutil

import "strings"

// StdPath reports whether an import path has the form of a standard
// library package's: its first element has no dot. A module may be named
// without one too (see InModule).
func StdPath(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// InModule reports whether the package at path belongs to module mod (by
// its path: mod itself or below it). It builds no string.
func InModule(mod, path string) bool {
	return path == mod || len(path) > len(mod) && path[len(mod)] == '/' && path[:len(mod)] == mod
}
