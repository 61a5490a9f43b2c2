// Package indirect reads a key through a type of a package it does not
// import: keytypes' Vocab fact reaches it through middle.
package indirect

import "example.com/effects/vocab/middle"

func Check(b []byte) bool { // want Check:"keyread\\(idempotency_key from 0\\)"
	return middle.Decode(b).Ref != ""
}

func Name(b []byte) string { return middle.Decode(b).Name }
