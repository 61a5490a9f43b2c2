// Package sendkey sends a key it is given under a header name that only
// its function body spells: no key name in its declarations, so no Vocab
// fact, but a KeyParams fact.
package sendkey

import (
	"bytes"
	"net/http"

	"github.com/google/uuid"
)

// Post sends body with k as its dedupe key.
func Post(c *http.Client, url string, body []byte, k string) error { // want Post:"keyParams\\(3:Idempotency-Key\\)"
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", k)
	_, err = c.Do(req)
	return err
}

// PostNew makes its own key on every call: a caller that retries it sends
// a new key on every attempt.
func PostNew(c *http.Client, url string, body []byte) error { // want PostNew:"keyParams\\(made Idempotency-Key\\)"
	return Post(c, url, body, uuid.NewString())
}

// PostOr makes a key only when the caller has none: a fallback, not a key
// made on every call.
func PostOr(c *http.Client, url string, body []byte, k string) error { // want PostOr:"keyParams\\(3:Idempotency-Key\\)"
	if k == "" {
		k = uuid.NewString()
	}
	return Post(c, url, body, k)
}
