// Package reader names no key in its own declarations: its key reads go
// through the names keytypes declares.
package reader

import (
	"net/http"

	"example.com/effects/vocab/keytypes"
)

func CheckRef(in keytypes.Input) bool { // want CheckRef:"keyread\\(idempotency_key from 0\\)"
	return in.Ref != ""
}

func CheckDescribed(in keytypes.Input) bool { // want CheckDescribed:"keyread\\(Dedu from 0\\)"
	return in.Dedu != ""
}

func HeaderKey(h http.Header) string { // want HeaderKey:"keyread\\(Idempotency-Key from 0\\)"
	return h.Get(keytypes.Header)
}

// Name reads no key.
func Name(in keytypes.Input) string { return in.Name }
