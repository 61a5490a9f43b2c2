// Package usesendkey names no key at all: only sendkey's KeyParams fact
// says that the argument it passes is one.
package usesendkey

import (
	"net/http"

	"github.com/google/uuid"

	"example.com/freshkey/sendkey"
)

// Fresh makes the key inside the loop.
func Fresh(c *http.Client, url string) error { // want Fresh:"keyParams\\(made Idempotency\\-Key\\)"
	var err error
	for i := 0; i < 3; i++ {
		if err = sendkey.Post(c, url, nil, uuid.NewString()); err == nil { // want `idempotency key "Idempotency-Key" is made anew on every attempt of this retry loop`
			return nil
		}
	}
	return err
}

// Stable makes it once, before the loop.
func Stable(c *http.Client, url string) error { // want Stable:"keyParams\\(made Idempotency\\-Key\\)"
	k := uuid.NewString()
	var err error
	for i := 0; i < 3; i++ {
		if err = sendkey.Post(c, url, nil, k); err == nil {
			return nil
		}
	}
	return err
}
