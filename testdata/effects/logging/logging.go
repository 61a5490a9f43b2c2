// Package logging is a project's own log sink: its file writes are logs.
package logging

import "os"

func Open(path string) (*os.File, error) { // ok: a log package
	return os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
}
