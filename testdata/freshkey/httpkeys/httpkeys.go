// Package httpkeys sends keys in HTTP headers from retry loops.
package httpkeys

import (
	"bytes"
	"net/http"
	"time"

	"github.com/google/uuid"
)

// HeaderSet sets Idempotency-Key per attempt.
func HeaderSet(c *http.Client, url string, body []byte) (*http.Response, error) { // want HeaderSet:"keyParams\\(made Idempotency\\-Key\\)"
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		req.Header.Set("Idempotency-Key", uuid.NewString()) // want `idempotency key "Idempotency-Key" is made anew on every attempt of this retry loop`
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
		lastErr = err
		time.Sleep(time.Second)
	}
	return nil, lastErr
}

// HeaderSetStable sets a key made before the loop.
func HeaderSetStable(c *http.Client, url string, body []byte) (*http.Response, error) { // want HeaderSetStable:"keyParams\\(made Idempotency\\-Key\\)"
	var lastErr error
	key := uuid.NewString()
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		req.Header.Set("Idempotency-Key", key)           // ok: stable
		req.Header.Set("X-Request-Id", uuid.NewString()) // ok: a correlation id
		req.Header.Set("Traceparent", uuid.NewString())  // ok: not a key
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
		lastErr = err
	}
	return nil, lastErr
}

// HeaderAdd adds X-Idempotency-Key per attempt.
func HeaderAdd(c *http.Client, url string) error { // want HeaderAdd:"keyParams\\(made X\\-Idempotency\\-Key\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := http.NewRequest(http.MethodPost, url, nil)
		k := uuid.New()                                 // want `idempotency key "X-Idempotency-Key" is made anew`
		req.Header.Add("X-Idempotency-Key", k.String()) // the slot
		if _, err = c.Do(req); err == nil {
			return nil
		}
	}
	return err
}

// HeaderLiteral builds the header map with a fresh key.
func HeaderLiteral(c *http.Client, url string) error { // want HeaderLiteral:"keyParams\\(made Paypal\\-Request\\-Id\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := http.NewRequest(http.MethodPost, url, nil)
		req.Header = http.Header{"Paypal-Request-Id": {uuid.NewString()}} // want `idempotency key "Paypal-Request-Id" is made anew`
		if _, err = c.Do(req); err == nil {
			return nil
		}
	}
	return err
}

// HeaderIndex assigns the header by index.
func HeaderIndex(c *http.Client, url string, key string) error { // want HeaderIndex:"keyParams\\(2:Idempotency\\-Key; made Repeatability\\-Request\\-ID\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := http.NewRequest(http.MethodPost, url, nil)
		req.Header["Repeatability-Request-ID"] = []string{uuid.NewString()} // want `idempotency key "Repeatability-Request-ID" is made anew`
		req.Header["Idempotency-Key"] = []string{key}                       // ok: stable
		if _, err = c.Do(req); err == nil {
			return nil
		}
	}
	return err
}
