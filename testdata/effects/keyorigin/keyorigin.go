// want package:"vocab"

// Package keyorigin has key-reading helpers: their KeyRead facts say
// which parameter the key comes from, and a key of the function's own
// state (a credential in a config, an environment variable) is no read.
package keyorigin

import (
	"net/http"
	"os"
)

// FromArgs reads the key from the arguments it is given.
func FromArgs(args map[string]any) string { // want FromArgs:"keyread\\(idempotency_key from 0\\)"
	s, _ := args["idempotency_key"].(string)
	return s
}

// FromHeader reads the key from the request's headers, through a local.
func FromHeader(name string, r *http.Request) string { // want FromHeader:"keyread\\(Idempotency-Key from 1\\)"
	h := r.Header
	return h.Get("Idempotency-Key")
}

// Check passes its argument to a key reader of the package.
func Check(args map[string]any) bool { // want Check:"keyread\\(idempotency_key from 0\\)"
	return FromArgs(args) != ""
}

type Config struct {
	ClientToken string // a credential
}

var global Config

// Token returns the receiver's credential: from the receiver, which a
// caller's own state passes.
func (c *Config) Token() string { // want Token:"keyread\\(ClientToken from recv\\)"
	return c.ClientToken
}

// GlobalToken reads a package-level configuration: no fact.
func GlobalToken() string {
	return global.ClientToken
}

// EnvToken reads the environment: no fact.
func EnvToken() string {
	return os.Getenv("CLIENT_TOKEN")
}

// Stored passes a key of its own to a reader: no fact.
func Stored() bool {
	return FromArgs(map[string]any{"idempotency_key": "fixed"}) != ""
}
