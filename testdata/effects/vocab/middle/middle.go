// Package middle hands out keytypes' input.
package middle

import "example.com/effects/vocab/keytypes"

// Decode returns the input.
func Decode(b []byte) keytypes.Input { return keytypes.Input{Name: string(b)} }
