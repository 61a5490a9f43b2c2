// Package errs is a project's own error helpers, used by the stand-ins
// of another package.
package errs

import "os"

// MissingError says a function field was not set.
type MissingError struct{ Name string }

func (e *MissingError) Error() string { return e.Name + " not set" }

// Missing makes the error: no effect.
func Missing(name string) error { return &MissingError{Name: name} }

// Report writes the error to a file: an effect.
func Report(name string) error { // want Report:`effect\(file write: os.WriteFile\)`
	return os.WriteFile("/var/log/missing", []byte(name), 0o644)
}
