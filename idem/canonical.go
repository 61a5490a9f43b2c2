package idem

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
)

// Canonical returns a canonical encoding of the JSON value data: object
// keys sorted, no insignificant space, strings re-escaped one way, and
// numbers by value, so that 1, 1.0, 1e0 and 10e-1 encode alike and
// integers above 2^53 stay exact. An integral number is written as an
// integer; any other number as an exact reduced fraction n/d, which makes
// the output not JSON, only a key to compare. Empty input and null encode
// as {} (a call without arguments). Keys named in drop are left out of the
// top-level object (the idempotency key argument itself).
func Canonical(data []byte, drop ...string) ([]byte, error) {
	data = bytes.TrimSpace(data)
	if len(data) == 0 || string(data) == "null" {
		return []byte("{}"), nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("idem: arguments are not valid JSON: %v", err)
	}
	if _, err := dec.Token(); err == nil {
		return nil, errors.New("idem: arguments hold more than one JSON value")
	}
	if m, ok := v.(map[string]any); ok && len(drop) > 0 {
		for _, k := range drop {
			delete(m, k)
		}
	}
	var buf bytes.Buffer
	if err := writeCanonical(&buf, v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func writeCanonical(buf *bytes.Buffer, v any) error {
	switch v := v.(type) {
	case nil:
		buf.WriteString("null")
	case bool:
		buf.WriteString(strconv.FormatBool(v))
	case string:
		b, err := json.Marshal(v)
		if err != nil {
			return err
		}
		buf.Write(b)
	case json.Number:
		s, err := canonicalNumber(string(v))
		if err != nil {
			return err
		}
		buf.WriteString(s)
	case []any:
		buf.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				buf.WriteByte(',')
			}
			if err := writeCanonical(buf, e); err != nil {
				return err
			}
		}
		buf.WriteByte(']')
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		buf.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				buf.WriteByte(',')
			}
			b, err := json.Marshal(k)
			if err != nil {
				return err
			}
			buf.Write(b)
			buf.WriteByte(':')
			if err := writeCanonical(buf, v[k]); err != nil {
				return err
			}
		}
		buf.WriteByte('}')
	default:
		return fmt.Errorf("idem: unexpected JSON value of type %T", v)
	}
	return nil
}

// maxExponent and maxDigits bound the numbers that Canonical compares by
// value, so that a hostile 1e999999999 cannot make big.Rat allocate
// gigabytes. A number past them is kept as written: equal values written
// differently then count as different arguments (a conflict), never the
// reverse.
const (
	maxExponent = 1000
	maxDigits   = 1000
)

// canonicalNumber returns the canonical form of the JSON number s.
func canonicalNumber(s string) (string, error) {
	if len(s) > maxDigits {
		return "#" + s, nil
	}
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		e, err := strconv.Atoi(strings.TrimPrefix(s[i+1:], "+"))
		if err != nil || e > maxExponent || e < -maxExponent {
			return "#" + s, nil
		}
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return "", fmt.Errorf("idem: bad number %q", s)
	}
	if r.IsInt() {
		return r.Num().String(), nil
	}
	return r.Num().String() + "/" + r.Denom().String(), nil
}

// Fingerprint identifies a call by its tool name and its canonical
// arguments (see Canonical), leaving out the top-level arguments named in
// drop. Two calls with the same fingerprint do the same thing; a key sent
// again with another fingerprint is a conflict.
func Fingerprint(tool string, args []byte, drop ...string) (string, error) {
	c, err := Canonical(args, drop...)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	h.Write([]byte(tool))
	h.Write([]byte{0})
	h.Write(c)
	return hex.EncodeToString(h.Sum(nil)), nil
}
