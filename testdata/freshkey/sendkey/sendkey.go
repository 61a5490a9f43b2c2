// Package sendkey sends a key it is given under a header name that only
// its function body spells: no key name in its declarations, so no Vocab
// fact, but a KeyParams fact.
package sendkey

import (
	"bytes"
	"net/http"
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
