package analysisutil

import "strings"

// StdPath reports whether an import path is a standard library
// package's: its first element is one of the standard library's
// top-level directories (stdRoots). A module may be named without a dot
// too (module memory-mcp-server-go): its packages are not the standard
// library's.
func StdPath(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return stdRoots[first]
}

// stdRoots are the first elements of the standard library's import
// paths (go list std), and cgo's "C". TestStdRoots keeps the list in
// step with the Go release the tests run on.
var stdRoots = map[string]bool{
	"C": true, "archive": true, "bufio": true, "bytes": true, "cmp": true, "compress": true,
	"container": true, "context": true, "crypto": true, "database": true, "debug": true,
	"embed": true, "encoding": true, "errors": true, "expvar": true, "flag": true, "fmt": true,
	"go": true, "hash": true, "html": true, "image": true, "index": true, "internal": true,
	"io": true, "iter": true, "log": true, "maps": true, "math": true, "mime": true, "net": true,
	"os": true, "path": true, "plugin": true, "reflect": true, "regexp": true, "runtime": true,
	"slices": true, "sort": true, "strconv": true, "strings": true, "structs": true, "sync": true,
	"syscall": true, "testing": true, "text": true, "time": true, "unicode": true, "unique": true,
	"unsafe": true, "vendor": true, "weak": true,
}

// InModule reports whether the package at path belongs to module mod (by
// its path: mod itself or below it). It builds no string.
func InModule(mod, path string) bool {
	return path == mod || len(path) > len(mod) && path[len(mod)] == '/' && path[:len(mod)] == mod
}
