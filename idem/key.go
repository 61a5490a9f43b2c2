package idem

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"unicode"
	"unicode/utf8"
)

// DefaultMetaKey is the _meta entry of a tools/call request that carries
// the idempotency key, unless Options.MetaKey or ClientOptions.MetaKey
// says otherwise.
const DefaultMetaKey = "idempotency_key"

// DefaultArgumentKey is the tool argument the server middleware reads the
// key from when _meta has none, unless Options.ArgumentKey says otherwise.
const DefaultArgumentKey = "idempotency_key"

// MaxKeyLen is the longest idempotency key accepted, in bytes.
const MaxKeyLen = 255

// NewKey returns a new random idempotency key: 32 hex digits (128 bits
// from crypto/rand). Make one per logical call, before the first attempt,
// and send the same key with every attempt.
func NewKey() string {
	var b [16]byte
	rand.Read(b[:]) // never fails (crypto/rand panics if the OS source does)
	return hex.EncodeToString(b[:])
}

// ValidateKey checks that key is usable as an idempotency key: 1 to
// MaxKeyLen bytes of UTF-8 without control characters.
func ValidateKey(key string) error {
	switch {
	case key == "":
		return fmt.Errorf("idem: empty idempotency key")
	case len(key) > MaxKeyLen:
		return fmt.Errorf("idem: idempotency key of %d bytes, longer than %d", len(key), MaxKeyLen)
	case !utf8.ValidString(key):
		return fmt.Errorf("idem: idempotency key is not valid UTF-8")
	}
	for _, r := range key {
		if unicode.IsControl(r) {
			return fmt.Errorf("idem: idempotency key contains the control character %U", r)
		}
	}
	return nil
}

// ExtractKey returns the idempotency key of a call: the string in
// meta[metaKey] or, when that is absent, the string argument argKey of the
// top-level arguments object. An empty metaKey or argKey skips that
// carrier. It returns "" and no error when the call carries no key (or an
// empty string), and an error when a carrier holds something other than a
// string, or both carry different keys.
func ExtractKey(meta map[string]any, args []byte, metaKey, argKey string) (string, error) {
	var fromMeta, fromArgs string
	if metaKey != "" {
		if v, ok := meta[metaKey]; ok && v != nil {
			s, ok := v.(string)
			if !ok {
				return "", fmt.Errorf("idem: _meta %q must be a string, not %T", metaKey, v)
			}
			fromMeta = s
		}
	}
	if argKey != "" {
		args = bytes.TrimSpace(args)
		if len(args) > 0 && args[0] == '{' {
			var obj map[string]json.RawMessage
			if err := json.Unmarshal(args, &obj); err != nil {
				return "", fmt.Errorf("idem: arguments are not a valid JSON object: %v", err)
			}
			if raw, ok := obj[argKey]; ok && string(raw) != "null" {
				if err := json.Unmarshal(raw, &fromArgs); err != nil {
					return "", fmt.Errorf("idem: argument %q must be a string, not %s", argKey, raw)
				}
			}
		}
	}
	if fromMeta != "" && fromArgs != "" && fromMeta != fromArgs {
		return "", fmt.Errorf("idem: _meta %q and argument %q carry different idempotency keys", metaKey, argKey)
	}
	if fromMeta != "" {
		return fromMeta, nil
	}
	return fromArgs, nil
}
